"""The referee's classifier: the shipped weights, what they learned from, and reading them back.

Nothing here trains: `make referee-model` does, and checks its figures against floors."""

from __future__ import annotations

import gzip
import json
import math
import sys
from array import array
from collections import Counter
from pathlib import Path

import pytest

from scorekeeper.rules.entries import ENTRIES
from scorekeeper.rulesearch import classifier, search, training
from scorekeeper.rulesearch.index import entry_texts
from scorekeeper.rulesearch.questions import Question, calibration, phrasings, tuning
from scorekeeper.rulesearch.verdict import VERDICT_SIGNALS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import train_referee  # noqa: E402  (scripts/train_referee.py: training is a tool, not the app)

# A model written by hand (training is `make referee-model`'s, never a test's): three labels,
# four features, each feature's row of weights one per label, in 8-bit steps of 0.5.
TOY = classifier.Model(
    labels=("call-uno", "stacking", classifier.UNSETTLED),
    intercepts=(0.1, 0.0, -0.1),
    rows={"w:stack": (0, 1.5), "w:drawtwo": (1, 2.0), "w:uno": (2, 1.2), "w:money": (3, 2.5)},
    steps=array("b", [-4, 8, -4, -2, 6, -4, 8, -4, -4, -4, -4, 8]),
    scale=0.5,
    fingerprint="toy",
)


def words_of(text: str) -> tuple[str, ...]:
    return search.default_index().reader.words(text)


def features_of(words: tuple[str, ...], language: str) -> list[str]:
    return training.features(words, language, search.default_index().reader)


def test_the_shipped_model_learned_from_todays_library_and_tuning_half():
    """Fails when the entries, the phrasings, the tuning half, the normalisation or the
    training's settings change without `make referee-model`."""
    model = classifier.load()
    examples = search.default_index().training_examples()
    assert model.fingerprint == classifier.fingerprint(examples, train_referee.SETTINGS)
    assert set(model.labels) == {entry.slug for entry in ENTRIES} | {classifier.UNSETTLED}


def test_the_classifier_learns_from_the_library_and_the_tuning_half_only():
    """Every entry's title, aliases and phrasings, the library's phrasings, the calibration
    questions and the tuning half: nothing else (the tuning half holds no held-out question, see
    test_corpus)."""
    examples = search.default_index().training_examples()
    library = sum(
        len(texts["title"]) + len(texts["phrasings"]) for texts in map(entry_texts, ENTRIES)
    )
    questions = [*phrasings(), *calibration(), *tuning()]
    copies = sum(len(training.dropped_words(words_of(q.text), q.text)) for q in questions)
    assert copies > len(questions)  # most questions are four words or more
    assert len(examples) == library + len(questions) + copies
    asked = {tuple(features) for features, _ in examples}
    for question in tuning():
        assert tuple(features_of(words_of(question.text), question.language)) in asked


def test_the_shipped_verdict_was_fitted_with_the_shipped_classifier_and_todays_questions():
    """Fails when the calibration questions or the classifier change without `make
    referee-model` (the verdict is fitted on the first, with the second)."""
    model = classifier.load()
    verdict = classifier.load_verdict()
    assert verdict.fingerprint == classifier.verdict_fingerprint(
        model.fingerprint, train_referee.FITTING, calibration()
    )
    assert verdict.signals == VERDICT_SIGNALS


def test_the_fingerprints_change_with_what_is_learned_and_how():
    examples = [(["w:stack", "w:drawtwo"], "stacking"), (["w:uno"], "call-uno")]
    # The same digest in every process, on every machine (verdict.json keeps one), whatever
    # sequences hold the features; the order of the examples counts.
    assert classifier.fingerprint(examples, "C=1") == (
        "f59d075e70a75c9c7300033297672edcf7b2887de0dd75788379085c6f4d6c0e"
    )
    as_tuples = [(tuple(features), label) for features, label in examples]
    assert classifier.fingerprint(as_tuples, "C=1") == classifier.fingerprint(examples, "C=1")
    assert classifier.fingerprint(examples[::-1], "C=1") != classifier.fingerprint(examples, "C=1")
    assert classifier.fingerprint(examples, "C=1") != classifier.fingerprint(examples[:1], "C=1")
    assert classifier.fingerprint(examples, "C=1") != classifier.fingerprint(examples, "C=3")
    asked = [Question("en", ("deal",), "who deals first", "toy")]
    retold = [Question("en", ("first-card",), "who deals first", "toy")]
    assert classifier.verdict_fingerprint("a", "s", asked) != classifier.verdict_fingerprint(
        "b", "s", asked
    )
    assert classifier.verdict_fingerprint("a", "s", asked) != classifier.verdict_fingerprint(
        "a", "s", retold
    )


def test_a_model_tells_its_labels_apart_by_its_weights():
    found = TOY.log_probs(["w:stack", "w:drawtwo"])
    assert max(found, key=found.get) == "stacking"
    found = TOY.log_probs(["w:money"])
    assert max(found, key=found.get) == classifier.UNSETTLED
    assert math.isclose(sum(math.exp(value) for value in found.values()), 1.0)
    # Features it never saw change nothing; a text with none gets the intercepts alone.
    assert TOY.log_probs(["w:uno", "w:xyzzy"]) == TOY.log_probs(["w:uno"])
    assert TOY.log_probs([]) == TOY.log_probs(["w:xyzzy"])
    intercepts = TOY.log_probs([])
    assert max(intercepts, key=intercepts.get) == "call-uno"


