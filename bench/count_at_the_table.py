"""A round counted by the whole table, on a real gunicorn: ten phones send their hands at once
while fifty phones watch the live board.

Run: .venv/bin/python bench/count_at_the_table.py   (COUNT_ROUNDS=20 by default; also
COUNT_WATCHERS=50, COUNT_WORKERS=4)

For each database (SQLite always, PostgreSQL too when DATABASE_URL is set, as
bench/table_load.py does), it seeds a crew, a scorekeeper and a game of ten players (one goes
out, so nine hands are counted... and a tenth phone resends one of them, as a retry would) and
starts ``gunicorn`` (gthread, as ``make run``). Then, round after round: the scorekeeper's
phone opens the count (who went out), ten phones send their hands at the same moment, and the
scorekeeper's phone polls the count panel until the round is stored; fifty watchers poll the
live board once a second throughout.

Printed per database: requests, errors (5xx, connection errors, unexpected statuses), p50/p95
of the hand sends, the watchers' polls and the count opens; the time from the last hand sent
to the scorekeeper's panel seeing the round stored; and the rounds stored against the rounds
counted, with the totals read back from the database against the hands sent: they must be
equal. Exits non-zero on any error or mismatch. Targets: 0 errors, p95 under 150 ms.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time

from table_load import (
    Phone,
    hidden_fields,
    log_in,
    manage,
    on_each_database,
    percentile,
    served,
    site_env,
    spread,
    tracebacks,
)

ROUNDS = int(os.environ.get("COUNT_ROUNDS", "20"))
WATCHERS = int(os.environ.get("COUNT_WATCHERS", "50"))
WORKERS = int(os.environ.get("COUNT_WORKERS", "4"))
TARGET_P95_MS = 150
PASSWORD = "bench-table-load-password"  # table_load's log_in signs in with it
PLAYERS = [f"P{n}" for n in range(10)]

SEED = f"""
import json
from django.contrib.auth import get_user_model
from scorekeeper.crews.models import Crew, Membership
from scorekeeper.games.models import Seat
from scorekeeper.games.services import game_start
from scorekeeper.roster.models import Player

crew = Crew.objects.create(name="Bench count")
user = get_user_model().objects.create_user("scorekeeper", password={PASSWORD!r})
Membership.objects.create(crew=crew, user=user)
players = [Player.objects.create(crew=crew, name=name) for name in {PLAYERS!r}]
game = game_start(crew=crew, players=players, edition="classic", scoring="standard",
                  target=1_000_000, by=user)
