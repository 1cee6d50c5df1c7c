import datetime as dt
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scorekeeper.crews.models import Crew, Membership
from scorekeeper.demo.games import ROSTER, DemoNight, demo_nights, game_length, night_starts
from scorekeeper.domain import RuleError
from scorekeeper.domain.evenings import time_zone_or_default, zone
from scorekeeper.gamefiles.files import default_crew, import_file, players_by_name
from scorekeeper.games.nights import crew_evening
from scorekeeper.history import ratings
from scorekeeper.history.stats import refresh_results

DEMO_CREW = "Demo crew"
NIGHT_NAMES = ("", "", "", "Birthday night", "Pizza night", "Rainy evening", "Cabin trip")
# Games are written this many at a time: few round trips, bounded memory.
CHUNK_GAMES = 1000


class Command(BaseCommand):
    help = (
        "Create a realistic history of finished games for a crew, stored like an imported "
        "game file (fast: bulk inserts)."
    )

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
            players_by_name(crew, list(ROSTER))  # the whole roster, in its order
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
                    _store(crew, chunk)
                    chunk = []
            if chunk:
                _store(crew, chunk)
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


def _store(crew: Crew, nights: list[DemoNight]) -> None:
    """Store a chunk of nights through the game-file store, like an imported file: the same
    checks and the same bulk writes as ``import_game`` (one statement per table and batch)."""
    time_zone = zone(time_zone_or_default(crew.time_zone))
    files = []
    for night in nights:
        name = NIGHT_NAMES[night.date.toordinal() % 7]
        for demo, start in zip(night.games, night_starts(night, time_zone), strict=True):
            files.append(
                {
                    **demo.data,
                    "night": {"date": night.date.isoformat(), "name": name},
                    "started_at": start.isoformat(),
                    "finished_at": (start + game_length(demo)).isoformat(),
                    # A round takes three minutes (game_length counts the same).
                    "rounds": [
                        {**item, "at": (start + dt.timedelta(minutes=3 * number)).isoformat()}
                        for number, item in enumerate(demo.data["rounds"], start=1)
                    ],
                    "challenges": [
                        {**item, "at": (start + dt.timedelta(minutes=2)).isoformat()}
                        for item in demo.data.get("challenges", [])
                    ],
                }
            )
    import_file(crew=crew, data=files)
