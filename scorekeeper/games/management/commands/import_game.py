import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scorekeeper.domain import RuleError
from scorekeeper.games.game_files import default_crew, export_game, import_game


class DryRun(Exception):
    """Raised inside the transaction so a dry run rolls back everything it wrote."""


class Command(BaseCommand):
    help = "Store a scorekeeper-game/1 file (or - for standard input) and print the game's id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to a JSON game file, or - for standard input")
        parser.add_argument("--crew", help="crew name (created if needed)")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="print the game as export_game would after the import, and save nothing",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        data = _read_json(options["file"])
        exported = None
        try:
            with transaction.atomic():
                crew = default_crew(options["crew"])
                game = import_game(crew=crew, data=data)
                if options["dry_run"]:
                    exported = export_game(game)
                    raise DryRun
        except DryRun:
            self.stdout.write(json.dumps(exported, indent=2, ensure_ascii=False))
            return
        except RuleError as error:
            raise CommandError(f"Refused: {error}") from None
        self.stdout.write(str(game.pk))


def _read_json(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not UTF-8 text.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"Refused: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})."
        ) from None
