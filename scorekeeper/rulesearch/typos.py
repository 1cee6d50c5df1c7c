"""Stage 2 of the search, typos: a question's words read against the words the index knows.

A query word the library never uses is put right against the words it does use with
``rapidfuzz`` (optimal string alignment distance 1, or 2 for long words): "chalenge" ->
"challenge", "desafo" -> "desafío". A Spanish question is corrected against Spanish words
only, an English one against English words first, so "pila" never becomes "pile". A common
word of the question's language (``model/common-words-*.txt``, from wordfreq's lists) that one
learned question uses is a word of its own, not a typo: "odds" stays "odds", not "adds".

``Typos.read`` turns a question into the ``Query`` the next stage scores (``index``): its
known terms with their weights (a corrected typo counts less), how many of its words are
unknown even corrected, its language, the terms it holds for matters the sheets never speak
of, and its words as spelled. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from scorekeeper.rulesearch import classifier, search_es
from scorekeeper.rulesearch.documents import Texts
from scorekeeper.rulesearch.normalise import (
    CANONICAL,
    EN,
    ES,
    STOP_WORDS,
    Normaliser,
    language_of,
    plain,
    stem,
)
from scorekeeper.rulesearch.questions import Question

ASKED_TWICE = 2
TYPO_WEIGHT = 0.8
# Words a question may hold that are not typos even where the library never uses them.
KNOWN_ELSEWHERE: frozenset[str] = frozenset(search_es.OTHER_WORDS) | STOP_WORDS


@dataclass(frozen=True, slots=True)
class Query:
    text: str
    terms: dict[str, float]  # known terms with their weights (a corrected typo counts less)
    unknown: int  # meaningful words no entry or question uses at all, even corrected
    language: str
    # terms for matters the sheets never speak of (``verdict.OFF_RULES_WORDS``), known or not
    off_rules: frozenset[str]
    spelled: tuple[str, ...]  # its words, table talk rewritten and typos put right
    mass: float  # the terms' weight, each by its rarity (read often)


def max_typos(word: str) -> int:
    if len(word) < 4 or word.isdigit():
        return 0
    return 1 if len(word) < 7 else 2


class Typos:
    """The words the search knows in each language, and the corrections of words it doesn't."""

    def __init__(
        self,
        vocabulary: dict[str, dict[str, int]],
        asked_once: dict[str, frozenset[str]],
        common: dict[str, frozenset[str]],
        reader: Normaliser,
    ) -> None:
        self.vocabulary = vocabulary  # by language: each word, with how prominent it is
        self.vocabulary_list = {language: list(words) for language, words in vocabulary.items()}
        # Terms only a word one question uses gives, nowhere else: perhaps its writer's typo
        # ("acumla"), so a known word a letter or two away from a question's word with that
        # term is read in its place ("acumlar": stacking, not a rare term of its own).
        self.asked_once = asked_once
        # The common words of each language, four letters or longer
        # (``scripts/common_words.py``): a word only one learned question uses is read as that
        # question's typo unless it is on its language's list ("odds" is not "adds", "calor"
        # is not "color"). A word no question uses at all is still put right even so: left
        # alone it would count as unknown, which moves the verdict towards "no sheet covers
        # this", and that cost more wrong banners than it saved (docs/referee-journal.md).
        self.common = common
        self.reader = reader
        self.correct = lru_cache(maxsize=8192)(self._correct)

    @classmethod
    def build(cls, texts: Iterable[Texts], asked: Sequence[Question], reader: Normaliser) -> Typos:
        """From the entries' texts and the questions the search learns from."""
        asked_once: dict[str, frozenset[str]] = {}
        vocabulary = {}
        for language in (EN, ES):
            vocabulary[language], asked_once[language] = _surface_words(
                texts, asked, language, reader
            )
        common = {
            language: frozenset(
                classifier.common_words_path(language).read_text(encoding="utf-8").split()
            )
            for language in (EN, ES)
        }
        return cls(vocabulary, asked_once, common, reader)

    def _correct(self, word: str, language: str) -> str | None:
        """The known word closest to an unknown ``word`` in ``language``, or None."""
        limit = max_typos(word)
        if not limit:
            return None
        matches = process.extract(
            word,
            self.vocabulary_list[language],
            scorer=OSA.distance,
            score_cutoff=limit,
            limit=None,
        )
        best: tuple[int, int, str] | None = None
        for candidate, distance, _ in matches:
            if distance > 1 and len(candidate) < 6:
                continue
            key = (distance, -self.vocabulary[language][candidate], candidate)
            if best is None or key < best:
                best = key
        return best[2] if best else None

    def read(
        self,
        query: str,
        idf: Mapping[str, float],
        off_rules: Mapping[str, frozenset[str]],
        *,
        correcting: bool = True,
        common: bool = True,
    ) -> Query:
        """The question as the index scores it (see ``Query``): its words' terms, a term the
        index doesn't know (``idf``) put right when a known word is a letter or two away.
        ``correcting=False`` leaves every word as typed, ``common=False`` corrects a common
        word too (the ablation's switches)."""
        reader = self.reader
        language = language_of(query)
        weights: dict[str, float] = {}
        unknown = 0
        previous: str | None = None
        off_rules_here = off_rules[language]
        spelled = []
        for word in reader.words(query):
            spelled.append(word)
            term = reader.term(word, language)
            weight = 1.0
            if term is None:
                continue
            once = correcting and term in self.asked_once[language]
            if (
                once
                and word not in KNOWN_ELSEWHERE
                and not (common and word in self.common[language])
            ):
                fixed = self.correct(word, language)
                corrected = next(iter(reader.normalise(fixed, language)), None) if fixed else None
                if corrected in idf and corrected != term:
                    term, weight = corrected, TYPO_WEIGHT
                    spelled[-1] = fixed
            if term not in idf:
                if term in off_rules_here:  # a word for such a matter is not a typo
                    unknown += 1
                    continue
                corrected = None
                # A Spanish question's typo becomes a Spanish word; an English one's tries
                # English first, then Spanish. A Spanish word we know is never "corrected"
                # into English.
                if correcting and word not in KNOWN_ELSEWHERE and word not in self.vocabulary[ES]:
                    fixed = self.correct(word, language)
                    if fixed is None and language == EN:
                        fixed = self.correct(word, ES)
                    corrected = (
                        next(iter(reader.normalise(fixed, language)), None) if fixed else None
                    )
                if corrected is None or corrected not in idf:
                    unknown += not word.isdigit() and len(word) > 2
                    continue
                term, weight = corrected, TYPO_WEIGHT
                spelled[-1] = fixed
            if term == "wilddrawfour" and previous == "wild":
                weights.pop("wild", None)
            weights[term] = max(weights.get(term, 0.0), weight)
            previous = term
        found = (
            frozenset(reader.term(word, language) for word in reader.words(query)) & off_rules_here
        )
        mass = sum(weight * idf[t] for t, weight in weights.items())
        return Query(query, weights, unknown, language, found, tuple(spelled), mass)


