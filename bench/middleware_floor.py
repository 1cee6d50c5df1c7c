"""The request floor, side by side in one run: `python bench/middleware_floor.py`.

Times, in one process and alternating the targets round by round, many short rounds: each
target's best round (the least disturbed by whatever else runs on the machine; another process
only ever slows a round down) and, for reference, the median round:

- a bare view (one ``HttpResponse``) under Django's default middleware: the unit;
- the same view under this project's middleware: target >= 0.85 of the unit;
- the live board unchanged (a 304 to a phone that polls with its ETag): target >= 0.7;
- the scoreboard of a 20-round game, signed in: target >= 0.045;
- the scoreboard of a 200-round game: no slower than 2x the 20-round one.

Figures are requests per second through Django's request handler (the test client, no
network), so they are ratios of the same machine in the same run; the absolute rates are
printed only to read the ratios by. Prints each figure against its target; exit status 0
always (figures, not a test: this machine is noisy and shared).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

ROUNDS, REQUESTS = 15, 60
DEFAULT_MIDDLEWARE = [  # what `django-admin startproject` writes
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]


def main() -> int:
    data_dir = tempfile.mkdtemp(prefix="scorekeeper-floor-", dir="/tmp")
    os.environ["SCOREKEEPER_DATA_DIR"] = data_dir
    os.environ.pop("DATABASE_URL", None)
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    try:
        return run()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def run() -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import path, reverse

    import scorekeeper.urls
    from tests.factories import GameFactory, MembershipFactory, RoundFactory, UserFactory

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)

    def bare(request):
        return HttpResponse("ok")

    urls = types.ModuleType("floor_urls")
    urls.urlpatterns = [path("bare/", bare), *scorekeeper.urls.urlpatterns]
    sys.modules["floor_urls"] = urls

    member = MembershipFactory(user=UserFactory()).user
    crew = member.memberships.get().crew
    games = {}
    for rounds in (20, 200):
        game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat", "Dee"])
        for number in range(rounds):
            RoundFactory(
                game=game,
                winner=["Ann", "Ben", "Cat", "Dee"][number % 4],
                hands={
                    name: 1
                    for name in ["Ann", "Ben", "Cat", "Dee"]
                    if name != ["Ann", "Ben", "Cat", "Dee"][number % 4]
                },
            )
        games[rounds] = game

    with override_settings(ROOT_URLCONF="floor_urls"):
        with override_settings(MIDDLEWARE=DEFAULT_MIDDLEWARE):
            default = Client()
            default.get("/bare/")  # loads its middleware now, under these settings
        ours = Client()
        member_client = Client()
        member_client.force_login(member)
        live_url = reverse("live:live_board", args=[games[20].share_token])
        etag = ours.get(live_url)["ETag"]

        targets = {
            "bare, default middleware": lambda: default.get("/bare/"),
            "bare, our middleware": lambda: ours.get("/bare/"),
            "live board, unchanged (304)": lambda: ours.get(live_url, HTTP_IF_NONE_MATCH=etag),
            "scoreboard, 20 rounds": lambda: member_client.get(
                reverse("games:game_detail", args=[games[20].pk])
            ),
            "scoreboard, 200 rounds": lambda: member_client.get(
                reverse("games:game_detail", args=[games[200].pk])
            ),
        }
        checks = {
            "bare, default middleware": 200,
            "bare, our middleware": 200,
            "live board, unchanged (304)": 304,
            "scoreboard, 20 rounds": 200,
            "scoreboard, 200 rounds": 200,
        }
        for name, target in targets.items():
            status = target().status_code
            if status != checks[name]:
                print(f"{name}: status {status}, expected {checks[name]}")
                return 1
        rates: dict[str, list[float]] = {name: [] for name in targets}
        for _ in range(ROUNDS):
            for name, target in targets.items():
                count = REQUESTS if "200 rounds" not in name else REQUESTS // 4
                started = time.perf_counter()
                for _ in range(count):
                    target()
                rates[name].append(count / (time.perf_counter() - started))
    rate = {name: max(values) for name, values in rates.items()}
    median = {name: statistics.median(values) for name, values in rates.items()}
    unit = rate["bare, default middleware"]
    print(f"{'target':32} {'req/s':>8} {'ratio':>7} {'median':>7}  goal")
    goals = {
        "bare, default middleware": "(the unit)",
        "bare, our middleware": ">= 0.85",
        "live board, unchanged (304)": ">= 0.70",
        "scoreboard, 20 rounds": ">= 0.045",
        "scoreboard, 200 rounds": "",
    }
    middle = median["bare, default middleware"]
    for name, value in rate.items():
        ratio, median_ratio = value / unit, median[name] / middle
        print(f"{name:32} {value:8.0f} {ratio:7.3f} {median_ratio:7.3f}  {goals[name]}")
    slower = rate["scoreboard, 20 rounds"] / rate["scoreboard, 200 rounds"]
    print(f"{'200 rounds / 20 rounds, time':32} {slower:8.2f}                  <= 2.0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
