from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scorekeeper.domain import RuleError
from scorekeeper.gamefiles.bgstats import import_bgstats
from scorekeeper.gamefiles.files import default_crew

from .import_game import _read


class Command(BaseCommand):
    help = (
        "Store the UNO plays of a BG Stats export file (BGStatsExport.json; - for standard "
        "input) as the crew's games, with their final totals and winners. Plays already here "
        "and plays of other games are skipped and reported; a refused file stores nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to a BG Stats export, or - for standard input")
        parser.add_argument("--crew", help="crew name (created if needed)")

    def handle(self, *args: Any, **options: Any) -> None:
        data = _read(options["file"])
        try:
            with transaction.atomic():  # a refused file leaves no new crew behind either
                report = import_bgstats(crew=default_crew(options["crew"]), data=data)
        except RuleError as error:
            raise CommandError(f"Refused: {error}") from None
        for game in report.stored:
            self.stdout.write(str(game.pk))
        self.stderr.write(report.summary())