def _surface_words(
    texts: Iterable[Texts], asked: Sequence[Question], language: str, reader: Normaliser
) -> tuple[dict[str, int], frozenset[str]]:
    """Every word the search knows in one language (the library's texts and the questions it
    learns from), with how many entries use it in a title or phrasing (to pick between equally
    close corrections); and the terms only a word of one question gives."""
    words: Counter[str] = Counter()
    prominent: Counter[str] = Counter()
    for entry_texts in texts:
        for name, parts in entry_texts.items():
            seen = {word for text, lang in parts if lang == language for word in plain(text)}
            words.update(seen)
            if name != "answer":
                prominent.update(seen)
    # A word from the questions only when two of them use it: they are typed as players type,
    # and a typo ("comodn") is rarely typed twice, while a known one would never be corrected.
    found: Counter[str] = Counter()
    found.update(w for q in asked if q.language == language for w in set(plain(q.text)))
    words.update(word for word, count in found.items() if count >= ASKED_TWICE)
    spanish = {word for word in reader.synonyms if word in search_es.SYNONYMS}
    if language == ES:
        words.update(spanish | search_es.OTHER_WORDS)
    else:
        words.update({word for word in reader.synonyms if word not in spanish})
    known = {term for word in words for term in reader.normalise(word, language)}
    once = {
        term for word in found if word not in words for term in reader.normalise(word, language)
    }
    # A term table talk gives ("no puedo jugar": "cant play") is the search's own word, not
    # a typo, though the questions' words as typed never give it.
    canonical = {stem(word, EN) for word in CANONICAL}
    vocabulary = {word: prominent[word] for word in words if len(word) >= 3 and not word.isdigit()}
    return vocabulary, frozenset(once - known - canonical)
