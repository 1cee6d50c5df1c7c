"""Stage 3 of the search, scoring: how well each entry fits a question, by four signals.

Each signal is built once from the index's documents (``index.Doc``: one per entry, and last
the matters no sheet settles) and then scores a question (``typos.Query``):

- **BM25F** (``Bm25f``): one document per entry with three fields (its title, the phrasings
  people type, its answer), both languages in one document, each field weighted and
  normalised by its length, then one saturation (k1);
- **the nearest phrasing** (``NearestPhrasing``): how close the entry's best single way of
  being asked is to the whole question, both ways;
- **two naive Bayes** learned from the ways each entry is asked: over the words
  (``WordsBayes``), which separates neighbours by the words people use for each, and over the
  letters (``LettersBayes``, character 4-grams), which carries a form no rewrite knows
  ("chupate cuatro") towards the entries asked with its neighbours.

The index (``index``) weighs them together and picks the hits; the classifier
(``classifier``) reorders them. numpy runs the inner loops (the nearest phrasing, the letters'
likelihoods). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from scorekeeper.rulesearch.normalise import EN, ES, Normaliser

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


# --- The naive Bayes over the words ----------------------------------------------------------

# A multinomial naive Bayes over the ways each entry is asked (its title, its phrasings and the
# tuning questions in the question's language): how likely the question's words are, each
# weighted by its rarity, under each entry. It separates neighbours (a Skip turned up first and
# a Skip played) by the words people use for each, where BM25F sees shared words.
BAYES_SMOOTHING = 0.2


class WordsBayes:
    def __init__(self, owners: Sequence[Doc], idf: Mapping[str, float]) -> None:
        self.idf = idf
        # Per language: term counts per entry (and last the matters no sheet settles), and
        # each one's denominator.
        self.counts = {language: _bayes_counts(owners, language) for language in (EN, ES)}

    def log_likelihood(self, index: int, query: Query) -> float:
        """The question's log-likelihood under the entry, per unit of the question's weight."""
        counts, denominators = self.counts[query.language]
        count, denominator = counts[index], denominators[index]
        idf = self.idf
        return (
            sum(
                weight * idf[t] * math.log((count.get(t, 0) + BAYES_SMOOTHING) / denominator)
                for t, weight in query.terms.items()
            )
            / query.mass
        )


def _bayes_counts(
    owners: Sequence[Doc], language: str
) -> tuple[tuple[Counter[str], ...], tuple[float, ...]]:
    counts = []
    for doc in owners:
        counted = Counter(doc.fields.get("title", ())) + doc.fields.get("phrasings", Counter())
        for phrasing in doc.phrasings:
            if phrasing.language in (None, language):
                counted.update(phrasing.terms)
        counts.append(counted)
    vocabulary = len(set().union(*counts))
    denominators = tuple(sum(c.values()) + BAYES_SMOOTHING * vocabulary for c in counts)
    return tuple(counts), denominators


# --- The naive Bayes over the letters --------------------------------------------------------

# A second naive Bayes, over the letters rather than the words: the character 4-grams of each
# way an entry is asked (in the question's language), so a misspelt or unusual form of a word
# ("chupate", "rebersa") still leans towards the entries asked with its neighbours.
CHAR_SMOOTHING = 0.5
CHAR_SIZES = (4,)


def char_grams(words: Sequence[str]) -> list[str]:
    grams = []
    for word in words:  # table talk already rewritten: "wd4" and "+4" read alike
        padded = f" {word} "
        for size in CHAR_SIZES:
            grams.extend(padded[i : i + size] for i in range(len(padded) - size + 1))
    return grams


class LettersBayes:
    """Per language: for each letter n-gram, the entries (and last the matters no sheet
    settles) whose ways of being asked hold it, with how much likelier it makes them than an
    n-gram they never hold; and each one's log-likelihood of an n-gram it never holds. The
    entry's title and aliases count in both languages, each question in its own. Built at the
    first question (a fifth of a second, the texts' words already kept by the normaliser), not
    with the index: a command that never searches never pays for it."""

    def __init__(self, owners: Sequence[Doc], reader: Normaliser) -> None:
        self.reader = reader
        counts: dict[str, list[Counter[str]]] = {EN: [], ES: []}
        for doc in owners:
            shared: Counter[str] = Counter()
            if doc.entry is not None:
                shared.update(char_grams(reader.words(" ".join(t for t, _ in doc.library))))
            own = {EN: Counter(shared), ES: shared}
            for question in doc.asked:
                own[question.language].update(char_grams(reader.words(question.text)))
            for language in (EN, ES):
                counts[language].append(own[language])
        self.model: dict[str, tuple[dict[str, tuple[np.ndarray, np.ndarray]], tuple[float, ...]]]
        self.model = {}
        for language, found in counts.items():
            vocabulary = len(set().union(*found))
            denominators = [sum(c.values()) + CHAR_SMOOTHING * vocabulary for c in found]
            unseen = tuple(math.log(CHAR_SMOOTHING / d) for d in denominators)
            postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
            for owner, counted in enumerate(found):
                for gram, count in counted.items():
                    lift = math.log((count + CHAR_SMOOTHING) / CHAR_SMOOTHING)
                    postings[gram].append((owner, lift))
            self.model[language] = (
                {
                    gram: (
                        np.array([owner for owner, _ in held], dtype=np.intp),
                        np.array([lift for _, lift in held], dtype=np.float64),
                    )
                    for gram, held in postings.items()
                },
                unseen,
            )

    def likelihoods(self, text: str, language: str) -> tuple[float, ...]:
        """The question's letter n-grams' mean log-likelihood under each entry (and last the
        matters no sheet settles)."""
        grams = char_grams(self.reader.words(text))
        postings, unseen = self.model[language]
        if not grams:
            return tuple(0.0 for _ in unseen)
        found = [postings[gram] for gram in grams if gram in postings]
        lifts = [0.0] * len(unseen)
        if found:  # summed gram by gram, in the question's order
            lifts = np.bincount(
                np.concatenate([owners for owners, _ in found]),
                weights=np.concatenate([gains for _, gains in found]),
                minlength=len(unseen),
            ).tolist()
        return tuple(base + lift / len(grams) for base, lift in zip(unseen, lifts, strict=True))
