"""Two app servers on one PostgreSQL database: do they agree?

Run: .venv/bin/python bench/two_servers.py   (TWO_SERVERS_SECONDS=15 by default; also
TWO_SERVERS_GAMES=3, TWO_SERVERS_PHONES=2 a game, TWO_SERVERS_SPECTATORS=4 a game,
TWO_SERVERS_WORKERS=2 a server, TWO_SERVERS_POLL_EVERY=0.5, TWO_SERVERS_PHONE_PAUSE=0.4)

What a load balancer in front of two servers does to a table: the scorekeeping phone's
requests land on one server, the watchers' polls on the other. This creates a throwaway
``scorekeeper_two_servers_<pid>`` database on the PostgreSQL server of DATABASE_URL (else
the local one, ``postgres:///``), migrates it, seeds one crew with never-ending games through
``game_start``, and starts two ``gunicorn scorekeeper.wsgi`` on two free loopback ports — A and
B, each with a data folder of its own (nothing on one server's disk reaches the other) and the
same SECRET_KEY and database. The project's settings, except that pages name static files
without collectstatic's manifest (as in the tests). Then, for TWO_SERVERS_SECONDS:

- phones, each a member signed in through the login form on A, save rounds on A as the
  page's htmx form does (``HX-Request``, the CSRF token and round number the form carries;
  a 409 — the other phone of that game saved the number first — is answered as a phone does,
  by saving the entry again as the next round the refusal offers);
- spectators poll the live board of one game on B (``/live/<token>/board/``) with the last
  ETag in If-None-Match, as the live page does.

Then every phone opens its game on B with the session it got from A and saves one round
there, and each game's board is fetched several times from both servers without an ETag
(so that every worker answers).

Checks (exit status 1 on any failure): no error (5xx, refused connection, an unexpected
status); every 409 refused a number that another post really holds; the rounds stored are
exactly the rounds answered as saved; every round saved on A shows on B at each spectator's
next poll (staleness 0 polls) and no poll goes backwards; a session and CSRF token from A
work on B; both servers, every worker, serve the same board as the database holds.

The live board is cached per process (Django's local-memory cache, the default), keyed by the
game's version that each poll reads from the database first: a save on A makes a new key on B,
so no shared cache is needed. Skipped (exit 0, with a message) when no PostgreSQL server
answers.
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

# The HTTP phone, form reader and PostgreSQL helpers of the one-server load bench.
from table_load import (
    Phone,
    free_port,
    hidden_fields,
    postgres_admin,
    stop_server,
    tracebacks,
    with_database,
)

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))

SECONDS = float(os.environ.get("TWO_SERVERS_SECONDS", "15"))
GAMES = int(os.environ.get("TWO_SERVERS_GAMES", "3"))
PHONES_PER_GAME = int(os.environ.get("TWO_SERVERS_PHONES", "2"))
SPECTATORS_PER_GAME = int(os.environ.get("TWO_SERVERS_SPECTATORS", "4"))
WORKERS = int(os.environ.get("TWO_SERVERS_WORKERS", "2"))
# The live page polls every 4 s; half a second makes a stale answer far more likely to be seen.
POLL_EVERY = float(os.environ.get("TWO_SERVERS_POLL_EVERY", "0.5"))
PHONE_PAUSE = float(os.environ.get("TWO_SERVERS_PHONE_PAUSE", "0.4"))
FINAL_FETCHES = 4 * WORKERS  # per game and server: enough to reach every worker
PASSWORD = "bench-two-servers-password"
ROUND_ROW = re.compile(r'<th scope="row">')

SEED = """
import json
from django.conf import settings
from django.contrib.auth import get_user_model
from scorekeeper.crews.models import Crew, Membership
from scorekeeper.roster.models import Player
from scorekeeper.games.services import game_start

crew = Crew.objects.create(name="Two servers")
users = [
    get_user_model().objects.create_user(f"phone{{i}}", password={password!r})
    for i in range({games} * {phones})
]
for user in users:
    Membership.objects.create(crew=crew, user=user)
games = []
for g in range({games}):
    names = [f"{{name}} {{g}}" for name in ("Ann", "Bob", "Cat", "Dan")]
    players = [Player.objects.create(crew=crew, name=name) for name in names]
    game = game_start(crew=crew, players=players, edition="classic", scoring="standard",
                      target=100_000, by=users[g * {phones}])
    games.append({{"pk": game.pk, "token": game.share_token, "players": names}})
