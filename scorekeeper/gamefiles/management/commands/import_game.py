import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scorekeeper.domain import RuleError
from scorekeeper.gamefiles.files import (
    default_crew,
    export_game,
    import_file,
    read_game_file,
)


class DryRun(Exception):
    """Raised inside the transaction so a dry run rolls back everything it wrote."""


class Command(BaseCommand):
    help = (
        "Store a scorekeeper-game/1 file (one game, or the JSON array `export_game --all` "
        "writes; - for standard input) and print each stored game's id. A game the crew "
        "already has (the same id) is skipped and reported."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to a JSON game file, or - for standard input")
        parser.add_argument("--crew", help="crew name (created if needed)")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="print the games as export_game would after the import, and save nothing",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        data = _read(options["file"])
        exported: Any = None
        try:
            with transaction.atomic():
                crew = default_crew(options["crew"])
                report = import_file(crew=crew, data=data)
                if options["dry_run"]:
                    games = [export_game(game) for game in report.games]
                    exported = games if isinstance(data, list) else games[0]
                    raise DryRun
        except DryRun:
            self.stdout.write(json.dumps(exported, indent=2, ensure_ascii=False))
            return
        except RuleError as error:
            raise CommandError(f"Refused: {error}") from None
        skipped = {game.pk for game in report.present}
        for game in report.games:
            if game.pk in skipped:
                self.stdout.write(f"{game.pk} already present in {crew.name}: skipped")
            else:
                self.stdout.write(str(game.pk))
        self.stderr.write(report.summary())


def _read(path: str) -> Any:
    try:
        if path == "-":
            raw: bytes | str = sys.stdin.read()
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
    try:
        # The command line has no upload limit: a whole site's export may be large.
        return read_game_file(raw, path, max_bytes=None)
    except RuleError as error:
        raise CommandError(f"Refused: {error}") from None
