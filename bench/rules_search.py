"""Benchmark the rules search: run with `python bench/rules_search.py`.

Times every query in the dispute table (plus typo and edition-filtered variants) several times
over, after one warm-up pass, and prints mean, p95 and max per query. Not run by the tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import EDITIONS, ENTRIES  # noqa: E402
from scorekeeper.rulesearch import questions  # noqa: E402
from scorekeeper.rulesearch import search as search_module  # noqa: E402
from scorekeeper.rulesearch.index import Index  # noqa: E402
from scorekeeper.rulesearch.search import lookup, search  # noqa: E402

QUERIES = [
    "can you stack draw 2?",
    "can i put a +4 on a +2",
    "forgot to say uno",
    "didn't call uno",
    "what if first card is wild",
    "first card turned over is a reverse",
    "wd4 challenge",
    "who can challenge a wild draw four",
    "who deals",
    "how many cards each",
    "can i play wild when i have a matching colour",
    "what happens when the draw pile runs out",
    "kitty card",
    "cheese touch",
    "water drop",
    "two player",
    "how many points is a skip",
    "7-0",
    "jump in",
    "draw until you can play",
    "can I go out on a draw two",
    "can you end on an action card",
    "chalenge",
    "stak",
    "revers",
    "uno penality",
    "whos the delaer",
    "xqzvw plorg",
    "play to 250",
    "+4 on +4",
    "misdeal",
    "who deals next round",
    "can we trade cards",
    "stackin plus 4s??",
    "what can i play on a red 7 if i have no red cards and only a wild draw four and a blue 7",
]
ROUNDS = 50


def main() -> None:
    for query in QUERIES:  # warm-up: fills the typo-correction cache like a running server
        lookup(query)
    # search() ranks the entries; lookup() (what the rules page calls) also decides whether a
    # sheet settles the question.
    for name, function in (("rules search", search), ("rules lookup", lookup)):
        timings_ms: list[float] = []
        for _ in range(ROUNDS):
            # Each round reads the questions afresh, its typo corrections kept.
            search_module.clear_caches(typos=False)
            for index, query in enumerate(QUERIES):
                edition = EDITIONS[index % len(EDITIONS)] if index % 3 == 0 else None
                start = time.perf_counter()
                function(query, edition=edition)
                timings_ms.append((time.perf_counter() - start) * 1000)
        timings_ms.sort()
        p95 = timings_ms[int(len(timings_ms) * 0.95) - 1]
        print(
            f"{name}: {len(ENTRIES)} entries, {len(QUERIES)} queries x {ROUNDS} rounds, "
            f"mean {statistics.fmean(timings_ms):.3f} ms, p95 {p95:.3f} ms, "
            f"max {timings_ms[-1]:.3f} ms"
        )

    # The first time an unknown word is seen, typo correction runs an edit-distance pass over
    # its candidates; this is the worst case a first visitor sees.
    search_module.clear_caches()
    start = time.perf_counter()
    for query in QUERIES:
        search(query)
    cold = (time.perf_counter() - start) * 1000 / len(QUERIES)
    print(f"rules search, cold typo cache: mean {cold:.3f} ms per query")

    learned = [*questions.phrasings(), *questions.calibration()], questions.tuning()
    start = time.perf_counter()
    Index.build(ENTRIES, *learned)  # what the first question in a process waits for
    print(f"rules search index build: {(time.perf_counter() - start) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