print(json.dumps({{"games": games, "users": [u.username for u in users],
                  "cache": settings.CACHES["default"]["BACKEND"]}}))
"""


# --- What happened ------------------------------------------------------------------------------


@dataclass
class Saved:
    game: int
    number: int
    key: str
    done: float  # monotonic time the phone had the answer
    server: str


@dataclass
class Poll:
    game: int
    spectator: int
    started: float
    rounds: int | None
    version: int | None
    status: int


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter = field(default_factory=Counter)  # (server, what, status) -> count
    latencies: dict[str, list[float]] = field(default_factory=dict)  # server -> ms
    errors: list[str] = field(default_factory=list)
    saved: list[Saved] = field(default_factory=list)
    refused: list[tuple[int, int, str]] = field(default_factory=list)  # (game, number, key)
    polls: list[Poll] = field(default_factory=list)

    def record(self, server: str, what: str, status: int, ms: float, expected: set[int]) -> bool:
        with self.lock:
            self.statuses[(server, what, status)] += 1
            self.latencies.setdefault(server, []).append(ms)
            if status in expected:
                return True
            answer = "connection error" if status == 0 else str(status)
            self.errors.append(f"{what} on {server}: {answer}")
            return False

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def log_in(phone: Phone, username: str) -> None:
    status, _, page, _ = phone.request("/login/")
    form = hidden_fields(page, "/login/")
    if status != 200 or form is None:
        raise RuntimeError(f"login page answered {status}")
    form.update(username=username, password=PASSWORD)
    status, *_ = phone.request("/login/", form)
    if status != 302:
        raise RuntimeError(f"login of {username} answered {status}, not a redirect")


def a_round(players: list[str], rng: random.Random) -> dict[str, str]:
    winner = rng.randrange(len(players))
    fields = {"winner": players[winner], "went_out_on": "other"}
    for index in range(len(players)):
        fields[f"cards_{index}"] = ""
        fields[f"total_{index}"] = "" if index == winner else str(rng.randint(1, 20))
    return fields


def save_round(
    phone: Phone, server: str, game: dict, form: dict[str, str], rng: random.Random, tally: Tally
) -> tuple[int, dict[str, str] | None]:
    """Post one round as the page's htmx form does; (status, the round form it answers with)."""
    action = f"/games/{game['pk']}/rounds/"
    form = {**form, **a_round(game["players"], rng)}
    headers = {"HX-Request": "true", "Origin": phone.base}
    status, _, page, ms = phone.request(action, form, headers)
    done = time.monotonic()
    tally.record(server, "round post", status, ms, {200, 409})
    if status == 200:
        with tally.lock:
            tally.saved.append(
                Saved(game["pk"], int(form["number"]), form["request_key"], done, server)
            )
    elif status == 409:
        with tally.lock:
            tally.refused.append((game["pk"], int(form["number"]), form["request_key"]))
    return status, hidden_fields(page, action) if status in (200, 409) else None


def phone_loop(
    base: str, game: dict, username: str, tally: Tally, stop: threading.Event, seed: int
) -> Phone | None:
    rng, phone = random.Random(seed), Phone(base)
    try:
        log_in(phone, username)
    except RuntimeError as error:
        tally.error(f"A: {error}")
        return None
    form = None
    while not stop.is_set():
        if form is None:  # the table page, as the phone opens it
            status, _, page, ms = phone.request(f"/games/{game['pk']}/")
            tally.record("A", "game page", status, ms, {200})
            form = hidden_fields(page, f"/games/{game['pk']}/rounds/") if status == 200 else None
            if form is None:
                tally.error(f"A: the game page of {username} has no round form")
                stop.wait(1)
                continue
        status, form = save_round(phone, "A", game, form, rng, tally)
        if status == 200:
            stop.wait(PHONE_PAUSE * rng.uniform(0.5, 1.5))
    return phone


def spectator_loop(
    base: str, game: dict, index: int, tally: Tally, stop: threading.Event, seed: int
) -> None:
    phone, etag, rounds, version = Phone(base), None, None, None
    stop.wait(random.Random(seed).random() * POLL_EVERY)  # they did not all open at once
    while not stop.is_set():
        started = time.monotonic()
        headers = {"HX-Request": "true"} | ({"If-None-Match": etag} if etag else {})
        status, got, body, ms = phone.request(f"/live/{game['token']}/board/", headers=headers)
        if tally.record("B", "live board", status, ms, {200, 304}):
            if status == 200:
                rounds = len(ROUND_ROW.findall(body))
                etag = got.get("ETag")
                version = etag_version(etag)
            with tally.lock:
                tally.polls.append(Poll(game["pk"], index, started, rounds, version, status))
        stop.wait(max(0.0, POLL_EVERY - (time.monotonic() - started)))


