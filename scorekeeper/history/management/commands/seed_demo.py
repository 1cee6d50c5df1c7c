import datetime as dt
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scorekeeper.domain import RuleError
from scorekeeper.domain.evenings import time_zone_or_default, zone
from scorekeeper.gamefiles.files import default_crew, players_by_name
from scorekeeper.games.models import (
    Challenge,
    Crew,
    Game,
    GameNight,
    Hand,
    Membership,
    Player,
    Round,
    Seat,
)
from scorekeeper.games.nights import crew_evening
from scorekeeper.history import ratings
from scorekeeper.history.demo import ROSTER, DemoNight, demo_nights, game_length, night_starts
from scorekeeper.history.stats import refresh_results

DEMO_CREW = "Demo crew"
NIGHT_NAMES = ("", "", "", "Birthday night", "Pizza night", "Rainy evening", "Cabin trip")
# Games are written this many at a time: few round trips, bounded memory.
CHUNK_GAMES = 1000


class Command(BaseCommand):
    help = "Create a realistic history of finished games for a crew (fast: bulk inserts)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=60, help="how many games (default 60)")
        parser.add_argument("--crew", help=f"crew name (default {DEMO_CREW!r}, created if needed)")
        parser.add_argument(
            "--user",
            default="demo",
            help="a user to make a member of the crew; created with a printed password "
            "if missing (default 'demo'); --user '' for none",
        )
        parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["games"] < 1:
            raise CommandError("--games must be at least 1.")
        try:
            crew = default_crew(options["crew"] or DEMO_CREW)
        except RuleError as error:
            raise CommandError(str(error)) from None
        with transaction.atomic():
            players = players_by_name(crew, list(ROSTER))
            # The history ends before the crew's current evening (tonight is theirs to play,
            # and nothing of it may lie after this moment), and before its oldest night so a
            # second run never collides.
            last_night = crew_evening(crew) - dt.timedelta(days=1)
            earliest = crew.nights.order_by("date").values_list("date", flat=True).first()
            if earliest is not None:
                last_night = min(last_night, earliest - dt.timedelta(days=1))
            nights = demo_nights(options["games"], seed=options["seed"], last_night=last_night)
            chunk: list[DemoNight] = []
            for night in nights:
                chunk.append(night)
                if sum(len(n.games) for n in chunk) >= CHUNK_GAMES:
                    _store(crew, players, chunk)
                    chunk = []
            if chunk:
                _store(crew, players, chunk)
            self._member(crew, options["user"])
            # Work out every result and rating now rather than on the first page view.
            refresh_results(crew)
            ratings.rebuild(crew.pk)
        self.stdout.write(f"Seeded {options['games']} games for {crew.name}.")

    def _member(self, crew: Crew, username: str) -> None:
        if not username:
            return
        users = get_user_model()
        user = users.objects.filter(username=username).first()
        if user is None:
            password = secrets.token_urlsafe(9)
            user = users.objects.create_user(username, password=password)
            self.stdout.write(f"Log in as {username!r} with the password {password!r}.")
        Membership.objects.get_or_create(crew=crew, user=user)


def _store(crew: Crew, players: dict[str, Player], nights: list[DemoNight]) -> None:
    """Write a chunk of nights with bulk inserts: one statement per table (and batch)."""
    time_zone = zone(time_zone_or_default(crew.time_zone))
    night_rows = GameNight.objects.bulk_create(
        GameNight(crew=crew, date=night.date, name=NIGHT_NAMES[night.date.toordinal() % 7])
        for night in nights
    )
    games: list[Game] = []
    demo_games = []
    for night, row in zip(nights, night_rows, strict=True):
        for demo, start in zip(night.games, night_starts(night, time_zone), strict=True):
            data = demo.data
            house = data.get("house_rules") or {}
            games.append(
                Game(
                    crew=crew,
                    night=row,
                    edition=data["edition"],
                    scoring=data["scoring"],
                    target=data["target"],
                    status=Game.Status.FINISHED,
                    started_at=start,
                    finished_at=start + game_length(demo),
                    first_dealer=players[data["first_dealer"]],
                    house_rules=house.get("agreed") or {},
                    house_note=house.get("note") or "",
                )
            )
            demo_games.append(demo)
    Game.objects.bulk_create(games)
    seats, rounds, challenges = [], [], []
    for game, demo in zip(games, demo_games, strict=True):
        seats += [
            Seat(crew=crew, game=game, player=players[name], number=number)
            for number, name in enumerate(demo.data["players"])
        ]
        rounds += [
            Round(
                crew=crew,
                game=game,
                number=number,
                winner=players[item["winner"]],
                entry={
                    "winner": players[item["winner"]].pk,
                    "hands": {str(players[n].pk): hand for n, hand in item["hands"].items()},
                    "points": {str(players[n].pk): points for n, (points, _) in stored.items()},
                },
                created_at=game.started_at + dt.timedelta(minutes=3 * number),
            )
            for number, (item, stored) in enumerate(
                zip(demo.data["rounds"], demo.hands, strict=True), start=1
            )
        ]
        challenges += [
            Challenge(
                crew=crew,
                game=game,
                challenger=players[item["challenger"]],
                challenged=players[item["challenged"]],
                colour=item["colour"],
                hand=item["hand"],
                guilty=item["guilty"],
                drawer=players[item["drawer"]],
                cards_drawn=item["cards"],
                created_at=game.started_at + dt.timedelta(minutes=2),
            )
            for item in demo.data.get("challenges", [])
        ]
    Seat.objects.bulk_create(seats)
    Round.objects.bulk_create(rounds)
    Challenge.objects.bulk_create(challenges)
    stored_rounds = (stored for demo in demo_games for stored in demo.hands)
    hands = [
        Hand(crew=crew, round=round_, player=players[name], points=points, cards=cards)
        for round_, stored in zip(rounds, stored_rounds, strict=True)
        for name, (points, cards) in stored.items()
    ]
    Hand.objects.bulk_create(hands)
