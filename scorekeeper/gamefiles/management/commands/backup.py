"""``manage.py backup FILE``: the whole site as one JSON file (``.json.gz`` is compressed).

The file is a Django fixture (``loaddata`` reads it; ``manage.py restore`` checks the
database first), written with every microsecond of every time: Django's own ``dumpdata``
keeps milliseconds only, so a restored row would differ from the one backed up.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
from pathlib import Path
from typing import IO, Any

from django.apps import apps
from django.core import serializers
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction

# Left out: rebuilt by ``migrate`` (content types, permissions), or short-lived and safe to
# lose (sign-in sessions, the login throttle's attempts and lockouts).
EXCLUDED = {"contenttypes", "auth.permission", "sessions", "axes"}


class ExactEncoder(DjangoJSONEncoder):
    """Times with their microseconds (``DjangoJSONEncoder`` cuts them to milliseconds)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, dt.datetime | dt.time):
            return o.isoformat()
        return super().default(o)


def backed_up_models() -> list[type[Any]]:
    """Every model with rows of its own, minus :data:`EXCLUDED`, in an order that loads."""
    app_list = []
    for config in apps.get_app_configs():
        if config.label in EXCLUDED:
            continue
        models = [
            model
            for model in config.get_models()
            if not model._meta.proxy
            and model._meta.managed
            and f"{config.label}.{model._meta.model_name}" not in EXCLUDED
        ]
        if models:
            app_list.append((config, models))
    return serializers.sort_dependencies(app_list, allow_cycles=True)


def write_backup(out: IO[str]) -> int:
    """Write every backed-up row to ``out`` as a JSON fixture; returns the number of rows."""
    rows = 0
    out.write("[")
    for model in backed_up_models():
        objects = model._default_manager.order_by(model._meta.pk.name).iterator(chunk_size=2000)
        for item in serializers.serialize("python", objects, use_natural_foreign_keys=True):
            out.write(",\n" if rows else "\n")
            json.dump(item, out, cls=ExactEncoder, ensure_ascii=False)
            rows += 1
    out.write("\n]\n")
    return rows


class Command(BaseCommand):
    help = (
        "Write the whole site to FILE: users, crews, members, invites, players, nights, "
        "games, rounds, hands, challenges, results and the audit history. A name ending in "
        ".gz is compressed. Restore with `manage.py restore FILE` into an empty database."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write, e.g. /var/backups/scorekeeper.json.gz")

    def handle(self, *args: Any, **options: Any) -> None:
        target = Path(options["file"])
        if not target.name.endswith((".json", ".json.gz")):
            raise CommandError(f"Name the backup file ….json or ….json.gz, not {target.name}.")
        if not target.parent.is_dir():
            raise CommandError(f"No folder {target.parent} to write the backup in.")
        # Written beside the target and moved over it at the end: a failed backup never
        # replaces the last good one with half a file.
        partial = target.with_name(f".{target.name}.partial")
        opener = gzip.open if target.name.endswith(".gz") else open
        outermost = not connection.in_atomic_block  # only then can it choose its isolation
        try:
            with transaction.atomic(), opener(partial, "wt", encoding="utf-8") as out:
                # One snapshot of every table: PostgreSQL reads as of the first query; SQLite's
                # transaction holds writers back meanwhile.
                if connection.vendor == "postgresql" and outermost:
                    connection.cursor().execute(
                        "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"
                    )
                rows = write_backup(out)
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
        self.stderr.write(f"Backed up {rows:,} rows to {target} ({target.stat().st_size:,} bytes).")
