"""A table's load on a real gunicorn: 50 phones watching the live board, 5 saving rounds.

Run: .venv/bin/python bench/table_load.py   (TABLE_LOAD_SECONDS=60 by default; also
TABLE_LOAD_POLLERS=50, TABLE_LOAD_WRITERS=5, TABLE_LOAD_WORKERS=4, TABLE_LOAD_WRITER_PAUSE=0)

For each database — SQLite always, PostgreSQL too when DATABASE_URL is set — it creates a
throwaway database (a temp SQLite file; a fresh ``scorekeeper_bench_<pid>`` database on the
DATABASE_URL server, dropped at the end), migrates it, seeds one crew of 6 members and one
never-ending game of 4 players, and starts ``gunicorn --workers 4`` on a free loopback port.
Then, for TABLE_LOAD_SECONDS:

- 50 pollers GET /live/<token>/board/ about once a second each, sending If-None-Match with
  the last ETag as the browser does (200 and 304 are both fine);
- 5 writers, each a member signed in through the login form, loop: load the game page, post
  a round with the number and request key the page's round form carries (409: another phone
  saved that number first, an expected conflict); one time in ten they also correct round 1
  with the version from its edit page (409: a stale edit, expected too).

Printed per database: requests, errors (5xx, connection errors, any unexpected status),
conflicts (409), p50/p95/max latency of reads and writes, and the rounds stored (read from
the database) against the round posts answered as saved: they must be equal, and be the same
request keys. Exits non-zero on any error or mismatch; tracebacks from gunicorn's log are shown.
Target: 0 errors, p95 under 300 ms on the 2-core machine.
"""

from __future__ import annotations

import html.parser
import http.cookiejar
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))

SECONDS = float(os.environ.get("TABLE_LOAD_SECONDS", "60"))
POLLERS = int(os.environ.get("TABLE_LOAD_POLLERS", "50"))
WRITERS = int(os.environ.get("TABLE_LOAD_WRITERS", "5"))
WORKERS = int(os.environ.get("TABLE_LOAD_WORKERS", "4"))
# Seconds between a watcher's polls: the live page polls every 4 s; 1 s is four times that.
POLL_EVERY = float(os.environ.get("TABLE_LOAD_POLL_EVERY", "1"))
# Writers loop flat out by default (a stress test: the game changes several times a second, so
# nearly every poll is a full render); a few seconds' pause is closer to a real table.
WRITER_PAUSE = float(os.environ.get("TABLE_LOAD_WRITER_PAUSE", "0"))
EDIT_ONE_IN = 10
TARGET_P95_MS = 300
PASSWORD = "bench-table-load-password"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
REQUEST_TIMEOUT = 30

SEED = f"""
import json
from django.contrib.auth import get_user_model
from scorekeeper.crews.models import Crew, Membership
from scorekeeper.roster.models import Player
from scorekeeper.games.services import game_start

crew = Crew.objects.create(name="Bench table")
users = [
    get_user_model().objects.create_user(f"phone{{i}}", password={PASSWORD!r}) for i in range(6)
]
for user in users:
    Membership.objects.create(crew=crew, user=user)
players = [Player.objects.create(crew=crew, name=name) for name in {PLAYERS!r}]
game = game_start(crew=crew, players=players, edition="classic", scoring="standard",
                  target=100_000, by=users[0])
print(json.dumps({{"game": game.pk, "token": game.share_token,
                  "users": [u.username for u in users]}}))
"""

STORED = """
import json
from scorekeeper.games.models import Round
rounds = Round.objects.filter(game_id={game}).order_by("number")
print(json.dumps([[r.number, r.request_key] for r in rounds]))
"""


# --- Measuring ---------------------------------------------------------------------------------


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    errors: int = 0
    conflicts: int = 0
    statuses: Counter = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)
    latencies: dict[str, list[float]] = field(default_factory=dict)
    by_label: dict[str, list[float]] = field(default_factory=dict)
    saved_keys: list[str] = field(default_factory=list)
    round_posts: int = 0
    edits_saved: int = 0

    def record(self, kind: str, label: str, status: int, ms: float, expected: set[int]) -> None:
        with self.lock:
            self.requests += 1
            self.statuses[(label, status)] += 1
            self.latencies.setdefault(kind, []).append(ms)
            self.by_label.setdefault(label, []).append(ms)
            if status == 409:
                self.conflicts += 1
            elif status not in expected:
                self.errors += 1
                if len(self.error_samples) < 10:
                    what = "connection error" if status == 0 else f"status {status}"
                    self.error_samples.append(f"{label}: {what}")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def spread(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values):.0f} ms, p95 {percentile(values, 0.95):.0f} ms, "
        f"max {max(values):.0f} ms"
    )


