"""The search's index: built once from the library and the questions it learns from, then asked.

``Index.build(entries, questions, tuning)`` runs the stages over the library once: every text
is normalised (``normalise``), one document is made per entry (``Doc``: its fields, its ways of
being asked, its terms) and one for the matters no sheet settles, the typo correction learns
the words the search knows (``typos``), and the scoring is set up (``scoring``: BM25F, the
nearest phrasing).
Nothing is built at import: ``search`` builds the app's index at its first question.

A question then goes through the same stages: read into terms, its typos put right
(``Index.analyse``); each entry sharing a term with it scored (``Index.score``), the hits far
weaker than the best dropped and the rest reordered by the classifier (``classifier``, weights
trained offline: ``training``); and the verdict said on the first
(``verdict``). ``Index.search`` gives the hits, ``Index.lookup`` the hits and the verdict.

Every mechanism can be switched off at look-up time (``MECHANISMS``, ``Index.without``): how
``scripts/referee_cv.py --ablate`` weighs what each one pays. Pure Python: nothing here imports
Django.
"""

from __future__ import annotations

import copy
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from functools import lru_cache

from scorekeeper.rules.entries import EDITIONS, Entry
from scorekeeper.rulesearch import classifier, training, verdict
from scorekeeper.rulesearch.documents import (
    Doc,
    by_slug,
    document,
    entry_texts,
    unsettled_document,
)
from scorekeeper.rulesearch.normalise import EN, ES, READER, Normaliser, plain
from scorekeeper.rulesearch.questions import Question
from scorekeeper.rulesearch.scoring import Bm25f, Hit, NearestPhrasing
from scorekeeper.rulesearch.typos import ASKED_TWICE, Query, Typos

# What can be switched off at look-up time (``Index.without``), each with what goes: the
# ablation (``scripts/referee_cv.py --ablate``) judges the search without each in turn.
MECHANISMS: dict[str, str] = {
    "bm25f": "BM25F over the entry's fields (the nearest phrasing alone scores)",
    "nearest": "the nearest phrasing, in the score and in the verdict",
    "completeness": "the score's factor for how much of the question the entry accounts for",
    "title": "the score's factor for how much of the entry's title the question names",
    "first-card": "an entry about the first card turned up needs the question to name a start",
    "themes": "an entry about a themed deck's card needs the question to name the deck",
    "classifier": "the logistic regression, in the order and in the verdict",
    "typos": "the typo correction (every word read as typed)",
    "common-words": "the common words' exemption from the typo correction",
    "off-rules": "the words for matters the sheets never speak of (a verdict signal)",
}


# The score weighs the nearest phrasing beside BM25F, and what the question names of the entry.
PHRASING_WEIGHT = 5.0
TITLE_FLOOR = 0.5  # an entry whose subject the question never names keeps this share
# Hits far weaker than the best one are dropped before the classifier reorders the rest: a
# tenth of the best score keeps the entry of a question's second matter within reach ("se acabo
# el mazo y me toca comer 2 por no cantar uno": the empty pile, and the penalty), where 15 %
# dropped it. Below the first three, a hit is listed only at 15 % or more: the list does not
# fill with hits the words barely match. An entry about a themed deck the question never names
# needs 15 % to be listed at all: the classifier would lift the Water Drop deck's contents
# beside "how many skip cards come in a deck".
MIN_SHARE_OF_BEST = 0.10
MIN_SHARE_LISTED = 0.15
LIFTED_PLACES = 3
# The classifier reorders the hits with this weight.
CLASSIFIER_WEIGHT = 1.0

