"""The referee's classifier: the shipped weights, training, and reading them back."""

from __future__ import annotations

import gzip
import json
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from scorekeeper.rules.entries import ENTRIES
from scorekeeper.rulesearch import classifier
from scorekeeper.rulesearch import search as search_module
from scorekeeper.rulesearch.questions import Question, calibration, phrasings, tuning

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import train_referee  # noqa: E402  (scripts/train_referee.py: training is a tool, not the app)

TOY = [
    (["w:stack", "w:drawtwo"], "stacking"),
    (["w:stack", "w:wilddrawfour"], "stacking"),
    (["w:call", "w:uno"], "call-uno"),
    (["w:forget", "w:call", "w:uno"], "call-uno"),
    (["w:money", "w:bet"], classifier.UNSETTLED),
    (["w:money", "w:phone"], classifier.UNSETTLED),
]


def test_the_shipped_model_learned_from_todays_library_and_tuning_half():
    """Fails when the entries, the phrasings, the tuning half, the normalisation or the
    training's settings change without `make referee-model`."""
    model = classifier.load()
    examples = search_module.training_examples()
    assert model.fingerprint == classifier.fingerprint(examples, train_referee.SETTINGS)
    assert set(model.labels) == {entry.slug for entry in ENTRIES} | {classifier.UNSETTLED}


def test_the_classifier_learns_from_the_library_and_the_tuning_half_only():
    """Every entry's title, aliases and phrasings, the library's phrasings, the calibration
    questions and the tuning half: nothing else (the tuning half holds no held-out question, see
    test_corpus)."""
    examples = search_module.training_examples()
    library = sum(
        len(texts["title"]) + len(texts["phrasings"])
        for texts in map(search_module._entry_texts, ENTRIES)
    )
    questions = [*phrasings(), *calibration(), *tuning()]
    copies = sum(
        len(search_module._dropped_words(search_module._words(q.text), q.text)) for q in questions
    )
    assert copies > len(questions)  # most questions are four words or more
    assert len(examples) == library + len(questions) + copies
    asked = {tuple(features) for features, _ in examples}
    for question in tuning():
        assert (
            tuple(search_module._features(search_module._words(question.text), question.language))
            in asked
        )


def test_a_trained_model_tells_its_labels_apart():
    model = train_referee.train(TOY)
    assert set(model.labels) == {"stacking", "call-uno", classifier.UNSETTLED}
    found = model.log_probs(["w:stack", "w:drawtwo"])
    assert max(found, key=found.get) == "stacking"
    found = model.log_probs(["w:money"])
    assert max(found, key=found.get) == classifier.UNSETTLED
    assert math.isclose(sum(math.exp(value) for value in found.values()), 1.0)
    # Features it never saw change nothing; a text with none gets the intercepts alone.
    assert model.log_probs(["w:uno", "w:xyzzy"]) == model.log_probs(["w:uno"])
    assert model.log_probs([]) == model.log_probs(["w:xyzzy"])
    assert model.fingerprint == classifier.fingerprint(TOY, train_referee.SETTINGS)
    assert model.fingerprint != classifier.fingerprint(TOY[:-1], train_referee.SETTINGS)
    assert model.fingerprint != classifier.fingerprint(TOY, "C=1.0")


def test_a_dumped_model_reads_back_the_same(tmp_path):
    model = train_referee.train(TOY)
    path = tmp_path / "model.json.gz"
    train_referee.dump(model, path)
    again = classifier.load(path)
    assert again == model
    for features in (["w:stack"], ["w:call", "w:uno", "w:uno"], ["w:bet", "w:stack"]):
        assert again.log_probs(features) == model.log_probs(features)


def test_a_model_of_another_format_is_refused(tmp_path):
    path = tmp_path / "model.json.gz"
    train_referee.dump(train_referee.train(TOY), path)
    document = json.loads(gzip.decompress(path.read_bytes()))
    document["format"] = 99
    path.write_bytes(gzip.compress(json.dumps(document).encode()))
    with pytest.raises(ValueError, match="format 99"):
        classifier.load(path)


def test_use_model_swaps_the_weights_the_search_scores_with():
    question = "we mixed two decks together is that allowed"
    shipped = search_module._class_log_probs(question)
    try:
        search_module.use_model(train_referee.train(TOY))
        assert search_module._class_log_probs(question) != shipped
    finally:
        search_module.use_model(None)
    assert search_module._class_log_probs(question) == shipped


def test_the_shipped_classifier_and_verdict_are_what_training_gives_today():
    """Training again (cross-fitting the verdict, which rebuilds the search three times, so in
    a process of its own) gives the shipped classifier and verdict: fails when the calibration
    questions or anything the search learns from change without `make referee-model`."""
    script = Path(train_referee.__file__)
    done = subprocess.run(
        [sys.executable, str(script), "--check"],
        capture_output=True,
        text=True,
        cwd=script.parents[1],
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "what training gives today" in done.stdout


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
    copies = search_module._dropped_words(words, "can i stack a draw two")
    assert len(copies) == search_module._DROPOUT_COPIES == 3
    for copy in copies:
        assert len(copy) == len(words) - 1
        # The copy is the text with one word taken out, the others in their order.
        assert any(copy == words[:i] + words[i + 1 :] for i in range(len(words)))
    assert copies == search_module._dropped_words(words, "can i stack a draw two")
    assert copies != search_module._dropped_words(words, "another seed, other words left out")


def test_word_dropout_spares_short_questions():
    assert search_module._dropped_words(("who", "deals", "first"), "who deals first") == []
    assert search_module._dropped_words((), "") == []


def test_each_question_is_learned_with_its_dropout_copies_and_its_label():
    question = next(q for q in tuning() if len(search_module._words(q.text)) >= 6)
    label = question.expected[0] if question.expected else classifier.UNSETTLED
    examples = Counter(
        (tuple(features), learned) for features, learned in search_module.training_examples()
    )
    words = search_module._words(question.text)
    for asked in (words, *search_module._dropped_words(words, question.text)):
        features = tuple(search_module._features(asked, question.language))
        assert examples[(features, label)] >= 1


def test_the_features_are_terms_pairs_pairs_one_apart_and_letters():
    features = search_module._features(search_module._words("stack a blue draw two"), "en")
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
        words = search_module._words(text)
        return {f for f in search_module._features(words, "en") if f[:2] in ("b:", "s:")}

    blue, red = pairs("stack a blue draw two"), pairs("stack a red draw two")
    assert blue & red == {"s:stack_drawtwo"}
    # Two words or fewer have no pair one apart.
    assert not {f for f in pairs("stack twos") if f.startswith("s:")}
