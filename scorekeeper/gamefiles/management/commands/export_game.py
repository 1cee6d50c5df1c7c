import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.gamefiles.files import export_game, export_games
from scorekeeper.games.models import Game


class Command(BaseCommand):
    help = "Print one game (or --all games) as scorekeeper-game/1 JSON."

    def add_arguments(self, parser):
        parser.add_argument("id", nargs="?", type=int, help="the game's id")
        parser.add_argument("--all", action="store_true", help="print a JSON array of every game")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.order_by("pk").with_rounds()
        if options["all"]:
            if options["id"] is not None:
                raise CommandError("Give a game id or --all, not both.")
            payload: Any = export_games(games)
        else:
            if options["id"] is None:
                raise CommandError("Give a game id, or --all for every game.")
            game = games.filter(pk=options["id"]).first()
            if game is None:
                raise CommandError(f"No game with id {options['id']}.")
            payload = export_game(game)
        self.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False))
