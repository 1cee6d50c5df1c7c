"""Hostile posts to every write form: how many answer 5xx (target 0).

Run: .venv/bin/python bench/fuzz.py [--posts N] [--seed N]

Then walks every URL pattern of the URL conf that takes a POST or an id/token
(bench/url_walk.py: NUL, over-long, non-ASCII digits and out-of-range ids into every path
converter and every form field, as anonymous, an outsider and a member, seeded) and prints its
requests, 5xx count and the 5xx per pattern name.

Sends N (default 4,000) posts through Django's test client, signed in, spread over the
write forms of tests/fuzzing.py (round create and edit, new game, game stop, house rules,
challenge log, sign-up, new crew, night rename, import page, and the deck pages: new deck, add a
card, leave cards out) with values drawn from its hostile
lists and random text; a form added there that this file has no drawer for yet gets values from
its hypothesis strategy (and a line saying so) instead of stopping the bench. Runs against a
throwaway SQLite file under /tmp, and — when DATABASE_URL names a PostgreSQL server — against a
temporary database created on that server and dropped afterwards. Prints, per database, the
posts, the answers by class, the 5xx count, and the refusals (4xx) that changed something
(checked on every tenth refusal).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--backend", choices=["sqlite", "postgres"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.backend:
        return run_one(args.backend, args.posts, args.seed)
    backends = ["sqlite"]
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        backends.append("postgres")
    failed = False
    for backend in backends:
        command = [sys.executable, __file__, "--backend", backend, "--posts", str(args.posts)]
        failed |= subprocess.run([*command, "--seed", str(args.seed)]).returncode != 0
    return 1 if failed else 0


def run_one(backend: str, posts: int, seed: int) -> int:
    data_dir = tempfile.mkdtemp(prefix="scorekeeper-fuzz-", dir="/tmp")
    os.environ["SCOREKEEPER_DATA_DIR"] = data_dir
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    sys.path.insert(0, str(ROOT))
    server_url = os.environ.pop("DATABASE_URL", None)
    temp_db = None
    if backend == "postgres":
        temp_db = f"scorekeeper_fuzz_{os.getpid()}"
        _postgres(server_url, f'CREATE DATABASE "{temp_db}"')
        parts = urlsplit(server_url)
        os.environ["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{temp_db}"))
    try:
        return fuzz(backend, posts, seed)
    finally:
        if temp_db:
            from django.db import connections

            connections.close_all()
            _postgres(server_url, f'DROP DATABASE IF EXISTS "{temp_db}"')
        shutil.rmtree(data_dir, ignore_errors=True)


def _postgres(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(sql)


def fuzz(backend: str, posts: int, seed: int) -> int:
    import logging

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import override_settings

    # Pages name their static files without a collectstatic manifest, as in the tests.
    static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    # A sign-up hashes its password: the fast hasher of the tests, or PBKDF2 takes the time.
    fast = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    override_settings(
        STORAGES={**settings.STORAGES, "staticfiles": static}, PASSWORD_HASHERS=fast
    ).enable()

    # A 5xx is counted here; Django's own log of each would drown the figures.
    # (and the login brake's and the security loggers' lines, which the walk sets off by the
    # thousand).
    logging.disable(logging.CRITICAL)
    call_command("migrate", verbosity=0)

    from tests import fuzzing

    rng = random.Random(seed)
    site = fuzzing.make_site()
    values = {target.name: _values(rng, target) for target in fuzzing.TARGETS}
    statuses: collections.Counter[str] = collections.Counter()
    errors: collections.Counter[str] = collections.Counter()
    seconds: collections.Counter[str] = collections.Counter()
    changed = 0
    started = time.perf_counter()
    for index in range(posts):
        target = fuzzing.TARGETS[index % len(fuzzing.TARGETS)]
        value = values[target.name]()
        check = index % 10 == 0
        before = fuzzing.fingerprint() if check else None
        posted = time.perf_counter()
        try:
            status = target.post(site, value)
        except Exception as error:  # the test client re-raises a view's exception
            status = 500
            errors[f"{target.name}: {type(error).__name__}: {str(error)[:80]}"] += 1
        seconds[target.name] += time.perf_counter() - posted
        statuses[f"{status // 100}xx"] += 1
        if status >= 500:
            errors.setdefault(f"{target.name}: {status}", 0)
        elif check and 400 <= status < 500 and fuzzing.fingerprint() != before:
            changed += 1
    elapsed = time.perf_counter() - started
    server_errors = statuses["5xx"]
    print(
        f"{backend}: {posts} posts in {elapsed:.0f} s — "
        + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()))
        + f"; 5xx: {server_errors} (target 0); refusals that changed something: {changed}"
    )
    for name, spent in sorted(seconds.items(), key=lambda item: -item[1]):
        print(f"  {name:14s} {spent / (posts / len(fuzzing.TARGETS)) * 1000:6.1f} ms a post")
    for line, count in errors.most_common(10):
        print(f"  {count:5d}  {line}")
    walked = _walk(backend, site, seed)
    return 1 if server_errors or changed or walked else 0


def _walk(backend: str, site, seed: int) -> int:
    """Every URL pattern that takes a POST or an id/token (bench/url_walk.py); its 5xx count."""
    sys.path.insert(0, str(ROOT / "bench"))
    import url_walk

    figures = url_walk.walk(site, seed)
    print(
        f"{backend}: URL walk over {figures.patterns} patterns, 3 roles: {figures.requests} "
        f"requests in {figures.elapsed:.0f} s — "
        + ", ".join(f"{k}: {v}" for k, v in sorted(figures.statuses.items()))
        + f"; 5xx: {figures.server_errors} (target 0)"
    )
    for name, lines in sorted(figures.errors.items()):
        print(f"  {name}: {sum(lines.values())} × 5xx")
        for line, count in lines.most_common(3):
            print(f"    {count:4d}  {line}")
    return figures.server_errors


def _text(rng: random.Random) -> str:
    from tests.fuzzing import HOSTILE_TEXT

    if rng.random() < 0.6:
        return rng.choice(HOSTILE_TEXT)
    alphabet = "aZ 7²⑦\x00\x1b\r\n\ufeff\u202e\u0301é👨\u200d,-+:*"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 45)))


def _json(rng: random.Random, depth: int = 0) -> Any:
    from tests.fuzzing import HOSTILE_JSON_VALUES

    roll = rng.random()
    if depth < 2 and roll < 0.1:
        return [_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 2 and roll < 0.2:
        return {_text(rng): _json(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    if roll < 0.6:
        return rng.choice(HOSTILE_JSON_VALUES)
    return _text(rng)


def _values(rng: random.Random, target):
    """A function that draws one value for ``target`` (the shape its post takes)."""
    from tests import fuzzing

    name = target.name
    text = lambda: _text(rng)  # noqa: E731
    if name in ("round create", "round edit"):
        return lambda: (
            rng.choice(["Ann", "Ben", "Cat", text()]),
            [(text() if rng.random() < 0.5 else "", text()) for _ in range(3)],
            None if rng.random() < 0.7 else text(),
            None if rng.random() < 0.5 else text(),
        )
    if name == "new game":
        return lambda: (
            [text() for _ in range(rng.randint(0, 12))],
            rng.choice(["start", "new", "up:1", "remove:0", "add:Ann", text()]),
            text(),
            rng.choice(["250", "500", "custom", text()]),
            text(),
            rng.choice(["classic", text()]),
        )
    if name == "game stop":
        return lambda: (
            rng.choice(["leader", "no_result", "abandoned", text()]),
            rng.choice([None, "0", "1", "2", text()]),
        )
    if name == "house rules":
        return lambda: (text(), text(), text())
    if name == "challenge log":
        return lambda: (
            rng.choice(["R", "G", text()]),
            text(),
            rng.choice(["yes", "no", "", text()]),
            rng.choice(["1", "2", "3", text()]),
            rng.choice(["1", "2", "3", text()]),
        )
    if name == "sign-up":
        return lambda: (text(), rng.choice(["a-long-fuzz-password", text()]), text())
    if name in ("crew new", "night rename"):
        return text
    if name == "import page":

        def game_file() -> bytes:
            roll = rng.random()
            if roll < 0.05:
                return fuzzing.deep(rng.choice([50, 900, 5000])).encode()
            if roll < 0.1:
                return rng.choice([b"\xff\xfe", b"1" * 5000, b'{"target": NaN}', b"[]", b""])
            changes = [
                (rng.choice(fuzzing.GAME_PATHS), _json(rng)) for _ in range(rng.randint(1, 3))
            ]
            game = fuzzing.game_with(changes)
            return fuzzing.game_file_bytes([game, game] if roll < 0.2 else game)

        return game_file
    return _drawn_by_hypothesis(rng, target)


def _drawn_by_hypothesis(rng: random.Random, target):
    """A form added to tests/fuzzing.py that this bench has no drawer for yet: values from the
    target's own hypothesis strategy (a pool drawn once, not seeded), so the bench still posts
    to it instead of stopping. Write a drawer above to make its values repeatable."""
    import warnings

    from hypothesis.errors import NonInteractiveExampleWarning

    print(f"  no drawer for {target.name!r} in bench/fuzz.py: using its hypothesis strategy")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        pool = [target.strategy.example() for _ in range(200)]
    return lambda: rng.choice(pool)


if __name__ == "__main__":
    sys.exit(main())
