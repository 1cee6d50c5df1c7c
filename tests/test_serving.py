"""`make run` serves so that slow clients cannot hold every worker (issue 53, item 17): two slow
clients used to stall its two sync workers, and a normal request waited 33 s behind them."""

from __future__ import annotations

import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hello(environ, start_response):
    """A WSGI app that answers at once: what is measured is the server, not the pages."""
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]


def run_command() -> list[str]:
    """The gunicorn command of the Makefile's ``run`` target, from the gunicorn on."""
    text = (ROOT / "Makefile").read_text()
    recipe = text[text.index("\nrun:") :].split("\n\n")[0].replace("\\\n", " ")
    line = next(line for line in recipe.splitlines() if "/gunicorn " in line)
    words = shlex.split(line)
    return words[next(i for i, word in enumerate(words) if word.endswith("/gunicorn")) :]


def options(command: list[str]) -> dict[str, str]:
    """The ``--name value`` options of a command line."""
    return {
        word: command[i + 1]
        for i, word in enumerate(command[:-1])
        if word.startswith("--") and not command[i + 1].startswith("--")
    }


def test_make_run_serves_with_threaded_workers_and_a_timeout():
    found = options(run_command())
    assert found["--worker-class"] == "gthread"
    assert int(found["--threads"]) >= 4
    assert 0 < int(found["--timeout"]) <= 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str, timeout: float) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 - our own server
        return response.read()


def test_slow_clients_do_not_hold_every_worker_of_make_run():
    found = options(run_command())
    port = _free_port()
    flags = [
        f"{name}={value}"
        for name, value in found.items()
        if name in ("--workers", "--worker-class", "--threads", "--timeout")
    ]
    server = subprocess.Popen(  # noqa: S603 - our own venv's gunicorn
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "tests.test_serving:hello",
            f"--bind=127.0.0.1:{port}",
            *flags,
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    slow: list[socket.socket] = []
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 120  # a busy machine starts it slowly; it must start
        while True:  # until the server answers
            try:
                assert _get(url, timeout=2) == b"ok"
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        # Twice as many slow clients as workers, each stuck half-way through its headers.
        for _ in range(2 * int(found.get("--workers", "1"))):
            client = socket.create_connection(("127.0.0.1", port))
            client.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            slow.append(client)
        time.sleep(0.5)
        # Behind sync workers the request waits for a slow client's worker to be killed (the
        # workers' --timeout, 30 s); threaded workers answer it at once. 20 s tells the two
        # apart with room for a busy machine.
        assert _get(url, timeout=20) == b"ok"
    finally:
        for client in slow:
            client.close()
        server.terminate()
        server.wait(timeout=30)
