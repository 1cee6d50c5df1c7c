"""The search's inner loops run on numpy arrays: each must give what the plain loop it replaced
gives, written out here over the same indexes, on the tuning half's questions."""

from __future__ import annotations

import math
from collections import Counter, defaultdict

import pytest

from scorekeeper.rulesearch import classifier
from scorekeeper.rulesearch import search as search_module
from scorekeeper.rulesearch.questions import tuning

QUESTIONS = [question.text for question in tuning()[::7]]  # some 85, both languages


def plain_nearest(text: str) -> dict[int, float]:
    query = search_module._analyse(text)
    by_term = search_module._PHRASINGS_BY_TERM[query.language]
    matched: dict[int, float] = defaultdict(float)
    for term, weight in query.terms.items():
        for number in by_term.get(term, ()):
            matched[int(number)] += weight * search_module._IDF[term]
    nearest: dict[int, float] = {}
    for number, found in matched.items():
        mass = float(search_module._PHRASING_MASS[number])
        closeness = found * (0.25 + 0.75 * (found / mass) * (found / query.mass))
        owner = int(search_module._PHRASING_OWNER[number])
        nearest[owner] = max(nearest.get(owner, 0.0), closeness)
    return nearest


def plain_char_likelihoods(text: str, language: str) -> list[float]:
    grams = search_module._char_grams(search_module._words(text))
    postings, unseen = search_module._char_model()[language]
    lifts = [0.0] * len(unseen)
    for gram in grams:
        owners, gains = postings.get(gram, ((), ()))
        for owner, gain in zip(owners, gains, strict=True):
            lifts[int(owner)] += float(gain)
    return [base + lift / len(grams) for base, lift in zip(unseen, lifts, strict=True)]


def plain_log_probs(model: classifier.Model, features: list[str]) -> dict[str, float]:
    counts = Counter(feature for feature in features if feature in model.rows)
    values = {model.rows[f][0]: (1 + math.log(n)) * model.rows[f][1] for f, n in counts.items()}
    norm = math.hypot(*values.values()) or 1.0
    width = len(model.labels)
    logits = list(model.intercepts)
    for row, value in values.items():
        share = value * model.scale / norm
        steps = model.steps[row * width : (row + 1) * width]
        logits = [logit + share * step for logit, step in zip(logits, steps, strict=True)]
    top = max(logits)
    total = top + math.log(sum(math.exp(logit - top) for logit in logits))
    return {label: logit - total for label, logit in zip(model.labels, logits, strict=True)}


def test_every_phrasing_is_numbered_in_its_owners_order():
    owners = search_module._PHRASING_OWNER.tolist()
    assert owners == sorted(owners)  # what the per-owner maximum (reduceat) relies on
    assert owners[-1] == len(search_module._DOCS)  # the unsettled matters come last


@pytest.mark.parametrize("text", QUESTIONS)
def test_the_nearest_phrasing_is_the_plain_loops(text):
    found = search_module._nearest(text)
    expected = plain_nearest(text)
    assert found.keys() == expected.keys()
    for owner, closeness in expected.items():
        assert found[owner] == pytest.approx(closeness, rel=1e-12)


def test_a_question_sharing_no_term_with_any_phrasing_is_near_nothing():
    assert search_module._nearest("xyzzy qwerty") == {}


@pytest.mark.parametrize("text", QUESTIONS)
def test_the_letters_likelihoods_are_the_plain_loops(text):
    language = search_module._analyse(text).language
    found = search_module._char_likelihoods(text, language)
    assert found == pytest.approx(plain_char_likelihoods(text, language), rel=1e-12)


def test_the_classifiers_product_is_the_plain_loop():
    model = classifier.load()
    for text in QUESTIONS:
        query = search_module._analyse(text)
        features = search_module._features(query.spelled, query.language)
        found = model.log_probs(features)
        expected = plain_log_probs(model, features)
        assert found.keys() == expected.keys()
        for label, value in expected.items():
            assert found[label] == pytest.approx(value, rel=1e-9, abs=1e-9)
    # No known feature: the intercepts alone.
    assert model.log_probs(["w:xyzzy"]) == pytest.approx(plain_log_probs(model, []))