# The card turned up to start the pile is a subject of its own: an entry about it answers a
# question that speaks of the start of play (the rewrite's "firstcard", or a word for starting,
# flipping or the beginning), not every question that names the same card played later.
START_WORDS = (
    "first start started starting begin beginning flip flipped flips opening initial "
    "primera primero principio inicio empezar empezo empieza empezamos arrancar arranco "
    "arranca comenzar comenzo comienza voltear volteo"
)
NO_START_SHARE = 0.3
# A themed deck's cards (Kitty, Cheese Touch, Water Drop) are a subject of their own too: an
# entry about one answers a question that names something of that deck (a word its entries'
# titles and aliases use and no other entry's do: "sheldon", "queso", "balde"), not every
# question that shares the common words around them ("how many +4s in the box").
THEMES = ("kitty", "cheese-touch", "water-drop")
NO_THEME_SHARE = 0.1


def theme_of(slug: str | None) -> str | None:
    return next((t for t in THEMES if slug is not None and t in slug), None)


class Index:
    """The search over a library, built once (``build``); see the module's docstring."""

    @classmethod
    def build(
        cls,
        entries: Sequence[Entry],
        questions: Sequence[Question] = (),
        tuning: Sequence[Question] = (),
        *,
        reader: Normaliser = READER,
    ) -> Index:
        """The index of ``entries``, learning the ways of asking from ``questions`` (the
        library's phrasings and the calibration questions, by other hands) and ``tuning``
        (the corpus's tuning half; the held-out half is never read here, it judges what the
        search learned). Both are learned from alike, but only the first tells the verdict
        which words a sheet speaks of (``verdict.off_rules_terms``)."""
        index = cls()
        index.reader = reader
        index.questions, index.tuning = tuple(questions), tuple(tuning)
        phrased, learned = by_slug(index.questions), by_slug(index.tuning)
        texts = {entry.slug: entry_texts(entry) for entry in entries}
        index.docs = tuple(
            document(entry, texts[entry.slug], (*phrased[entry.slug], *learned[entry.slug]), reader)
            for entry in entries
        )
        index.doc_index = {doc.entry.slug: number for number, doc in enumerate(index.docs)}
        index.unsettled = unsettled_document((*phrased[None], *learned[None]), reader)
        index.owners = (*index.docs, index.unsettled)
        index.postings = defaultdict(list)
        for number, doc in enumerate(index.docs):
            for term in doc.terms[EN] | doc.terms[ES]:
                index.postings[term].append(number)
        # Document frequencies count the unsettled matters as one more document, so their
        # words are known words (a question about them is read, not typo-corrected into a
        # rules word).
        frequency = Counter({term: len(found) for term, found in index.postings.items()})
        frequency.update(index.unsettled.terms[EN] | index.unsettled.terms[ES])
        documents = len(index.docs) + 1
        index.idf = {
            term: math.log(1 + (documents - count + 0.5) / (count + 0.5))
            for term, count in frequency.items()
        }
        index.typos = Typos.build(texts.values(), (*index.tuning, *index.questions), reader)
        index.off_rules = verdict.off_rules_terms(
            [(entry, texts[entry.slug], phrased[entry.slug]) for entry in entries], reader
        )
        # A word the library doesn't know at all weighs like the rarest term (``coverage``).
        index.unknown_weight = max(index.idf.values())
        index.bm25f = Bm25f(index.docs, index.idf)
        index.phrasings = NearestPhrasing(index.owners, index.idf)
        index.start_terms = frozenset(
            {"firstcard"} | {t for word in START_WORDS.split() for t in reader.normalise(word)}
        )
        index.first_card_docs = frozenset(
            number
            for number, doc in enumerate(index.docs)
            if doc.entry.slug.startswith("first-card-")
        )
        index.theme_terms = index._theme_terms(phrased, learned)
        index.labels = (*(doc.entry.slug for doc in index.docs), classifier.UNSETTLED)
        index.off = frozenset()
        index._model = None
        index._verdict = None
        index._start_caches()
        return index

    def _theme_terms(self, phrased: dict, learned: dict) -> dict[int, frozenset[str]]:
        """For each themed entry, the terms that name its deck.

        Its entries' titles and aliases as the search reads them, and each of their words as
        typed too: the table talk rewrites "toque de queso" whole, yet a player who says only
        "el queso" names the deck all the same. A word as typed counts unless the questions of
        other matters use it twice or more: "drop" (a card played) and "kid" are the players'
        words, not only the Water Drop's and Wimpy Kid's."""
        reader = self.reader
        named: dict[str | None, set[str]] = defaultdict(set)
        themed: dict[int, str] = {}
        elsewhere: Counter[str] = Counter()
        for slug, found in (*phrased.items(), *learned.items()):
            if theme_of(slug) is None:
                for question in found:
                    elsewhere.update(set(reader.normalise(question.text, question.language)))
        for number, doc in enumerate(self.docs):
            theme = theme_of(doc.entry.slug)
            if theme is not None:
                themed[number] = theme
            for text, language in doc.library:
                named[theme].update(reader.normalise(text, language))
                typed = (reader.term(word, language) for word in plain(text))
                named[theme].update(t for t in typed if t and elsewhere[t] < ASKED_TWICE)
        others = set().union(*(terms for theme, terms in named.items() if theme is None))
        distinctive = {t: frozenset(named[t] - others) for t in THEMES}
        return {number: distinctive[theme] for number, theme in themed.items()}

    # --- What the index keeps of the questions it has seen -----------------------------------

    def _start_caches(self) -> None:
        self.analyse = lru_cache(maxsize=1024)(self._analyse)
        self.nearest = lru_cache(maxsize=1024)(self._nearest)
        self.class_log_probs = lru_cache(maxsize=1024)(self._class_log_probs)

    def question_caches(self) -> tuple:
        """Every cache a question fills: the normaliser's words of each text, the typo
        corrections, and the index's own. One is not here, built from the library's words: the
        stems of single words (``normalise.stem``)."""
        return (
            self.reader.words,
            self.analyse,
            self.typos.correct,
            self.nearest,
            self.class_log_probs,
        )

    def clear_caches(self, *, typos: bool = True) -> None:
        """Forget every question seen, as a process that has just started does (the benchmarks
        time first visitors this way); ``typos=False`` keeps the typo corrections, as a running
        server has them."""
        for cached in self.question_caches():
            if typos or cached is not self.typos.correct:
                cached.cache_clear()

    def without(self, *mechanisms: str) -> Index:
        """This index with ``mechanisms`` (names from ``MECHANISMS``) switched off: what it
        built is shared, the questions' caches are its own."""
        unknown = set(mechanisms) - set(MECHANISMS)
        if unknown:
            raise ValueError(f"No mechanism called {', '.join(sorted(unknown))}.")
        switched = copy.copy(self)
        switched.off = self.off | frozenset(mechanisms)
        switched._start_caches()
        return switched

    # --- Reading a question ------------------------------------------------------------------

    def _analyse(self, text: str) -> Query:
        """The question's terms, its unknown words and its language (see ``typos.Query``)."""
        off_rules = self.off_rules
        if "off-rules" in self.off:
            off_rules = {EN: frozenset(), ES: frozenset()}
        return self.typos.read(
            text,
            self.idf,
            off_rules,
            correcting="typos" not in self.off,
            common="common-words" not in self.off,
        )

    # --- Scoring -----------------------------------------------------------------------------

    def _nearest(self, text: str) -> dict[int, float]:
        """For each owner (an entry's index, len(docs): the matters no sheet settles), how
        close its nearest phrasing is to the whole question (both ways)."""
        if "nearest" in self.off:
            return {}
        return self.phrasings.nearest(self.analyse(text))

    def phrasing_match(self, number: int, query: Query) -> float:
        """How close the nearest phrasing of entry ``number`` (len(docs): the matters no sheet
        settles) is to the whole question."""
        return self.nearest(query.text).get(number, 0.0)

    def matched_mass(self, doc: Doc, query: Query) -> float:
        doc_terms = doc.terms[query.language]
        idf = self.idf
        return sum(weight * idf[t] for t, weight in query.terms.items() if t in doc_terms)

    def title_share(self, doc: Doc, query: Query) -> float:
        """How much of the entry's subject (its title, in either language) the question names."""
        idf = self.idf
        best = 0.0
        for title in doc.titles:
            mass = sum(idf[t] for t in title)
            if mass:
                named = sum(idf[t] * query.terms[t] for t in title if t in query.terms)
                best = max(best, named / mass)
        return best

    def score(self, number: int, query: Query) -> float:
        """How well entry ``number`` fits the question, on the words: BM25F and the nearest
        phrasing, by how much of the question it accounts for and of its subject the
        question names."""
        doc = self.docs[number]
        off = self.off
        raw = 0.0 if "bm25f" in off else self.bm25f.score(number, query)
        raw += PHRASING_WEIGHT * self.phrasing_match(number, query)
        completeness = 1.0
        if "completeness" not in off:
            completeness = 0.5 + 0.5 * (self.matched_mass(doc, query) / query.mass)
        subject = 1.0
        if "title" not in off:
            subject = TITLE_FLOOR + (1 - TITLE_FLOOR) * self.title_share(doc, query)
        if (
            "first-card" not in off
            and number in self.first_card_docs
            and self.start_terms.isdisjoint(query.terms)
        ):
            subject *= NO_START_SHARE
        if self.deck_unnamed(number, query):
            subject *= NO_THEME_SHARE
        return raw * completeness * subject

    def deck_unnamed(self, number: int, query: Query) -> bool:
        """True for an entry about a themed deck's card when the question never names the deck."""
        return (
            "themes" not in self.off
            and number in self.theme_terms
            and self.theme_terms[number].isdisjoint(query.terms)
        )

    # --- The classifier ----------------------------------------------------------------------

    def training_examples(self) -> list[classifier.Example]:
        """What this index's classifier learns from (``training.examples``)."""
        return training.examples(self.owners, self.reader)

    def use_model(
        self, model: classifier.Model | None, verdict: classifier.Verdict | None = None
    ) -> None:
        """Score with ``model`` and judge with ``verdict`` (None: the shipped ones, read when
        next needed)."""
        self._model, self._verdict = model, verdict
        self.class_log_probs.cache_clear()

    @property
    def model(self) -> classifier.Model:
        if self._model is None:
            self._model = classifier.load()
        return self._model

    @property
    def verdict(self) -> classifier.Verdict:
        if self._verdict is None:
            self._verdict = classifier.load_verdict()
        return self._verdict

    def _class_log_probs(self, text: str) -> tuple[float, ...]:
        """The classifier's log-probability of each entry, and last of the unsettled matters."""
        if "classifier" in self.off:  # it knows nothing: every label alike
            return tuple(-math.log(len(self.labels)) for _ in self.labels)
        query = self.analyse(text)
        found = self.model.log_probs(training.features(query.spelled, query.language, self.reader))
        floor = min(found.values())
        return tuple(found.get(label, floor) for label in self.labels)

    # --- Selection ---------------------------------------------------------------------------

    def search(self, query: str, edition: str | None = None, limit: int = 10) -> list[Hit]:
        """Entries that answer ``query``, best first.

        ``edition`` (a slug from ``EDITIONS``) keeps only entries that apply to that deck.
        A blank query, or one with no usable words, gives an empty list. Raises ValueError for
        an unknown edition.
        """
        _check_edition(edition)
        if limit <= 0 or not query or not query.strip():
            return []
        return self.ranked(self.analyse(query), edition, limit)

    def ranked(self, query: Query, edition: str | None, limit: int) -> list[Hit]:
        if not query.terms:
            return []
        candidates = {number for t in query.terms for number in self.postings[t]}
        scored = []
        for number in candidates:
            entry = self.docs[number].entry
            if edition is not None and edition not in entry.editions:
                continue
            score = self.score(number, query)
            if score > 0:
                scored.append((score, number))
        if not scored:
            return []
        # Hits far weaker than the best are dropped, then the likeliest under the classifier
        # come first.
        best = max(score for score, _ in scored)
        floors = (best * MIN_SHARE_OF_BEST, best * MIN_SHARE_LISTED)
        learned = self.class_log_probs(query.text)
        surest = max(learned[number] for _, number in scored)
        ranked = sorted(
            (
                (score * math.exp(CLASSIFIER_WEIGHT * (learned[number] - surest)), number, score)
                for score, number in scored
                if score >= floors[self.deck_unnamed(number, query)]
            ),
            key=lambda ranked_hit: (-ranked_hit[0], ranked_hit[1]),
        )
        listed = [
            (weighed, number)
            for place, (weighed, number, on_words) in enumerate(ranked)
            if place < LIFTED_PLACES or on_words >= floors[1]
        ]
        return [
            Hit(self.docs[number].entry, round(weighed, 3)) for weighed, number in listed[:limit]
        ]

    # --- The verdict -------------------------------------------------------------------------

    def coverage(self, query: str, entry: Entry) -> float:
        """The share of the question (0 to 1) that ``entry`` speaks to."""
        return self.covered_share(self.analyse(query), entry)

    def covered_share(self, query: Query, entry: Entry) -> float:
        total = query.mass + query.unknown * self.unknown_weight
        doc = self.docs[self.doc_index[entry.slug]]
        return self.matched_mass(doc, query) / total if total else 0.0

    def verdict_signals(self, query: str, slug: str) -> tuple[float, ...]:
        """What the verdict weighs for ``query`` and the entry it found first (``signals``)."""
        return self.signals(self.analyse(query), slug)

    def signals(self, query: Query, slug: str) -> tuple[float, ...]:
        """What the verdict weighs (``verdict.VERDICT_SIGNALS``, in order): the classifier's
        log-odds that no sheet settles the question, the log of how much nearer its nearest
        phrasing among those matters is than the entry's, the entry's coverage, 1 for a Spanish
        question, 1 when it names a matter the sheets never speak of
        (``verdict.OFF_RULES_WORDS``) that the entry doesn't, and how many terms of the question
        the search knows (a long question's coverage is read against how much there is to
        cover)."""
        number = self.doc_index[slug]
        unsettled_at = len(self.docs)  # the matters no sheet settles come after the entries
        chance = math.exp(self.class_log_probs(query.text)[unsettled_at])
        unsettled = min(max(chance, 1e-6), 1 - 1e-6)
        nearest = (
            self.phrasing_match(unsettled_at, query) + 1e-3,
            self.phrasing_match(number, query) + 1e-3,
        )
        return (
            math.log(unsettled / (1 - unsettled)),
            math.log(nearest[0] / nearest[1]),
            self.covered_share(query, self.docs[number].entry),
            1.0 if query.language == ES else 0.0,
            1.0 if query.off_rules - self.docs[number].terms[query.language] else 0.0,
            float(len(query.terms)),
        )

    def lookup(self, query: str, edition: str | None = None, limit: int = 10) -> verdict.Lookup:
        """Search, then give the verdict (see ``verdict.Lookup`` and ``verdict.verdict_of``).
        ValueError for an unknown edition."""
        _check_edition(edition)
        if limit <= 0 or not query or not query.strip():
            return verdict.Lookup(query, [], verdict.NONE)
        analysed = self.analyse(query)
        hits = self.ranked(analysed, edition, limit)
        said = verdict.verdict_of(hits, lambda slug: self.signals(analysed, slug), self.verdict)
        return verdict.Lookup(query, hits, said)


def _check_edition(edition: str | None) -> None:
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"There is no edition called {edition!r}.")