def test_a_dumped_model_reads_back_the_same(tmp_path):
    path = tmp_path / "model.json.gz"
    train_referee.dump(TOY, path)
    again = classifier.load(path)
    assert again == TOY
    for features in (["w:stack"], ["w:uno", "w:uno"], ["w:money", "w:stack"]):
        assert again.log_probs(features) == TOY.log_probs(features)
    first = path.read_bytes()
    train_referee.dump(again, path)
    assert path.read_bytes() == first  # the same bytes for the same model


def test_a_model_of_another_format_is_refused(tmp_path):
    path = tmp_path / "model.json.gz"
    train_referee.dump(TOY, path)
    document = json.loads(gzip.decompress(path.read_bytes()))
    document["format"] = 99
    path.write_bytes(gzip.compress(json.dumps(document).encode()))
    with pytest.raises(ValueError, match="format 99"):
        classifier.load(path)


def test_use_model_swaps_the_weights_the_search_scores_with():
    question = "we mixed two decks together is that allowed"
    shipped = search.default_index().class_log_probs(question)
    try:
        search.use_model(TOY)
        assert search.default_index().class_log_probs(question) != shipped
    finally:
        search.use_model(None)
    assert search.default_index().class_log_probs(question) == shipped


def test_each_calibration_question_falls_in_one_part_and_both_parts_are_used():
    found = calibration()
    parts = Counter(train_referee.verdict_fold(q) for q in found)
    assert set(parts) == set(range(train_referee.VERDICT_FOLDS))
    assert min(parts.values()) > len(found) / (2 * train_referee.VERDICT_FOLDS)
    # Typed alike, split alike: the part follows the words, not their case or spacing.
    for question in found[:50]:
        retyped = Question(question.language, question.expected, f" {question.text.upper()} ", "")
        assert train_referee.verdict_fold(retyped) == train_referee.verdict_fold(question)


def test_the_verdict_is_a_logistic_regression_over_its_signals(tmp_path):
    verdict = classifier.Verdict(("a", "b"), (1.0, -2.0), 0.5, "toy")
    assert math.isclose(verdict.unsettled([1.0, 0.25]), 1 / (1 + math.exp(-1.0)))
    assert verdict.unsettled([0.0, 10.0]) < 0.001 < 0.999 < verdict.unsettled([10.0, 0.0])
    path = tmp_path / "verdict.json"
    train_referee.dump_verdict(verdict, path)
    assert classifier.load_verdict(path) == verdict
    with pytest.raises(ValueError):
        verdict.unsettled([1.0])  # one signal short


def test_word_dropout_leaves_one_word_out_of_each_copy_the_same_way_every_time():
    words = ("can", "i", "stack", "a", "draw", "two")
    copies = training.dropped_words(words, "can i stack a draw two")
    assert len(copies) == training.DROPOUT_COPIES == 3
    for copy in copies:
        assert len(copy) == len(words) - 1
        # The copy is the text with one word taken out, the others in their order.
        assert any(copy == words[:i] + words[i + 1 :] for i in range(len(words)))
    assert copies == training.dropped_words(words, "can i stack a draw two")
    assert copies != training.dropped_words(words, "another seed, other words left out")


def test_word_dropout_spares_short_questions():
    assert training.dropped_words(("who", "deals", "first"), "who deals first") == []
    assert training.dropped_words((), "") == []


def test_each_question_is_learned_with_its_dropout_copies_and_its_label():
    question = next(q for q in tuning() if len(words_of(q.text)) >= 6)
    label = question.expected[0] if question.expected else classifier.UNSETTLED
    examples = Counter(
        (tuple(features), learned)
        for features, learned in search.default_index().training_examples()
    )
    words = words_of(question.text)
    for asked in (words, *training.dropped_words(words, question.text)):
        features = tuple(features_of(asked, question.language))
        assert examples[(features, label)] >= 1


def test_the_features_are_terms_pairs_pairs_one_apart_and_letters():
    features = features_of(words_of("stack a blue draw two"), "en")
    assert [f for f in features if not f.startswith("c:")] == [
        "w:stack",
        "w:blue",
        "w:drawtwo",
        "b:stack_blue",
        "b:blue_drawtwo",
        "s:stack_drawtwo",
    ]
    assert " sta" in {f[2:] for f in features if f.startswith("c:")}


def test_a_word_that_varies_between_two_leaves_their_pair_one_apart():
    def pairs(text: str) -> set[str]:
        words = words_of(text)
        return {f for f in features_of(words, "en") if f[:2] in ("b:", "s:")}

    blue, red = pairs("stack a blue draw two"), pairs("stack a red draw two")
    assert blue & red == {"s:stack_drawtwo"}
    # Two words or fewer have no pair one apart.
    assert not {f for f in pairs("stack twos") if f.startswith("s:")}
