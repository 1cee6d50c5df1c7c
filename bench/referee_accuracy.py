"""How often the referee is right: `python bench/referee_accuracy.py`.

Prints first the judge written from the five sheets alone (``sheets/``: its writer never saw
the library, its titles or the app; nothing learns from it; see
``rulesearch/evaluation.py``, where its cases at the edge of an entry count as right only
when the verdict says the sheets leave them open), then per half of the corpus (tuning,
held-out), for the border questions (``border/``) and for the strangers' questions
(``strangers/``), both never learned from (see ``questions.BORDER`` and
``questions.STRANGERS``), per language:

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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rulesearch.evaluation import (  # noqa: E402
    EDGE,
    figures,
    judge,
    load_sheets_judge,
)
from scorekeeper.rulesearch.questions import (  # noqa: E402
    BORDER,
    HELD_OUT,
    STRANGERS,
    TUNING,
    load,
)
from scorekeeper.rulesearch.search import lookup  # noqa: E402

SHEETS = "sheets"  # the judge written from the five sheets alone: reported first
JUDGES = {directory.name: directory for directory in (BORDER, STRANGERS)}


def _questions(half: str) -> list:
    if half == SHEETS:
        return load_sheets_judge()
    return load(directory=JUDGES[half]) if half in JUDGES else load(half)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", choices=[TUNING], help="list the misses of the tuning half")
    parser.add_argument(
        "--half",
        choices=[SHEETS, TUNING, HELD_OUT, *JUDGES],
        help="only this half, or one judge's questions (tune with --half tuning)",
    )
    args = parser.parse_args()
    lookup("warm up")  # build the index outside the timings
    print(
        f"{'half':9} {'lang':4} {'n':>4} {'settled':>7} {'top-1':>6} {'top-3':>6}"
        f" {'wrong none':>10} {'wrong cov':>9} {'p50 ms':>7} {'p95 ms':>7}"
    )
    for half in [args.half] if args.half else [SHEETS, TUNING, HELD_OUT, *JUDGES]:
        questions = _questions(half)
        for language in ("en", "es", "all"):
            group = [q for q in questions if language in ("all", q.language)]
            f = figures(group)
            print(
                f"{half:9} {language:4} {f['questions']:>4} {f['settled']:>7} {f['top1']:>5.1f}%"
                f" {f['top3']:>5.1f}% {f['wrong_banner']:>9.1f}% {f['wrong_covered']:>8.1f}%"
                f" {f['p50']:>7.2f} {f['p95']:>7.2f}"
            )
    sheets = load_sheets_judge()
    edges = [q for q in sheets if q.kind == EDGE]
    if edges and not args.half:
        verdicts = [lookup(q.text).verdict for q in edges]
        told = ", ".join(f"{v} {verdicts.count(v)}" for v in sorted(set(verdicts)))
        print(f"sheets judge, the {len(edges)} cases at the edge of an entry, by verdict: {told}")
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