# --- A phone: urllib with its own cookies, no redirects followed -------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 302 itself is the answer we measure


class Phone:
    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def request(
        self, path: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], str, float]:
        """(status, headers, body, milliseconds); status 0 for a connection error."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        started = time.perf_counter()
        try:
            with self.opener.open(req, timeout=REQUEST_TIMEOUT) as response:
                text = response.read().decode()
                status, got = response.status, dict(response.headers)
        except urllib.error.HTTPError as error:
            text = error.read().decode(errors="replace")
            status, got = error.code, dict(error.headers)
        except OSError as error:
            text, status, got = str(error), 0, {}
        return status, got, text, (time.perf_counter() - started) * 1000


class _FormReader(html.parser.HTMLParser):
    """The hidden inputs of the form whose action is ``action`` (the first one found)."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.found, self.fields = action, False, False, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and not self.found and attrs.get("action") == self.action:
            self.inside = self.found = True
        elif tag == "input" and self.inside and attrs.get("type") == "hidden":
            self.fields[attrs.get("name")] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def hidden_fields(page: str, action: str) -> dict[str, str] | None:
    reader = _FormReader(action)
    reader.feed(page)
    return reader.fields if reader.found else None


def random_round(rng: random.Random) -> dict[str, str]:
    winner = rng.randrange(len(PLAYERS))
    fields = {"winner": PLAYERS[winner], "went_out_on": "other"}
    for index in range(len(PLAYERS)):
        fields[f"cards_{index}"] = ""
        fields[f"total_{index}"] = "" if index == winner else str(rng.randint(1, 20))
    return fields


# --- The load ----------------------------------------------------------------------------------


def poller(base: str, token: str, tally: Tally, stop: threading.Event, seed: int) -> None:
    phone, etag = Phone(base), None
    stop.wait(random.Random(seed).random() * POLL_EVERY)  # phones did not all open at once
    while not stop.is_set():
        started = time.monotonic()
        headers = {"HX-Request": "true"}
        if etag:
            headers["If-None-Match"] = etag
        status, got, _, ms = phone.request(f"/live/{token}/board/", headers=headers)
        tally.record("read", "live board", status, ms, {200, 304})
        etag = got.get("ETag", etag)
        stop.wait(max(0.0, POLL_EVERY - (time.monotonic() - started)))


def log_in(phone: Phone, username: str) -> None:
    status, _, page, _ = phone.request("/login/")
    form = hidden_fields(page, "/login/")
    if status != 200 or form is None:
        raise RuntimeError(f"login page answered {status}")
    form.update(username=username, password=PASSWORD)
    status, got, _, _ = phone.request("/login/", form)
    if status != 302:
        raise RuntimeError(f"login of {username} answered {status}, not a redirect")


def writer(
    base: str, game: int, username: str, tally: Tally, stop: threading.Event, seed: int
) -> None:
    rng, phone = random.Random(seed), Phone(base)
    try:
        log_in(phone, username)
    except RuntimeError as error:
        tally.record("write", str(error), -1, 0, set())
        return
    rounds_path, page_path = f"/games/{game}/rounds/", f"/games/{game}/"
    while not stop.is_set():
        status, _, page, ms = phone.request(page_path)
        tally.record("read", "game page", status, ms, {200})
        form = hidden_fields(page, rounds_path) if status == 200 else None
        if form is None:
            if status == 200:
                tally.record("read", "game page without a round form", -1, 0, set())
            continue
        form.update(random_round(rng))
        status, _, _, ms = phone.request(rounds_path, form)
        tally.record("write", "round post", status, ms, {302})
        if status == 302:
            with tally.lock:
                tally.round_posts += 1
                tally.saved_keys.append(form["request_key"])
        if rng.randrange(EDIT_ONE_IN) == 0 and not stop.is_set():
            edit_round_one(phone, game, rng, tally)
        stop.wait(WRITER_PAUSE * rng.uniform(0.5, 1.5))


