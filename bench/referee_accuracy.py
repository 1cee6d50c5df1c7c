"""How often the referee is right, on the question corpus: `python bench/referee_accuracy.py`.

Prints, per half of the corpus (tuning, held-out), for the border questions (``border/``) and
for the strangers' questions (``strangers/``), both never learned from (see
``questions.BORDER`` and ``questions.STRANGERS``), per language:

- top-1 right: a question a sheet settles gets an answer or a likely answer, and its entry is
  first; a question no sheet settles gets "no sheet covers this" (with the house-rule entry
  first when it names one, like 7-0);
- top 3: the right entry is among the first three hits (settled questions);
- wrong "no sheet covers this": settled questions that got the banner;
- wrong "covered": unsettled questions that got an answer or a likely answer;
- lookup p50/p95 in milliseconds, over the half's questions, every cache empty (each question's
  best of three passes).

The README reports the held-out half and the two judges. ``--show tuning`` lists the tuning
half's misses (the held-out half and the judges' questions are never listed: they stay
unread). Exit status 0 always: figures, not a test.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rulesearch.search import NONE, lookup  # noqa: E402

search_module = sys.modules["scorekeeper.rulesearch.search"]
from scorekeeper.rulesearch.questions import (  # noqa: E402
    BORDER,
    HELD_OUT,
    STRANGERS,
    TUNING,
    Question,
    load,
)

JUDGES = {directory.name: directory for directory in (BORDER, STRANGERS)}
TIMED_PASSES = 3


def judge(question: Question) -> dict[str, bool]:
    """What the lookup did with one question (see the module's docstring)."""
    found = lookup(question.text)
    slugs = [hit.entry.slug for hit in found.hits]
    first = slugs[0] if slugs else None
    banner = found.verdict == NONE
    if question.settled:
        return {
            "right": not banner and first in question.expected,
            "top3": any(slug in question.expected for slug in slugs[:3]),
            "wrong_banner": banner,
            "wrong_covered": False,
        }
    wanted = question.house_rule
    return {
        "right": banner and (wanted is None or first == wanted),
        "top3": True,
        "wrong_banner": False,
        "wrong_covered": not banner,
    }


def figures(questions: list[Question]) -> dict[str, float]:
    settled = [q for q in questions if q.settled]
    unsettled = [q for q in questions if not q.settled]
    # Timed first, with the search's caches empty: each question as a first visitor asks it. In
    # TIMED_PASSES passes, each after emptying the caches, keeping each question's best time:
    # this machine is shared, and one pass's timings drift by half from minute to minute.
    timings = [math.inf] * len(questions)
    for _ in range(TIMED_PASSES):
        search_module.clear_caches()
        for number, question in enumerate(questions):
            start = time.perf_counter()
            lookup(question.text)
            timings[number] = min(timings[number], (time.perf_counter() - start) * 1000)
    timings.sort()
    verdicts = {q: judge(q) for q in questions}

    def share(group: list[Question], key: str) -> float:
        return 100 * sum(verdicts[q][key] for q in group) / len(group) if group else 0.0

    return {
        "questions": len(questions),
        "settled": len(settled),
        "unsettled": len(unsettled),
        "top1": share(questions, "right"),
        "top1_settled": share(settled, "right"),
        "top3": share(settled, "top3"),
        "wrong_banner": share(settled, "wrong_banner"),
        "wrong_covered": share(unsettled, "wrong_covered"),
        "p50": statistics.median(timings) if timings else 0.0,
        "p95": timings[int(0.95 * (len(timings) - 1))] if timings else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", choices=[TUNING], help="list the misses of the tuning half")
    parser.add_argument(
        "--half",
        choices=[TUNING, HELD_OUT, *JUDGES],
        help="only this half, or one judge's questions (tune with --half tuning)",
    )
    args = parser.parse_args()
    lookup("warm up")  # build the index outside the timings
    print(
        f"{'half':9} {'lang':4} {'n':>4} {'settled':>7} {'top-1':>6} {'top-3':>6}"
        f" {'wrong none':>10} {'wrong cov':>9} {'p50 ms':>7} {'p95 ms':>7}"
    )
    for half in [args.half] if args.half else [TUNING, HELD_OUT, *JUDGES]:
        questions = load(directory=JUDGES[half]) if half in JUDGES else load(half)
        for language in ("en", "es", "all"):
            group = [q for q in questions if language in ("all", q.language)]
            f = figures(group)
            print(
                f"{half:9} {language:4} {f['questions']:>4} {f['settled']:>7} {f['top1']:>5.1f}%"
                f" {f['top3']:>5.1f}% {f['wrong_banner']:>9.1f}% {f['wrong_covered']:>8.1f}%"
                f" {f['p50']:>7.2f} {f['p95']:>7.2f}"
            )
    if args.show == TUNING:
        for question in load(TUNING):
            verdict = judge(question)
            if not verdict["right"]:
                found = lookup(question.text)
                hits = ", ".join(f"{h.entry.slug} {h.score:.2f}" for h in found.hits[:3])
                expected = "|".join(question.expected) or "-"
                print(f"MISS [{found.verdict}] want {expected}: {question.text!r} -> {hits}")


if __name__ == "__main__":
    main()
