"""``manage.py restore FILE``: load a ``manage.py backup`` file into an empty database."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game


class Command(BaseCommand):
    help = (
        "Load a file written by `manage.py backup` into this database, which must be empty "
        "(run `manage.py migrate` on a new database first). All or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup file (.json or .json.gz)")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        if not path.endswith((".json", ".json.gz")):
            raise CommandError(f"{path} is not a backup: its name ends in .json or .json.gz.")
        for model in (get_user_model(), Crew, Game):
            if model.objects.exists():
                raise CommandError(
                    "Refused: this database already holds users, crews or games. Restore into "
                    "a new database: create it, run `manage.py migrate`, then restore."
                )
        with transaction.atomic():
            # loaddata keeps every id and resets PostgreSQL's sequences after the load.
            call_command("loaddata", path, verbosity=0)
        counts = ", ".join(
            f"{model.objects.count():,} {label}"
            for model, label in ((get_user_model(), "users"), (Crew, "crews"), (Game, "games"))
        )
        self.stderr.write(f"Restored {path}: {counts}.")
