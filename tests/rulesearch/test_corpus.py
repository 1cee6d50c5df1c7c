"""The question corpus, its split, and what the search may learn from it.

The figures on the held-out half are the benchmark's (``bench/referee_accuracy.py``) and the
README's; a test holds the tuning half to a floor (the search learned from it). The
cross-validation inside it (each fold judged by a search that never saw it) retrains the search,
so it is `make referee-model`'s check (``scripts/referee_cv.py --floors``), not a test's.
"""

from collections import Counter

import pytest

from scorekeeper.rules import ENTRIES, get_entry
from scorekeeper.rulesearch import search as search_module
from scorekeeper.rulesearch.evaluation import figures
from scorekeeper.rulesearch.questions import (
    BORDER,
    CALIBRATION,
    CORPUS,
    HELD_OUT,
    PHRASINGS,
    STRANGERS,
    TUNING,
    calibration,
    half_of,
    load,
    phrasings,
    tuning,
)

QUESTIONS = load()


def test_every_entry_has_at_least_eight_phrasings_in_each_language():
    counts = Counter((q.expected[0], q.language) for q in QUESTIONS if q.expected)
    for entry in ENTRIES:
        assert counts[(entry.slug, "en")] >= 8, entry.slug
        assert counts[(entry.slug, "es")] >= 8, entry.slug


def test_there_are_a_hundred_questions_no_sheet_covers_half_of_them_spanish():
    no_sheet = [q for q in QUESTIONS if not q.expected]
    assert len(no_sheet) >= 80
    unsettled = [q for q in QUESTIONS if not q.settled]  # with 7-0, jump-in, misdeal...
    assert len(unsettled) >= 100
    assert sum(q.language == "es" for q in unsettled) >= len(unsettled) // 2


def test_every_question_names_real_entries_and_appears_once():
    # Counted, so a failure prints no held-out text.
    unknown = sum(1 for q in QUESTIONS for slug in q.expected if get_entry(slug) is None)
    assert unknown == 0
    assert all(question.text and "\t" not in question.text for question in QUESTIONS)
    texts = [" ".join(q.text.lower().split()) for q in QUESTIONS]
    assert len(texts) == len(set(texts))


def test_the_split_is_fixed_by_the_text_alone():
    assert half_of("can you stack draw 2?") == half_of("  Can you stack   draw 2?")
    halves = Counter(q.half for q in QUESTIONS)
    assert set(halves) == {TUNING, HELD_OUT}
    assert 0.4 < halves[TUNING] / len(QUESTIONS) < 0.6  # about half each
    assert {q.text for q in tuning()} == {q.text for q in QUESTIONS if q.half == TUNING}


def test_the_search_learns_from_the_tuning_half_only():
    index = search_module.default_index()
    learned = index.tuning
    assert learned and all(q.half == TUNING for q in learned)
    held_out = {q.text for q in QUESTIONS if q.half == HELD_OUT}
    phrased = {q.text for q in index.questions}
    # The library's phrasings are not corpus questions (counted, so a failure prints no text).
    shared = sum(1 for text in phrased if text in held_out)
    assert shared == 0


def test_the_librarys_phrasings_are_not_copied_from_the_corpus():
    corpus = {" ".join(q.text.lower().split()) for q in QUESTIONS}
    copied = sum(1 for q in phrasings() if " ".join(q.text.lower().split()) in corpus)
    assert copied == 0  # counted, so a failure prints no held-out text
    assert PHRASINGS != CORPUS


def test_the_calibration_questions_are_new_and_name_real_entries():
    """Questions by other hands: none is a corpus question or one of the library's phrasings,
    and each names real entries (or none)."""
    found = calibration()
    assert len(found) >= 600 and CALIBRATION not in (CORPUS, PHRASINGS)
    for question in found:
        assert all(get_entry(slug) for slug in question.expected), question
    texts = [" ".join(q.text.lower().split()) for q in found]
    assert len(texts) == len(set(texts))
    elsewhere = {" ".join(q.text.lower().split()) for q in (*QUESTIONS, *phrasings())}
    # Counted, so a failure prints no held-out text.
    shared = sum(1 for text in texts if text in elsewhere)
    assert shared == 0
    languages = Counter(q.language for q in found if not q.settled)
    assert languages["en"] >= 60 and languages["es"] >= 60


@pytest.mark.parametrize(
    ("directory", "other_judge", "at_least"),
    [
        (BORDER, STRANGERS, {"all": 800, "en": 250, "es": 400}),
        (STRANGERS, BORDER, {"all": 1000, "en": 500, "es": 500}),
    ],
    ids=["border", "strangers"],
)
def test_the_judges_questions_are_new_and_never_learned_from(directory, other_judge, at_least):
    """The judges (``questions.BORDER`` and ``questions.STRANGERS``): real entries, no repeats,
    none of them a question anything else holds, and nothing that trains or builds the search
    reads them."""
    found = load(directory=directory)
    assert len(found) >= at_least["all"]
    assert len({CORPUS, PHRASINGS, CALIBRATION, BORDER, STRANGERS}) == 5
    for question in found:
        assert all(get_entry(slug) for slug in question.expected), question
    texts = [" ".join(q.text.lower().split()) for q in found]
    assert len(texts) == len(set(texts))
    elsewhere = {
        " ".join(q.text.lower().split())
        for q in (*QUESTIONS, *phrasings(), *calibration(), *load(directory=other_judge))
    }
    assert sum(1 for text in texts if text in elsewhere) == 0  # counted: no text printed
    index = search_module.default_index()
    learned = {" ".join(q.text.lower().split()) for q in (*index.tuning, *index.questions)}
    assert learned.isdisjoint(texts)
    root = CORPUS.parents[2]
    package = root / "scorekeeper" / "rulesearch"
    for path in (
        *(
            path
            for path in package.glob("*.py")
            if path.name not in ("questions.py", "evaluation.py")
        ),
        root / "scripts" / "train_referee.py",
        root / "scripts" / "referee_cv.py",
    ):
        assert directory.name not in path.read_text(encoding="utf-8"), path
    languages = Counter(q.language for q in found)
    assert languages["en"] >= at_least["en"] and languages["es"] >= at_least["es"]


def test_the_tuning_half_is_answered_above_a_floor():
    """The search learned from these questions: a floor, not a result (see the README)."""
    found = figures(tuning(), timed=False)
    assert found["top1"] >= 90
    assert found["top3"] >= 95
    assert found["wrong_banner"] <= 3
    assert found["wrong_covered"] <= 10


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_language_of_the_tuning_half_is_answered_above_a_floor(language):
    assert figures([q for q in tuning() if q.language == language], timed=False)["top1"] >= 88
