"""Work that really runs at the same moment: each call in its own thread, so on its own database
connection, all released together by a barrier (SQLite in WAL mode here, PostgreSQL in CI)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def at_once(work: Callable[[int], Any], count: int, timeout: float = 120) -> list[Any]:
    """Run ``work(0)`` ... ``work(count - 1)`` at once; each one's result, or the exception it
    raised (the caller decides which are wrong). Each thread closes its connection."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = work(index)
        except Exception as error:  # noqa: BLE001 - returned to the caller
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(thread.is_alive() for thread in threads), "a thread did not finish in time"
    return results


def failures(results: list[Any]) -> list[Exception]:
    return [result for result in results if isinstance(result, Exception)]