links = dict(Seat.objects.filter(game=game).values_list("player__name", "link_token"))
print(json.dumps({{"game": game.pk, "token": game.share_token, "links": links}}))
"""

STORED = """
import json
from scorekeeper.games.models import Game
from scorekeeper.games.scoreboard import board_for
game = Game.objects.with_rounds().get(pk={game})
board = board_for(game)
print(json.dumps({{"rounds": len(board.rounds), "totals": dict(board.scored.totals)}}))
"""


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.errors: list[str] = []
        self.ms: dict[str, list[float]] = {}

    def record(self, label: str, status: int, ms: float, expected: set[int]) -> None:
        with self.lock:
            self.requests += 1
            self.ms.setdefault(label, []).append(ms)
            if status not in expected and len(self.errors) < 1000:
                self.errors.append(f"{label}: {'connection error' if status == 0 else status}")


def watcher(base: str, token: str, tally: Tally, stop: threading.Event, seed: int) -> None:
    phone, etag = Phone(base), None
    stop.wait(random.Random(seed).random())
    while not stop.is_set():
        started = time.monotonic()
        headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        status, got, _, ms = phone.request(f"/live/{token}/board/", headers=headers)
        tally.record("live board poll", status, ms, {200, 304})
        etag = got.get("ETag", etag)
        stop.wait(max(0.0, 1.0 - (time.monotonic() - started)))


def send_hands(base: str, links: dict[str, str], winner: str, rng: random.Random, tally: Tally):
    """Ten phones at once: each other seat's hand, and one of them sent a second time."""
    senders = [name for name in PLAYERS if name != winner]
    hands = {name: rng.randint(0, 60) for name in senders}
    jobs = [(name, f"{name}-{rng.random()}") for name in senders]
    jobs.append(jobs[rng.randrange(len(jobs))])  # a retry: the same send again
    barrier = threading.Barrier(len(jobs))

    def phone(name: str, key: str) -> None:
        client = Phone(base)
        status, _, page, _ = client.request(f"/seat/{links[name]}/")
        form = hidden_fields(page, f"/seat/{links[name]}/hand/") if status == 200 else None
        if form is None:
            tally.record("seat page", status if status != 200 else -1, 0, {200})
            barrier.abort()
            return
        form.update(total=str(hands[name]), cards="", request_key=key)
        try:
            barrier.wait(30)
        except threading.BrokenBarrierError:
            return
        headers = {"HX-Request": "true"}  # as the page sends it (htmx)
        status, _, _, ms = client.request(f"/seat/{links[name]}/hand/", form, headers=headers)
        tally.record("hand send", status, ms, {200})

    threads = [threading.Thread(target=phone, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return hands


def run(label: str, database_url: str, data_dir: str) -> bool:
    env = site_env(database_url, data_dir, "bench-count-not-secret")
    seeded = json.loads(manage(env, "shell", "--no-imports", "-c", SEED).strip().splitlines()[-1])
    game, token, links = seeded["game"], seeded["token"], seeded["links"]
    tally, stop = Tally(), threading.Event()
    rng = random.Random(54)
    expected = dict.fromkeys(PLAYERS, 0)
    seen_after: list[float] = []
    options = ("--workers", str(WORKERS), "--worker-class", "gthread", "--threads", "8")
    with served(env, data_dir, *options) as (base, _, log):
        scorekeeper = Phone(base)
        log_in(scorekeeper, "scorekeeper")
        watchers = [
            threading.Thread(target=watcher, args=(base, token, tally, stop, i), daemon=True)
            for i in range(WATCHERS)
        ]
        for thread in watchers:
            thread.start()
        for number in range(1, ROUNDS + 1):
            winner = PLAYERS[rng.randrange(len(PLAYERS))]
            form = {"winner": winner, "number": str(number), "went_out_on": "other"}
            status, _, page, _ = scorekeeper.request(f"/games/{game}/")
            form.update(hidden_fields(page, f"/games/{game}/rounds/") or {})
            form.update(winner=winner, number=str(number))
            status, _, _, ms = scorekeeper.request(f"/games/{game}/count/", form)
            tally.record("count open", status, ms, {302})
            hands = send_hands(base, links, winner, rng, tally)
            last_sent = time.monotonic()
            expected[winner] += sum(hands.values())
            while True:  # the scorekeeper's panel, polled until the round shows as stored
                status, got, _, ms = scorekeeper.request(
                    f"/games/{game}/count/panel/?count={number}", headers={"HX-Request": "true"}
                )
                tally.record("count panel poll", status, ms, {200, 204})
                if status != 200 or time.monotonic() - last_sent > 10:
                    break
                time.sleep(0.1)
            seen_after.append((time.monotonic() - last_sent) * 1000)
        stop.set()
        for thread in watchers:
            thread.join(35)
    answer = manage(env, "shell", "--no-imports", "-c", STORED.format(game=game))
    stored = json.loads(answer.strip().splitlines()[-1])
    print(f"-- {label}: {ROUNDS} rounds counted by 10 phones each, {WATCHERS} watchers")
    print(f"   requests {tally.requests}, errors {len(tally.errors)}")
    for name, values in sorted(tally.ms.items()):
        print(f"   {name:18} {len(values):6} requests, {spread(values)}")
    print(f"   last hand sent -> scorekeeper's panel sees the round stored: {spread(seen_after)}")
    ok = not tally.errors and stored["rounds"] == ROUNDS and stored["totals"] == expected
    p95 = {name: percentile(values, 0.95) for name, values in tally.ms.items()}
    slow = {name: round(value) for name, value in p95.items() if value > TARGET_P95_MS}
    print(
        f"   rounds stored {stored['rounds']} of {ROUNDS}; totals equal to the hands sent: "
        f"{stored['totals'] == expected}; p95 over {TARGET_P95_MS} ms: {slow or 'none'}"
    )
    if tally.errors:
        print("   errors:", sorted(set(tally.errors))[:10])
        if found := tracebacks(log.read_text()):
            print(found)
    return ok


def main() -> int:
    print(f"target: 0 errors, every round stored once with its hands, p95 under {TARGET_P95_MS} ms")
    return on_each_database(run, "count")


if __name__ == "__main__":
    sys.exit(main())