def etag_version(etag: str | None) -> int | None:
    """The game version the live board's ETag names (``"board-<game>-<version>-…"``)."""
    match = re.search(r"board-\d+-(\d+)-", etag or "")
    return int(match.group(1)) if match else None


# --- The checks ---------------------------------------------------------------------------------


def staleness(saved: list[Saved], polls: list[Poll]) -> tuple[int, int, int]:
    """(saves a later poll could check, max polls that still missed a save, late pairs).

    A poll that starts after a phone had its save's answer must show that round: the number of
    such polls that did not, per spectator of that game, is the save's staleness there."""
    by_watcher: dict[tuple[int, int], list[Poll]] = {}
    for poll in polls:
        by_watcher.setdefault((poll.game, poll.spectator), []).append(poll)
    checked, worst, late = 0, 0, 0
    for save in saved:
        seen_by_one = False
        for (game, _), watched in by_watcher.items():
            if game != save.game:
                continue
            after = [p for p in watched if p.started > save.done]
            if after:
                seen_by_one = True
            missed = sum(1 for p in after if (p.rounds or 0) < save.number)
            worst = max(worst, missed)
            late += missed > 0
        checked += seen_by_one
    return checked, worst, late


def backwards(polls: list[Poll]) -> int:
    """Polls that showed fewer rounds or an older version than the same spectator saw before."""
    count, most = 0, {}
    for poll in sorted(polls, key=lambda p: p.started):
        key = (poll.game, poll.spectator)
        rounds, version = most.get(key, (0, 0))
        if (poll.rounds or 0) < rounds or (poll.version or 0) < version:
            count += 1
        most[key] = (max(rounds, poll.rounds or 0), max(version, poll.version or 0))
    return count


def stored_rounds(database_url: str, games: list[int]) -> dict[int, dict[int, str | None]]:
    import psycopg

    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT game_id, number, request_key FROM games_round WHERE game_id = ANY(%s)",
            (games,),
        ).fetchall()
    stored: dict[int, dict[int, str | None]] = {game: {} for game in games}
    for game, number, key in rows:
        stored[game][number] = key
    return stored


# --- Servers ------------------------------------------------------------------------------------


def run_manage(env: dict[str, str], *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen, what: str) -> str:
    out, err = process.communicate()
    if process.returncode:
        raise RuntimeError(f"manage.py {what} failed:\n{err}")
    return out


