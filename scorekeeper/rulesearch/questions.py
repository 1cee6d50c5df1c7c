"""The question corpus: disputes typed as players type them, to teach and judge the search.

The files under ``corpus/`` hold one question a line, three tab-separated columns: the language
(``en`` or ``es``), what must answer it, and the question. What must answer it is an entry's
slug (several joined by ``|`` when each answers it as well), or ``-`` when no sheet covers the
question. They were written from the rule sheets and the library's titles and answers by people
who had not seen the search's code, aliases or tests.

The corpus is split once, by a stable hash of the question, into a tuning half and a held-out
half. The search learns from the first only (its questions are phrasings the search compares a
question with, see ``search.py``); the benchmark (``bench/referee_accuracy.py``) reports both
halves and the README the held-out figures. The held-out questions are not for reading while
tuning: ``tuning()`` is what a developer (and the search) looks at.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.rules.entries import ENTRIES

CORPUS = Path(__file__).resolve().parent / "corpus"
# The library's own phrasings in the same format: more ways to ask for each entry, and
# questions no sheet settles ("-"), written from the sheets without reading the corpus.
PHRASINGS = Path(__file__).resolve().parent / "phrasings"
# Questions in the same format, written by people who saw neither the corpus nor the search:
# ``fresh-*`` from the sheets and the library's titles and answers, ``street-*`` from the sheets
# and the titles only, typed as players type. The search and its classifier learn from them, and
# the verdict (``classifier.Verdict``) is fitted on them, each read by a search built without
# its half of them (``scripts/train_referee.py``), so it learns what the search does with
# questions it never saw.
CALIBRATION = Path(__file__).resolve().parent / "calibration"
# A second judge, never learned from: 828 questions written like the street ones by seven more
# helpers, each told to make some of an entry's questions border on a neighbouring entry (who
# deals or who plays first, a Skip turned up or played), so they are harder than the corpus.
# Nothing in the search, its training or its cross-validation reads them; the benchmark prints
# their figures beside the held-out half's.
BORDER = Path(__file__).resolve().parent / "border"
# A third judge, never learned from: 1,040 questions written as the street ones were (sheets and
# titles only, answers opened afterwards to check labels, never to reword) by eight more helpers,
# each in a voice of its own (US and British texting, grandparents, kids, learners of English,
# voice dictation; Spanish of Mexico, Spain, the River Plate, Colombia, Chile, the Caribbean,
# Central America and the United States). Unlike the border questions they are not made hard on
# purpose: they stand in for the held-out half, and the shipped search is judged on them as it
# is, in seconds, where the street halves need a search built without each half. Nothing in the
# search, its training or its cross-validation reads them (a test holds it).
STRANGERS = Path(__file__).resolve().parent / "strangers"
TUNING, HELD_OUT = "tuning", "held-out"


@dataclass(frozen=True, slots=True)
class Question:
    language: str  # "en" or "es"
    expected: tuple[str, ...]  # slugs that answer it; () when no sheet covers it
    text: str
    source: str  # the file it came from

    @property
    def half(self) -> str:
        return half_of(self.text)

    @property
    def settled(self) -> bool:
        """True when a sheet settles the question: an entry answers it (not a house rule)."""
        return bool(self.expected) and self.expected[0] not in UNSETTLED

    @property
    def house_rule(self) -> str | None:
        """The library's house-rule entry the question is about (7-0, jump-in...), if any."""
        return self.expected[0] if self.expected and not self.settled else None


def half_of(text: str) -> str:
    """The half a question belongs to, fixed forever by its text (lowercase, trimmed)."""
    digest = hashlib.sha256(" ".join(text.lower().split()).encode()).digest()
    return TUNING if digest[0] % 2 == 0 else HELD_OUT


UNSETTLED = frozenset(entry.slug for entry in ENTRIES if not entry.covered)


def load(half: str | None = None, directory: Path = CORPUS) -> list[Question]:
    """Every question of the corpus (of one half, when named), in file order; or of another
    directory in the same format (``PHRASINGS``)."""
    questions = []
    for path in sorted(directory.glob("*.tsv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            language, expected, text = line.split("\t")
            if language not in ("en", "es"):
                raise ValueError(f"{path.name}:{number}: language {language!r}")
            slugs = () if expected.strip() == "-" else tuple(expected.strip().split("|"))
            question = Question(language, slugs, text.strip(), path.name)
            if half is None or question.half == half:
                questions.append(question)
    return questions


def tuning() -> list[Question]:
    return load(TUNING)


def phrasings() -> list[Question]:
    return load(directory=PHRASINGS)


def calibration() -> list[Question]:
    return load(directory=CALIBRATION)
