"""Stage 3 of the search, scoring: how well each entry fits a question, on its words.

Each is built once from the index's documents (``documents.Doc``: one per entry, and last
the matters no sheet settles) and then scores a question (``typos.Query``):

- **BM25F** (``Bm25f``): one document per entry with three fields (its title, the phrasings
  people type, its answer), both languages in one document, each field weighted and
  normalised by its length, then one saturation (k1);
- **the nearest phrasing** (``NearestPhrasing``): how close the entry's best single way of
  being asked is to the whole question, both ways.

The index (``index``) weighs them together and picks the hits; the classifier
(``classifier``) reorders them. (Two naive Bayes, over the words and over the letters, reordered
them too, until the ablation found the search as right without them: docs/referee.md.) numpy
runs the nearest phrasing's inner loop. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from scorekeeper.rulesearch.normalise import EN, ES

if TYPE_CHECKING:
    from scorekeeper.rules.entries import Entry
    from scorekeeper.rulesearch.documents import Doc
    from scorekeeper.rulesearch.typos import Query


@dataclass(frozen=True, slots=True)
class Hit:
    """An entry the search found, with its score (the higher, the better it fits)."""

    entry: Entry
    score: float


# --- BM25F -----------------------------------------------------------------------------------

# Each field's weight and length normalisation, then one saturation (k1).
FIELDS: dict[str, tuple[float, float]] = {
    "title": (5.0, 0.0),
    "phrasings": (0.5, 0.75),
    "answer": (0.3, 1.0),
}
K1 = 0.6


class Bm25f:
    """BM25F over the entries' fields, each entry's weighted term frequencies computed once."""

    def __init__(self, docs: Sequence[Doc], idf: Mapping[str, float]) -> None:
        self.idf = idf
        average = {
            name: sum(sum(doc.fields[name].values()) for doc in docs) / len(docs) for name in FIELDS
        }
        self.frequencies = tuple(
            _weighted_frequencies(
                doc,
                {
                    name: 1 - b + b * sum(doc.fields[name].values()) / (average[name] or 1.0)
                    for name, (_, b) in FIELDS.items()
                },
            )
            for doc in docs
        )

    def score(self, index: int, query: Query) -> float:
        frequencies = self.frequencies[index]
        idf = self.idf
        score = 0.0
        for term, weight in query.terms.items():
            tf = frequencies.get(term, 0.0)
            if tf:
                score += weight * idf[term] * tf * (K1 + 1) / (tf + K1)
        return score


def _weighted_frequencies(doc: Doc, norms: dict[str, float]) -> dict[str, float]:
    """BM25F's term frequency of each term of an entry: its fields' counts, each weighted and
    normalised by the field's length."""
    frequencies: dict[str, float] = defaultdict(float)
    for name, (field_weight, _) in FIELDS.items():
        for term, count in doc.fields[name].items():
            frequencies[term] += field_weight * count / norms[name]
    return dict(frequencies)


# --- The nearest phrasing --------------------------------------------------------------------


class NearestPhrasing:
    """Every phrasing, numbered in the order of its owner (an entry's index, and last the
    matters no sheet settles), with its mass; and by language, the numbers of the phrasings a
    question in that language is compared with, by the terms they hold, so a question touches
    only the phrasings it shares a term with. Kept as numpy arrays: a question touches some
    1,600 of the 7,700 phrasings, which a Python loop took most of a millisecond over."""

    def __init__(self, owners: Sequence[Doc], idf: Mapping[str, float]) -> None:
        self.idf = idf
        numbered: list[int] = []
        masses: list[float] = []
        by_term: dict[str, dict[str, list[int]]] = {lang: defaultdict(list) for lang in (EN, ES)}
        for owner, doc in enumerate(owners):
            for phrasing in doc.phrasings:
                number = len(numbered)
                numbered.append(owner)
                masses.append(sum(idf[t] for t in phrasing.terms))
                for language in (EN, ES) if phrasing.language is None else (phrasing.language,):
                    for term in phrasing.terms:
                        by_term[language][term].append(number)
        self.owner = np.array(numbered, dtype=np.intp)
        self.mass = np.array(masses, dtype=np.float64)
        self.by_term: dict[str, dict[str, np.ndarray]] = {
            language: {term: np.array(numbers, dtype=np.intp) for term, numbers in found.items()}
            for language, found in by_term.items()
        }

    def nearest(self, query: Query) -> dict[int, float]:
        """For each owner, how close its nearest phrasing is to the whole question."""
        matched = np.zeros(len(self.owner))
        by_term = self.by_term[query.language]
        for term, weight in query.terms.items():
            numbers = by_term.get(term)
            if numbers is not None:
                matched[numbers] += weight * self.idf[term]
        touched = np.flatnonzero(matched)
        if not touched.size:
            return {}
        found = matched[touched]
        closeness = found * (0.25 + 0.75 * (found / self.mass[touched]) * (found / query.mass))
        owners = self.owner[touched]  # in order: phrasings are numbered owner by owner
        starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
        nearest = np.maximum.reduceat(closeness, starts)
        return dict(zip(owners[starts].tolist(), nearest.tolist(), strict=True))