def start_server(env: dict[str, str], folder: Path) -> tuple[subprocess.Popen, str, Path]:
    port = free_port()
    folder.mkdir()
    log = folder / "gunicorn.log"
    with log.open("w") as log_file:
        server = subprocess.Popen(
            [
                GUNICORN,
                "scorekeeper.wsgi",
                "--workers",
                str(WORKERS),
                "--bind",
                f"127.0.0.1:{port}",
            ],
            cwd=ROOT,
            env={**env, "SCOREKEEPER_DATA_DIR": str(folder)},
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    return server, f"http://127.0.0.1:{port}", log


def wait_until_up(base: str, server: subprocess.Popen, log: Path, token: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited:\n{log.read_text()}")
        if Phone(base).request("/login/")[0] == 200:
            # Every worker imports and connects before the clock starts.
            threads = [
                threading.Thread(target=Phone(base).request, args=(f"/live/{token}/board/",))
                for _ in range(WORKERS * 3)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            return
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer in 30 s:\n{log.read_text()}")


# --- The run ------------------------------------------------------------------------------------


def run(database_url: str, folder: Path) -> bool:
    clock = time.monotonic()
    # The project's settings, but pages name static files without a collectstatic manifest, as in
    # the tests and bench/fuzz.py: building one takes longer than the whole load, and these
    # clients never ask for a static file.
    (folder / "two_servers_settings.py").write_text(
        "from scorekeeper.settings import *  # noqa: F403\n"
        'STORAGES = {**STORAGES, "staticfiles": {"BACKEND": '
        '"django.contrib.staticfiles.storage.StaticFilesStorage"}}\n'
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")])),
        "DJANGO_SETTINGS_MODULE": "two_servers_settings",
        "DATABASE_URL": database_url,
        "SCOREKEEPER_DATA_DIR": str(folder / "release"),
        "SECRET_KEY": secrets.token_urlsafe(50),  # one key for both servers, as deployed
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "0",
    }
    env.pop("BEHIND_HTTPS", None)
    finish(run_manage(env, "migrate", "--noinput", "-v", "0"), "migrate")  # once, from one server
    seed = SEED.format(password=PASSWORD, games=GAMES, phones=PHONES_PER_GAME)
    seeded = json.loads(
        finish(run_manage(env, "shell", "--no-imports", "-c", seed), "shell").splitlines()[-1]
    )
    games, users = seeded["games"], seeded["users"]
    set_up = time.monotonic() - clock

    clock = time.monotonic()
    tally, stop, servers = Tally(), threading.Event(), []
    try:
        server_a, base_a, log_a = start_server(env, folder / "server-a")
        servers.append(server_a)
        server_b, base_b, log_b = start_server(env, folder / "server-b")
        servers.append(server_b)
        wait_until_up(base_a, server_a, log_a, games[0]["token"])
        wait_until_up(base_b, server_b, log_b, games[0]["token"])
        started_up = time.monotonic() - clock

        phones: list[Phone | None] = [None] * len(users)

        def keep_phone(index: int, *args) -> None:
            phones[index] = phone_loop(*args)

        threads = [
            threading.Thread(
                target=keep_phone,
                args=(i, base_a, games[i // PHONES_PER_GAME], users[i], tally, stop, 100 + i),
            )
            for i in range(len(users))
        ]
        threads += [
            threading.Thread(
                target=spectator_loop,
                args=(base_b, games[i % GAMES], i, tally, stop, 200 + i),
            )
            for i in range(GAMES * SPECTATORS_PER_GAME)
        ]
        load_started = time.monotonic()
        for thread in threads:
            thread.start()
        stop.wait(SECONDS)
        stop.set()
        for thread in threads:
            thread.join(60)
        elapsed = time.monotonic() - load_started
        requests_in_load = sum(tally.statuses.values())

        # A load balancer without sticky sessions: A's session and CSRF cookie, used on B.
        sessions_ok = 0
        for index, phone in enumerate(phones):
            if phone is None:
                continue
            game = games[index // PHONES_PER_GAME]
            phone_b = Phone(base_b)
            phone_b.cookies, phone_b.opener = phone.cookies, phone.opener
            status, _, page, ms = phone_b.request(f"/games/{game['pk']}/")
            tally.record("B", "game page (A's session)", status, ms, {200})
            form = hidden_fields(page, f"/games/{game['pk']}/rounds/") if status == 200 else None
            if form is None:
                tally.error(f"B: {users[index]}'s session from A opens no round form on B")
                continue
            status, _ = save_round(phone_b, "B", game, form, random.Random(index), tally)
            sessions_ok += status == 200

        # Both servers, every worker: the same board, the one the database holds.
        boards: dict[int, set[tuple[str, str]]] = {}
        for game in games:
            for server, base in (("A", base_a), ("B", base_b)):
                for _ in range(FINAL_FETCHES):
                    status, got, body, ms = Phone(base).request(
                        f"/live/{game['token']}/board/", headers={"HX-Request": "true"}
                    )
                    if tally.record(server, "final board", status, ms, {200}):
                        boards.setdefault(game["pk"], set()).add((got.get("ETag", ""), body))
    finally:
        stop.set()
        for server in servers:
            stop_server(server)

    stored = stored_rounds(database_url, [game["pk"] for game in games])
    return report(
        tally,
        games,
        stored,
        boards,
        sessions_ok,
        len(users),
        elapsed,
        requests_in_load,
        set_up,
        started_up,
        seeded["cache"],
        (log_a, log_b),
    )


def report(
    tally: Tally,
    games: list[dict],
    stored: dict[int, dict[int, str | None]],
    boards: dict[int, set[tuple[str, str]]],
    sessions_ok: int,
    phones: int,
    elapsed: float,
    requests_in_load: int,
    set_up: float,
    started_up: float,
    cache: str,
    logs: tuple[Path, Path],
) -> bool:
    failures = []
    saved_keys = {(s.game, s.number): s.key for s in tally.saved}
    stored_keys = {(game, n): key for game, rounds in stored.items() for n, key in rounds.items()}
    if saved_keys != stored_keys:
        lost = len(saved_keys.keys() - stored_keys.keys())
        extra = len(stored_keys.keys() - saved_keys.keys())
        failures.append(
            f"rounds stored ≠ rounds saved ({lost} saved but missing, {extra} unanswered)"
        )
    wrongly_refused = [
        (game, number)
        for game, number, key in tally.refused
        if stored_keys.get((game, number)) in (None, key)
    ]
    if wrongly_refused:
        failures.append(f"{len(wrongly_refused)} refusals (409) of a number no other post holds")
    on_a = [s for s in tally.saved if s.server == "A"]
    checked, worst, late = staleness(on_a, tally.polls)
    went_back = backwards(tally.polls)
    if worst or late:
        failures.append(
            f"{late} times a spectator on B missed a round saved on A (max {worst} polls)"
        )
    if went_back:
        failures.append(f"{went_back} polls on B went back to an older board")
    if sessions_ok != phones:
        failures.append(
            f"A's session and CSRF token saved on B for {sessions_ok} of {phones} phones"
        )
    disagree = []
    for game in games:
        seen = boards.get(game["pk"], set())
        counts = {len(ROUND_ROW.findall(body)) for _, body in seen}
        if len(seen) != 1 or counts != {len(stored[game["pk"]])}:
            disagree.append(game["pk"])
    if disagree:
        failures.append(
            f"the servers' final boards disagree (or differ from the database): games {disagree}"
        )
    if tally.errors:
        failures.append(f"{len(tally.errors)} errors")

    polls = tally.polls
    answers = Counter(p.status for p in polls)
    print(
        f"-- two gunicorn servers (--workers {WORKERS} each), one PostgreSQL database; "
        f"{GAMES} games, {PHONES_PER_GAME} phones a game on A, {SPECTATORS_PER_GAME} spectators "
        f"a game on B, {elapsed:.0f} s"
    )
    print(f"set-up: migrate + seed {set_up:.1f} s, both servers up {started_up:.1f} s")
    print(f"cache: {cache} (each process its own; the live board's key names the game's version)")
    print(
        f"requests: {requests_in_load} in {elapsed:.0f} s ({requests_in_load / elapsed:.0f}/s); "
        + "; ".join(
            f"{server}: {len(ms)} requests, p50 {statistics.median(ms):.0f} ms, "
            f"p95 {sorted(ms)[int(0.95 * (len(ms) - 1))]:.0f} ms"
            for server, ms in sorted(tally.latencies.items())
        )
    )
    print(
        f"rounds saved: {len(on_a)} on A, {len(tally.saved) - len(on_a)} on B with A's session; "
        f"stored: {len(stored_keys)}; refused (409, number taken by the other phone): "
        f"{len(tally.refused)}, wrongly: {len(wrongly_refused)}"
    )
    print(
        f"polls on B: {len(polls)} ({answers[200]} × 200, {answers[304]} × 304); "
        f"versions seen: {len({(p.game, p.version) for p in polls})}; "
        f"saves on A checked by a later poll: {checked} of {len(on_a)}; "
        f"max staleness: {worst} polls (target 0); went back: {went_back}"
    )
    print(
        f"final boards: {sum(len(s) for s in boards.values())} distinct of "
        f"{2 * FINAL_FETCHES * len(games)} fetches on A and B for {len(games)} games "
        f"(target {len(games)}: one each, equal to the database)"
    )
    print(f"errors: {len(tally.errors)}")
    for text in tally.errors[:10]:
        print(f"  error: {text}")
    for log in logs:
        found = tracebacks(log.read_text())
        if found:
            print(f"first tracebacks in {log.parent.name}'s log:\n{found}")
    print("FAILED: " + "; ".join(failures) if failures else "OK")
    return not failures


def main() -> int:
    server_url = os.environ.get("DATABASE_URL", "")
    if not server_url.startswith(("postgres://", "postgresql://")):
        server_url = "postgres:///"
    try:
        import psycopg

        with psycopg.connect(with_database(server_url, "postgres"), connect_timeout=5):
            pass
    except Exception as error:  # no driver, no server, no role: nothing to measure here
        print(
            f"skipped: no PostgreSQL server answers at {server_url} "
            f"({type(error).__name__}: {error})"
        )
        print(
            "  set DATABASE_URL=postgres://…/NAME to a server where this user may create databases"
        )
        return 0
    name = f"scorekeeper_two_servers_{os.getpid()}"
    try:
        postgres_admin(server_url, f'CREATE DATABASE "{name}"')
    except Exception as error:
        print(
            f"skipped: cannot create a database on {server_url} ({type(error).__name__}: {error})"
        )
        return 0
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-two-servers-"))
    started = time.monotonic()
    try:
        ok = run(with_database(server_url, name), folder)
    finally:
        postgres_admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(folder, ignore_errors=True)
    print(f"total: {time.monotonic() - started:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