def edit_round_one(phone: Phone, game: int, rng: random.Random, tally: Tally) -> None:
    path = f"/games/{game}/rounds/1/"
    status, _, page, ms = phone.request(path)
    if status == 404:  # no round saved yet
        return
    tally.record("read", "edit page", status, ms, {200})
    form = hidden_fields(page, path) if status == 200 else None
    if form is None:
        return
    form.update(random_round(rng))
    status, _, _, ms = phone.request(path, form)
    tally.record("write", "round 1 edit", status, ms, {302})
    if status == 302:
        with tally.lock:
            tally.edits_saved += 1


# --- One database --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stderr}")
    return done.stdout


def wait_until_up(base: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited:\n{log.read_text()}")
        status, *_ = Phone(base).request("/login/")
        if status == 200:
            return
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer in 30 s:\n{log.read_text()}")


def server_cpu_seconds(master: int) -> float | None:
    """CPU time of gunicorn's master and workers so far (Linux /proc), else None.

    Per request, it is the server's cost whatever else the machine is running; latency is not.
    """
    total, ticks = 0, os.sysconf("SC_CLK_TCK")
    try:
        entries = [entry for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return None
    for entry in entries:
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(entry) == master or int(fields[1]) == master:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def warm_up(base: str, token: str) -> None:
    """Every worker imports and connects before the clock starts (requests land on any worker)."""
    threads = [
        threading.Thread(target=Phone(base).request, args=(f"/live/{token}/board/",))
        for _ in range(WORKERS * 3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def tracebacks(log_text: str, limit: int = 3) -> str:
    """The first few distinct tracebacks gunicorn (Django's error log) wrote."""
    blocks, current = [], []
    for line in log_text.splitlines():
        if line.startswith("Traceback"):
            current = [line]
        elif current:
            current.append(line)
            if line and not line.startswith((" ", "\t")) and not line.startswith("Traceback"):
                blocks.append("\n".join(current))
                current = []
    seen, distinct = set(), []
    for block in blocks:
        if block.splitlines()[-1] not in seen:
            seen.add(block.splitlines()[-1])
            distinct.append(block)
    return "\n\n".join(distinct[:limit])


def site_env(database_url: str, data_dir: str, secret: str) -> dict[str, str]:
    """The environment of a served site on ``database_url``, migrated and its static files
    collected, as `make run` does (the pages name hashed files from collectstatic's manifest)."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SCOREKEEPER_DATA_DIR": data_dir,
        "SECRET_KEY": secret,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    return env


@contextmanager
def served(env: dict[str, str], data_dir: str, *options: str) -> Iterator[tuple[str, Any, Path]]:
    """A real gunicorn with ``options`` (its workers, …) on a free port, up: its address, its
    process and its log; stopped after the block (SIGTERM, then killed after 20 s)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = Path(data_dir) / "gunicorn.log"
    with log.open("w") as log_file:
        server = subprocess.Popen(
            [GUNICORN, "scorekeeper.wsgi", *options, "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        wait_until_up(base, server, log)
        yield base, server, log
    finally:
        stop_server(server)


def stop_server(server: subprocess.Popen) -> None:
    """SIGTERM (gunicorn finishes its requests), then killed after 20 s."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def run(label: str, database_url: str, data_dir: str) -> bool:
    env = site_env(database_url, data_dir, "bench-table-load-not-secret")
    seeded = json.loads(manage(env, "shell", "--no-imports", "-c", SEED).strip().splitlines()[-1])
    game, token, users = seeded["game"], seeded["token"], seeded["users"]
    tally, stop = Tally(), threading.Event()
    with served(env, data_dir, "--workers", str(WORKERS)) as (base, server, log):
        warm_up(base, token)
        cpu_before = os.times()
        server_before = server_cpu_seconds(server.pid)
        threads = [
            threading.Thread(target=poller, args=(base, token, tally, stop, i), daemon=True)
            for i in range(POLLERS)
        ]
        threads += [
            threading.Thread(
                target=writer,
                args=(base, game, users[i % len(users)], tally, stop, 1000 + i),
                daemon=True,
            )
            for i in range(WRITERS)
        ]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        stop.wait(SECONDS)
        stop.set()
        for thread in threads:
            thread.join(REQUEST_TIMEOUT + 5)
        elapsed = time.monotonic() - started
        cpu_after = os.times()
        server_after = server_cpu_seconds(server.pid)

    stored = json.loads(
        manage(env, "shell", "--no-imports", "-c", STORED.format(game=game))
        .strip()
        .splitlines()[-1]
    )
    stored_keys = [key for _, key in stored]
    numbers_ok = [number for number, _ in stored] == list(range(1, len(stored) + 1))
    keys_ok = sorted(stored_keys, key=str) == sorted(tally.saved_keys)
    rounds_ok = len(stored) == tally.round_posts and keys_ok and numbers_ok

    print(
        f"-- {label}: {POLLERS} pollers + {WRITERS} writers for {elapsed:.0f} s, "
        f"gunicorn --workers {WORKERS}, writers pause {WRITER_PAUSE:g} s"
    )
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine load average at the end (1, 5, 15 min): {load}")
    print(f"requests: {tally.requests} ({tally.requests / elapsed:.0f}/s)")
    print(f"errors: {tally.errors}")
    print(f"conflicts (409): {tally.conflicts}")
    for kind in ("read", "write"):
        values = tally.latencies.get(kind, [])
        if values:
            print(f"{kind}s: {len(values)}, {spread(values)}")
    for what, values in sorted(tally.by_label.items()):
        print(f"  {what}: {len(values)}, {spread(values)}")
    print(
        "answers: "
        + ", ".join(f"{what} {status}×{n}" for (what, status), n in sorted(tally.statuses.items()))
    )
    print(
        f"rounds stored: {len(stored)}, round posts saved (302): {tally.round_posts}"
        f"{'' if rounds_ok else '  MISMATCH'}; round 1 edits saved: {tally.edits_saved}"
    )
    if not keys_ok:
        print("  the stored request keys are not the saved posts' keys (a round lost or doubled)")
    if not numbers_ok:
        print(f"  stored round numbers are not 1..{len(stored)}")
    client_cpu = (cpu_after.user + cpu_after.system) - (cpu_before.user + cpu_before.system)
    print(
        f"load generator's own CPU: {client_cpu:.0f} s in {elapsed:.0f} s "
        f"(on the same {os.cpu_count()} cores)"
    )
    if server_before is not None and server_after is not None and tally.requests:
        server_cpu = server_after - server_before
        print(
            f"gunicorn's CPU: {server_cpu:.0f} s in {elapsed:.0f} s, "
            f"{server_cpu * 1000 / tally.requests:.0f} ms a request"
            + (" (PostgreSQL's own processes not counted)" if label == "PostgreSQL" else "")
        )
    for sample in tally.error_samples:
        print(f"  error: {sample}")
    if tally.errors:
        kept = Path(tempfile.gettempdir()) / f"table_load-{label.lower()}-{os.getpid()}.log"
        shutil.copy(log, kept)
        found = tracebacks(log.read_text())
        print(
            f"gunicorn's log is kept at {kept}" + (f"; first tracebacks:\n{found}" if found else "")
        )
    return tally.errors == 0 and rounds_ok


# --- PostgreSQL: a database of our own on the DATABASE_URL server ---------------------------------


def with_database(url: str, name: str) -> str:
    """The same server URL naming another database (urlunsplit would drop an empty host)."""
    parts = urllib.parse.urlsplit(url)
    query = f"?{parts.query}" if parts.query else ""
    return f"{parts.scheme}://{parts.netloc}/{name}{query}"


def postgres_admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(with_database(url, "postgres"), autocommit=True) as connection:
        connection.execute(statement)


def on_each_database(run, prefix: str) -> int:
    """``run(label, database_url, data_dir)`` on a throwaway SQLite file, then on a throwaway
    database of the DATABASE_URL PostgreSQL server when there is one; 0 when every run was
    fine, else 1."""
    ok = True
    data_dir = tempfile.mkdtemp(prefix=f"scorekeeper-{prefix}-")
    try:
        ok &= run("SQLite", f"sqlite:///{data_dir}/bench.sqlite3", data_dir)
        server_url = os.environ.get("DATABASE_URL", "")
        if server_url.startswith(("postgres://", "postgresql://")):
            name = f"scorekeeper_{prefix.replace('-', '_')}_{os.getpid()}"
            postgres_admin(server_url, f'CREATE DATABASE "{name}"')
            try:
                ok &= run("PostgreSQL", with_database(server_url, name), data_dir)
            finally:
                postgres_admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    return 0 if ok else 1


def main() -> int:
    print(f"target: 0 errors, p95 under {TARGET_P95_MS} ms")
    return on_each_database(run, "table-load")


if __name__ == "__main__":
    sys.exit(main())
