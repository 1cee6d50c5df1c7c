"""The search's inner loops run on numpy arrays: each must give what the plain loop it replaced
gives, written out here over the same indexes, on the tuning half's questions."""

from __future__ import annotations

import math
from collections import Counter, defaultdict

import pytest

from scorekeeper.rulesearch import classifier, search, training
from scorekeeper.rulesearch.questions import tuning

QUESTIONS = [question.text for question in tuning()[::7]]  # some 85, both languages


def plain_nearest(text: str) -> dict[int, float]:
    index = search.default_index()
    query = index.analyse(text)
    by_term = index.phrasings.by_term[query.language]
    matched: dict[int, float] = defaultdict(float)
    for term, weight in query.terms.items():
        for number in by_term.get(term, ()):
            matched[int(number)] += weight * index.idf[term]
    nearest: dict[int, float] = {}
    for number, found in matched.items():
        mass = float(index.phrasings.mass[number])
        closeness = found * (0.25 + 0.75 * (found / mass) * (found / query.mass))
        owner = int(index.phrasings.owner[number])
        nearest[owner] = max(nearest.get(owner, 0.0), closeness)
    return nearest


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


def test_every_phrasing_is_numbered_in_its_owners_order(index):
    owners = index.phrasings.owner.tolist()
    assert owners == sorted(owners)  # what the per-owner maximum (reduceat) relies on
    assert owners[-1] == len(index.docs)  # the unsettled matters come last


@pytest.mark.parametrize("text", QUESTIONS)
def test_the_nearest_phrasing_is_the_plain_loops(text, index):
    found = index.nearest(text)
    expected = plain_nearest(text)
    assert found.keys() == expected.keys()
    for owner, closeness in expected.items():
        assert found[owner] == pytest.approx(closeness, rel=1e-12)


def test_a_question_sharing_no_term_with_any_phrasing_is_near_nothing(index):
    assert index.nearest("xyzzy qwerty") == {}


def test_the_classifiers_product_is_the_plain_loop(index):
    model = classifier.load()
    for text in QUESTIONS:
        query = index.analyse(text)
        features = training.features(query.spelled, query.language, index.reader)
        found = model.log_probs(features)
        expected = plain_log_probs(model, features)
        assert found.keys() == expected.keys()
        for label, value in expected.items():
            assert found[label] == pytest.approx(value, rel=1e-9, abs=1e-9)
    # No known feature: the intercepts alone.
    assert model.log_probs(["w:xyzzy"]) == pytest.approx(plain_log_probs(model, []))
