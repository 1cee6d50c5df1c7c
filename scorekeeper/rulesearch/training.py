"""Stage 5 of the search, training: what the classifier learns from, and what it reads of a text.

The classifier (``classifier``: a multinomial logistic regression, trained offline by
``scripts/train_referee.py``) reads a text as its ``features``: its terms, neighbouring pairs,
pairs one term apart and letter 4-grams. It learns from ``examples``: every entry's title,
aliases and phrasings, the library's phrasings, the calibration questions and the corpus's
tuning half, each question also with a word left out (``dropped_words``). The shipped model
records a fingerprint of these examples; a test fails in seconds when they change without
training again (``make referee-model``). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from scorekeeper.rulesearch import classifier
from scorekeeper.rulesearch.normalise import Normaliser

if TYPE_CHECKING:
    from scorekeeper.rulesearch.documents import Doc


CHAR_SIZES = (4,)


def char_grams(words: Sequence[str]) -> list[str]:
    """The letter n-grams of each word, padded with a space each side."""
    grams = []
    for word in words:  # table talk already rewritten: "wd4" and "+4" read alike
        padded = f" {word} "
        for size in CHAR_SIZES:
            grams.extend(padded[i : i + size] for i in range(len(padded) - size + 1))
    return grams


def features(words: Sequence[str], language: str, reader: Normaliser) -> list[str]:
    """The classifier's features of a text's words (table talk rewritten): their terms,
    neighbouring pairs, pairs one term apart and letter 4-grams. A question's words are read
    with their typos put right (``typos.Query.spelled``), and not rewritten again: "pick up 2"
    is "draw 2", an amount, which a second pass would take for the card.

    The pairs one term apart ("s:") keep two words that belong together across a word that
    varies between them: "stack a blue draw two" and "stack a red draw two" share no
    neighbouring pair, but both hold "stack_drawtwo". Measured on the three judges nothing
    learns from (docs/referee-journal.md, "Pairs one term apart")."""
    terms = reader.terms(words, language)
    return [
        *(f"w:{term}" for term in terms),
        *(f"b:{first}_{second}" for first, second in pairwise(terms)),
        *(f"s:{first}_{second}" for first, second in zip(terms, terms[2:], strict=False)),
        *(f"c:{gram}" for gram in char_grams(words)),
    ]


# Word dropout: each question of at least DROPOUT_MIN_WORDS words is learned again
# DROPOUT_COPIES times, each copy without one of its words (drawn at random, seeded by the
# question's text, so training gives the same model every time). The classifier then leans on
# no single word, as a player who leaves one out still means the same thing. Measured on
# questions nothing learns from and on the street questions, each half judged by a search
# built without it (docs/referee-journal.md, "Word dropout").
DROPOUT_COPIES = 3
DROPOUT_MIN_WORDS = 4


def dropped_words(words: tuple[str, ...], seed: str) -> list[tuple[str, ...]]:
    """``DROPOUT_COPIES`` copies of ``words``, each without one word (none for a short text)."""
    if len(words) < DROPOUT_MIN_WORDS:
        return []
    draw = random.Random(seed)
    copies = []
    for _ in range(DROPOUT_COPIES):
        left_out = draw.randrange(len(words))
        copies.append(words[:left_out] + words[left_out + 1 :])
    return copies


def examples(owners: Sequence[Doc], reader: Normaliser) -> list[classifier.Example]:
    """What the classifier of an index learns from, its documents (``owners``) in order: every
    entry's title, aliases and phrasings, then the questions that ask for it (the library's
    phrasings, the calibration questions, the corpus's tuning half), each also with a word left
    out; and last the matters no sheet settles."""
    found: list[classifier.Example] = []
    for doc in owners:
        label = doc.entry.slug if doc.entry is not None else classifier.UNSETTLED
        for text, language in doc.library:
            found.append((features(reader.words(text), language, reader), label))
        for question in doc.asked:
            words = reader.words(question.text)
            for asked in (words, *dropped_words(words, question.text)):
                found.append((features(asked, question.language, reader), label))
    return found
