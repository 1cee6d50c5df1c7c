"""The referee's judges: what the lookup did with each question, and the figures over a set.

Read by the benchmark (``bench/referee_accuracy.py``), the cross-validation
(``scripts/referee_cv.py``) and the tests' floors, so none of them imports another's code.

Two kinds of questions are judged:

- ``Question`` (``questions.py``: the corpus, the border and the strangers' judges): a question
  a sheet settles is right when it gets an answer or a likely answer and its entry comes first;
  one no sheet settles is right when it gets "no sheet covers this" (with the house-rule entry
  first when it names one, like 7-0).
- ``SheetQuestion`` (``sheets/``, the judge written from the five sheets alone, never learned
  from): the same, and a third kind, the *edge* of an entry (a sheet speaks of the matter but
  not of the case asked), right only when the lookup says the sheets leave the case open
  (verdict ``open``), since both an answer and "no sheet covers this" are wrong there.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.rules import get_entry

from .index import Index
from .questions import Question
from .search import default_index, lookup
from .verdict import NONE, OPEN

SHEETS_JUDGE = Path(__file__).resolve().parent / "sheets"
SETTLED, UNSETTLED, EDGE = "settled", "unsettled", "edge"
MISSING = "+"  # a case a sheet settles that the library has no entry for
TIMED_PASSES = 3


@dataclass(frozen=True, slots=True)
class SheetQuestion:
    language: str  # "en" or "es"
    kind: str  # SETTLED, UNSETTLED or EDGE
    expected: tuple[str, ...]  # the entries that settle it (settled), its house rule, its matter
    text: str

    @property
    def settled(self) -> bool:
        return self.kind == SETTLED


def load_sheets_judge(directory: Path = SHEETS_JUDGE) -> list[SheetQuestion]:
    """The sheets-only judge: four tab-separated columns a line (language, kind, the entries
    joined by ``|`` or ``-`` for none or ``+`` for an entry the library lacks, the question)."""
    found = []
    for path in sorted(directory.glob("*.tsv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            language, kind, expected, text = line.split("\t")
            if language not in ("en", "es") or kind not in (SETTLED, UNSETTLED, EDGE):
                raise ValueError(f"{path.name}:{number}: {language!r} {kind!r}")
            slugs = () if expected.strip() in ("-", MISSING) else tuple(expected.split("|"))
            found.append(SheetQuestion(language, kind, slugs, text.strip()))
    return found


def judge(question: Question | SheetQuestion, index: Index | None = None) -> dict[str, bool]:
    """What the lookup did with one question (see the module's docstring), by ``index``, by
    default the app's (this module's ``lookup``, which a probe may wrap)."""
    found = lookup(question.text) if index is None else index.lookup(question.text)
    slugs = [hit.entry.slug for hit in found.hits]
    first = slugs[0] if slugs else None
    opened = found.verdict == OPEN
    answered = found.covered  # an answer or a likely answer: "a sheet settles it"
    if getattr(question, "kind", None) == EDGE:
        return {
            "right": opened,
            "top3": any(slug in question.expected for slug in slugs[:3]),
            "wrong_banner": False,
            "wrong_covered": answered,
        }
    if question.settled:
        return {
            "right": answered and first in question.expected,
            "top3": any(slug in question.expected for slug in slugs[:3]),
            "wrong_banner": not answered,
            "wrong_covered": False,
        }
    wanted = question.expected[0] if question.expected else None
    # A question an open case answers (``Entry.silent``: the corpus's "the sheet leaves it
    # open") is right as that open case, or under the banner with it first, as before the
    # open verdict; any other unsettled question only under the banner.
    if wanted is not None and _is_open_case(wanted):
        right = (opened or found.verdict == NONE) and first == wanted
    else:
        right = found.verdict == NONE and (wanted is None or first == wanted)
    return {"right": right, "top3": True, "wrong_banner": False, "wrong_covered": answered}


def _is_open_case(slug: str) -> bool:
    entry = get_entry(slug)
    return entry is not None and entry.silent


def figures(
    questions: Sequence[Question | SheetQuestion],
    *,
    timed: bool = True,
    index: Index | None = None,
) -> dict:
    """The judge's figures over ``questions`` (per cent) by ``index`` (by default the app's),
    and the lookup's p50/p95 in ms when ``timed``: each question with the search's caches
    empty, its best of ``TIMED_PASSES`` passes (this machine is shared, and one pass's timings
    drift by half)."""
    timed_index = default_index() if index is None else index
    settled = [q for q in questions if q.settled]
    unsettled = [q for q in questions if not q.settled]
    timings = [math.inf] * len(questions) if timed else []
    for _ in range(TIMED_PASSES if timed else 0):
        timed_index.clear_caches()
        for number, question in enumerate(questions):
            start = time.perf_counter()
            timed_index.lookup(question.text)
            timings[number] = min(timings[number], (time.perf_counter() - start) * 1000)
    timings.sort()
    verdicts = [judge(q, index) for q in questions]
    by_question = dict(zip(map(id, questions), verdicts, strict=True))

    def share(group: Sequence, key: str) -> float:
        return 100 * sum(by_question[id(q)][key] for q in group) / len(group) if group else 0.0

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
