"""Rebuilding every skill rating of a crew with 10 000 finished games (issue #27: under 10 s).

Run: .venv/bin/python bench/ratings_rebuild.py [--games N] [--runs N]

Seeds a throwaway SQLite database under /tmp with ``seed_demo`` (which also rates the games),
then times ``ratings.rebuild`` (what ``manage.py rebuild_stats`` runs per crew) and, for the
table's everyday write, ``ratings.refresh_from`` on the crew's last game. Prints the median of
several runs in seconds and milliseconds. Figures, not a test: exit status 0 unless the rebuild
misses its target or a row is missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="scorekeeper-bench-", dir="/tmp")
    os.environ["SCOREKEEPER_DATA_DIR"] = data_dir
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    try:
        return run(args.games, args.runs)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def run(games: int, runs: int) -> int:
    import django

    django.setup()
    from django.core.management import call_command

    from scorekeeper.crews.models import Crew
    from scorekeeper.games.models import Game
    from scorekeeper.history import ratings
    from scorekeeper.history.models import Rating, SeatResult

    call_command("migrate", verbosity=0)
    with open(os.devnull, "w") as quiet:
        call_command("seed_demo", games=games, crew="Bench crew", user="", stdout=quiet)
    crew = Crew.objects.get(name="Bench crew")
    counted = Game.objects.counted().filter(crew=crew).count()
    seats = SeatResult.objects.filter(crew=crew, game__in=Game.objects.counted()).count()
    rebuilds = []
    for _ in range(runs):
        started = time.perf_counter()
        rows = ratings.rebuild(crew.pk)
        rebuilds.append(time.perf_counter() - started)
    last = Game.objects.counted().filter(crew=crew).order_by("-started_at", "-pk").first()
    refreshes = []
    for _ in range(runs * 5):
        started = time.perf_counter()
        ratings.refresh_from(crew.pk, last.pk)
        refreshes.append(time.perf_counter() - started)
    rebuild = statistics.median(rebuilds)
    print(f"games rated: {counted}, rating rows: {rows} (seats of counted games: {seats})")
    print(f"rebuild every rating: {rebuild:.2f} s median of {runs} (target < {TARGET_S:.0f} s)")
    print(f"refresh after the last game: {1000 * statistics.median(refreshes):.1f} ms median")
    ok = rebuild < TARGET_S and rows == seats == Rating.objects.filter(crew=crew).count()
    print("OK" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
