"""The referee's judge (``rulesearch/evaluation.py``): how a verdict is counted, and the
sheets-only judge's file."""

import pytest

from scorekeeper.rulesearch import evaluation, search
from scorekeeper.rulesearch.evaluation import EDGE, SETTLED, UNSETTLED, SheetQuestion, judge
from scorekeeper.rulesearch.search import NONE, Lookup, lookup

SETTLED_QUESTION = "can you stack a draw two on a draw two"


def test_the_sheets_judge_file_is_read_with_its_kinds_and_entries(tmp_path):
    (tmp_path / "a.tsv").write_text(
        "en\tsettled\tdraw-two|stacking\tcan i put a +2 on a +2\n"
        "es\tunsettled\t-\tse puede apostar dinero\n"
        "en\tedge\twd4-challenge\tchallenged +4 that was the last card?\n"
        "en\tsettled\t+\ta case the library lacks\n",
        encoding="utf-8",
    )
    found = evaluation.load_sheets_judge(tmp_path)
    assert [(q.language, q.kind, q.expected) for q in found] == [
        ("en", SETTLED, ("draw-two", "stacking")),
        ("es", UNSETTLED, ()),
        ("en", EDGE, ("wd4-challenge",)),
        ("en", SETTLED, ()),  # settled, and no entry can be right: always a miss
    ]
    (tmp_path / "b.tsv").write_text("fr\tsettled\t-\tquestion\n", encoding="utf-8")
    with pytest.raises(ValueError, match="b.tsv:1"):
        evaluation.load_sheets_judge(tmp_path)


def test_a_case_at_the_edge_of_an_entry_is_right_only_when_the_verdict_says_it_is_open():
    found = lookup(SETTLED_QUESTION)
    first = found.hits[0].entry.slug
    assert found.verdict != NONE
    as_settled = judge(SheetQuestion("en", SETTLED, (first,), SETTLED_QUESTION))
    assert as_settled["right"] and not as_settled["wrong_banner"]
    # The same answer to a case the sheets leave open is a confident wrong verdict.
    as_edge = judge(SheetQuestion("en", EDGE, (first,), SETTLED_QUESTION))
    assert not as_edge["right"] and as_edge["wrong_covered"] and as_edge["top3"]
    as_unsettled = judge(SheetQuestion("en", UNSETTLED, (), SETTLED_QUESTION))
    assert not as_unsettled["right"] and as_unsettled["wrong_covered"]


def test_figures_are_shares_of_the_questions_judged():
    questions = [
        SheetQuestion(
            "en", SETTLED, (lookup(SETTLED_QUESTION).hits[0].entry.slug,), SETTLED_QUESTION
        ),
        SheetQuestion("en", SETTLED, (), SETTLED_QUESTION),  # an entry the library lacks
    ]
    found = evaluation.figures(questions, timed=False)
    assert (found["questions"], found["settled"], found["unsettled"]) == (2, 2, 0)
    assert found["top1"] == 50.0 and found["wrong_banner"] == 0.0


def test_the_judge_reads_the_index_it_is_given_or_the_modules_lookup(monkeypatch):
    """A fold's index is judged as given (``scripts/referee_cv.py``); without one, the
    module's ``lookup``, which a probe may wrap to judge answers of its own."""
    question = SheetQuestion("en", SETTLED, ("stacking",), SETTLED_QUESTION)
    assert judge(question)["right"]
    monkeypatch.setattr(evaluation, "lookup", lambda text: Lookup(text, [], NONE))
    assert judge(question)["wrong_banner"]
    assert judge(question, search.default_index())["right"]


def test_the_sheets_judge_is_large_honest_in_its_mix_and_never_learned_from():
    from collections import Counter
    from pathlib import Path

    from scorekeeper.rulesearch.questions import CORPUS, calibration, load, phrasings

    found = evaluation.load_sheets_judge()
    languages = Counter(q.language for q in found)
    assert languages["en"] >= 300 and languages["es"] >= 300
    kinds = Counter(q.kind for q in found)
    not_settled = kinds[UNSETTLED] + kinds[EDGE]
    assert not_settled >= len(found) / 4 - 5  # about a quarter no sheet settles...
    assert kinds[EDGE] >= not_settled / 3 - 2  # ...a third of those at the edge of an entry
    texts = {" ".join(q.text.lower().split()) for q in found}
    assert len(texts) == len(found)
    learned = {" ".join(q.text.lower().split()) for q in (*load(), *phrasings(), *calibration())}
    assert learned.isdisjoint(texts)  # counted, so a failure prints no judge's text
    root = Path(evaluation.__file__).parent
    scripts = CORPUS.parents[2] / "scripts"
    for path in (
        *(path for path in root.glob("*.py") if path.name != "evaluation.py"),
        scripts / "train_referee.py",
        scripts / "referee_cv.py",
    ):
        text = path.read_text(encoding="utf-8")
        assert "SHEETS_JUDGE" not in text and "load_sheets_judge" not in text, path
        assert '"sheets"' not in text and "sheets.tsv" not in text and "sheets/" not in text, path
