"""The index as an object: built once, at its first use, from what it is given; its mechanisms
switched off one at a time for the ablation (``scripts/referee_cv.py --ablate``)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from scorekeeper.rules import ENTRIES, get_entry
from scorekeeper.rulesearch import search
from scorekeeper.rulesearch.index import MECHANISMS, Index
from scorekeeper.rulesearch.normalise import Normaliser
from scorekeeper.rulesearch.questions import Question

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import referee_cv  # noqa: E402  (scripts/referee_cv.py: the ablation is a tool, not the app)


def test_importing_the_search_builds_no_index():
    """A command, a script or a test collection that never searches never pays for it."""
    started = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from scorekeeper.rulesearch import search, evaluation; "
            "print(search.built(), 'sklearn' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == ["None", "False"]


def test_the_default_index_is_built_once_whoever_asks_first(monkeypatch):
    """Two requests on a fresh threaded worker ask at once: one builds, the other waits."""
    built = []

    def slow_build(*_args, **_kwargs):
        time.sleep(0.2)
        built.append(object())
        return built[-1]

    monkeypatch.setattr(search, "_default", None)
    monkeypatch.setattr(Index, "build", slow_build)
    found = []
    threads = [threading.Thread(target=lambda: found.append(search.default_index())) for _ in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(built) == 1 and found == [built[0], built[0]] and search.built() is built[0]


def test_an_index_of_a_few_entries_learns_only_what_it_is_given():
    entries = [get_entry(slug) for slug in ("stacking", "who-deals", "seven-zero")]
    asked = [Question("en", ("who-deals",), "whose job is handing out the cards", "toy")]
    small = Index.build(entries, asked)
    assert [doc.entry.slug for doc in small.docs] == ["stacking", "who-deals", "seven-zero"]
    assert small.questions == tuple(asked) and small.tuning == ()
    assert small.search("can you stack draw 2")[0].entry.slug == "stacking"
    assert small.analyse("whose job is handing out the cards").terms.keys() <= small.idf.keys()
    # What it learns from is its own: the app's index is another.
    assert len(search.default_index().docs) == len(ENTRIES) > len(small.docs)


def test_every_mechanism_can_be_switched_off_and_nothing_else(index):
    question = "can you stak a drw 2 on a +2"
    for mechanism in MECHANISMS:
        switched = index.without(mechanism)
        assert switched.off == {mechanism} and index.off == frozenset()
        assert switched.lookup(question).verdict in ("answer", "likely", "open", "none")
    with pytest.raises(ValueError, match="No mechanism called nearest-neighbour"):
        index.without("nearest-neighbour")


def test_switched_off_each_mechanism_gives_its_neutral_value(index):
    typo = "can you stak draw twos"
    assert "stack" in index.analyse(typo).terms
    assert "stack" not in index.without("typos").analyse(typo).terms
    labels = index.without("classifier").class_log_probs("can you stack draw twos")
    assert len(set(labels)) == 1
    alone = index.without("bm25f", "completeness", "title", "first-card", "themes")
    query = alone.analyse("can you stack draw twos")
    number = alone.doc_index["stacking"]
    assert alone.score(number, query) == 5.0 * alone.phrasing_match(number, query)
    assert index.without("nearest").nearest("can you stack draw twos") == {}
    # Without the lists of matters off the rules, no question names one.
    assert index.analyse("we bet money on the game").off_rules
    assert not index.without("off-rules").analyse("we bet money on the game").off_rules


def test_a_normaliser_without_the_rewrite_tables_reads_the_words_as_typed():
    assert search.normalise("can i put a +4 on a +2") == ["put", "wilddrawfour", "stack", "drawtwo"]
    bare = Normaliser(phrases=())
    assert bare.normalise("can i put a +4 on a +2", "en") == ["put", "4", "2"]
    assert Normaliser(synonyms={}, verb_forms={}).normalise("i yelled uno", "en") == ["yell", "uno"]


def test_the_ablation_table_compares_each_switch_with_everything_on():
    settled = Question("en", ("stacking",), "can you stack", "covered-1.tsv")
    other = Question("es", (), "apostamos dinero", "uncovered.tsv")
    rows = {
        referee_cv.ALL_ON: [(settled, _verdict(True)), (other, _verdict(True))],
        "nearest": [(settled, _verdict(False)), (other, _verdict(True))],
    }
    table = referee_cv.ablation_table(rows).splitlines()
    assert table[0].startswith("Two folds of the tuning half, 2 questions")
    assert table[-2].startswith("| nothing (everything on) | 100.0 % | +0.0 |")
    assert table[-1].startswith("| nearest | 50.0 % | -50.0 | 0.0 % | 100.0 % |")
    assert table[-1].endswith("| 1 / 0 |")
    assert referee_cv.standard_error(90.0, 100) == pytest.approx(3.0)


def _verdict(right: bool) -> dict[str, bool]:
    return {"right": right, "top3": right, "wrong_banner": not right, "wrong_covered": False}
