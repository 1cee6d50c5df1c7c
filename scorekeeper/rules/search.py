"""Search the rules library the way people ask at the table.

Queries and entries go through the same normalisation:

1. lowercase, accents and apostrophes dropped ("didn't" -> "didnt", "comodín" -> "comodin");
2. table talk rewritten to canonical tokens ("+2", "d2", "draw two" -> ``drawtwo``; "+4", "wd4",
   "wild draw four" -> ``wilddrawfour``; "7-0" -> ``sevenzero``; "1v1" -> ``twoplayer``, ...);
3. stop words dropped, word synonyms folded ("yell", "say" -> ``call``), number words to digits;
4. a light stemmer so plurals and -ing forms meet ("cards" -> "card", "stacking" -> "stack").

A query word not in the vocabulary is corrected to the closest vocabulary word (edit distance 1,
or 2 for long words) using a deletion index built at import time, so "chalenge" and "stak" work.

Scoring is a weighted sum over fields, with each term weighted by its inverse document
frequency: the best-matching alias counts most (aliases are the phrasings people type), then
the title, the slug, and the answer text. The index is built once at import; a query touches
only the entries that share a term with it.

``lookup`` adds the referee's verdict: whether a sheet settles the question at all. It does not
when the best match is an entry no sheet backs (7-0, jump-in, a misdeal) or leaves too much of
the question unanswered (a word no entry uses weighs like the rarest term), so an unrelated
entry is never passed off as the answer.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache

from scorekeeper.rules import search_es
from scorekeeper.rules.entries import EDITIONS, ENTRIES, Entry

# --- Normalisation ---------------------------------------------------------------------------

_NOT_CARDS = r"(?!\s*(?:more\s+)?cards?\b)"  # "draw 2 cards" is an amount, not the card

# Order matters: longer card names before the shorter ones they contain.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), f" {token} ")
    for pattern, token in (
        *search_es.PHRASES,  # Spanish card names and table talk first
        (r"\+\s*4|\bplus\s*(?:4|four)s?\b", "wilddrawfour"),
        (r"\+\s*2|\bplus\s*(?:2|two)s?\b", "drawtwo"),
        (r"\bwild\s*draw\s*(?:4|four)s?\b", "wilddrawfour"),
        (r"\bwild\s*(?:4|four)s?\b", "wilddrawfour"),
        (r"\btoma\s*(?:4|cuatro)\b", "wilddrawfour"),
        (r"\btoma\s*(?:2|dos)\b", "drawtwo"),
        (rf"\bdraw\s*(?:4|four)s?\b{_NOT_CARDS}", "wilddrawfour"),
        (rf"\bdraw\s*(?:2|two)s?\b{_NOT_CARDS}", "drawtwo"),
        (r"\b(?:7|seven)s?\s*(?:-|/|&|and|or)?\s*(?:0|zero|o)s?\b", "sevenzero"),
        (r"\b(?:0|zero)s?\s*(?:-|/|&|and|or)?\s*(?:7|seven)s?\b", "sevenzero"),
        (r"\bjump(?:ing|ed|s)?[\s-]*ins?\b", "jumpin"),
        (
            r"\b(?:two|2)[\s-]*(?:player|people|person|handed)s?\b"
            r"|\b1\s*v(?:s|\.)?\s*1\b|\bone\s+(?:on|vs|v|versus|against)\s+one\b"
            r"|\bheads[\s-]*up\b|\bjust\s+(?:the\s+)?two\s+of\s+us\b",
            "twoplayer",
        ),
        (r"\bchee[sz]e?[\s-]*t(?:ou|o|u)ch(?:es)?\b|\bwimpy\s+kid\b", "cheesetouch"),
        (r"\bwater[\s-]*drops?\b|\bbalde\s+de\s+agua\b", "waterdrop"),
        (r"\bbig\s+bang(?:\s+theory)?\b|\bsoft\s+kitty\b", "kitty"),
        (r"\b(?:go|goes|going|went|gone)\s+out\b", "goout"),
        (r"\b(?:first|starting|opening)\s+card\b", "firstcard"),
        # The names of cards Classic leaves out, so "swap cards" doesn't read as one of them.
        (r"\b(swap|shuffle)\s+hands?\s+cards?\b", r"\1handscard"),
        (
            r"\bcartas?\s+(?:de|para)\s+(?:intercambiar|cambiar)\s+(?:las\s+)?manos\b",
            "swaphandscard",
        ),
        (
            r"\bcartas?\s+(?:de|para)\s+(?:barajar|revolver)\s+(?:las\s+)?manos\b",
            "shufflehandscard",
        ),
        (r"\b(?:run|runs|ran|running)\s+out\b", "runout"),
        (r"\bpick(?:s|ed|ing)?\s+up\b", "draw"),
        (r"\bdraw\s+piles?\b", "drawpile"),
        (r"\bdiscard\s+piles?\b", "discardpile"),
        (r"\b(?:counter|anti)[\s-]*clockwise\b", "counterclockwise"),
        (r"\bnext[\s-]+to[\s-]+last\b|\bsecond[\s-]+to[\s-]+last\b|\bpenultimate\b", "nexttolast"),
        (r"\bhouse\s+rules?\b", "houserule"),
        (r"\b(?:turn(?:s|ed|ing)?|flip(?:s|ped|ping)?)\s+(?:over|up)\b|\bflipped\b", "flip"),
        # "a red 7" is a question about matching colour and number, not about sevens.
        (
            r"\b(?:red|blue|green|yellow)\s+"
            r"(?:\d|zero|one|two|three|four|five|six|seven|eight|nine)\b",
            "colour number",
        ),
        # "+4 on +4", "+2 on top of a +2": a draw card laid on a draw card is about stacking.
        (
            r"\b(drawtwo|wilddrawfour)\s+(?:on|onto|over|after|upon)\s+"
            r"(?:(?:a|an|another|the|top|of|my|your|their|his|her|someones?)\s+)*"
            r"(drawtwo|wilddrawfour)\b",
            r"\1 stack \2",
        ),
    )
)

# Word-level folding, applied after the phrase rewrites (and before stemming).
_SYNONYMS: dict[str, str] = {
    # card names and abbreviations
    "d2": "drawtwo",
    "dt": "drawtwo",
    "draw2": "drawtwo",
    "plus2": "drawtwo",
    "drawtwos": "drawtwo",
    "wd4": "wilddrawfour",
    "wd": "wilddrawfour",
    "d4": "wilddrawfour",
    "draw4": "wilddrawfour",
    "wild4": "wilddrawfour",
    "plus4": "wilddrawfour",
    "wd4s": "wilddrawfour",
    "rev": "reverse",
    "reversa": "reverse",
    "salta": "skip",
    "comodin": "wild",
    "wilds": "wild",
    "cheesetouch": "cheesetouch",
    "waterdrop": "waterdrop",
    "cat": "kitty",
    "jumpin": "jumpin",
    "color": "colour",
    "colors": "colour",
    "coloured": "colour",
    "colored": "colour",
    # verbs people use for the same act
    "say": "call",
    "says": "call",
    "said": "call",
    "saying": "call",
    "yell": "call",
    "yelled": "call",
    "shout": "call",
    "shouted": "call",
    "announce": "call",
    "announced": "call",
    "calling": "call",
    "called": "call",
    "drew": "draw",
    "drawn": "draw",
    "playable": "play",
    "ppl": "people",
    "stackin": "stack",
    "drawin": "draw",
    "playin": "play",
    "callin": "call",
    "sayin": "call",
    "goin": "go",
    "forgot": "forget",
    "forgotten": "forget",
    "forgetting": "forget",
    "forgets": "forget",
    "didnt": "not",
    "dont": "not",
    "doesnt": "not",
    "never": "not",
    "without": "not",
    "cant": "cant",
    "cannot": "cant",
    "couldnt": "cant",
    "unable": "cant",
    "finish": "end",
    "finishing": "end",
    "ends": "end",
    "stack": "stack",
    "stacked": "stack",
    "worth": "point",
    "value": "point",
    "values": "point",
    "pts": "point",
    "dealt": "deal",
    "punishment": "penalty",
    "reshuffle": "shuffle",
    "reshuffled": "shuffle",
    "reshuffling": "shuffle",
    "fine": "penalty",
    "depleted": "runout",
    "anticlockwise": "counterclockwise",
    "counterclockwise": "counterclockwise",
    # number words to digits, so "seven cards" meets "7 cards"
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
}

_STOP_WORDS_TEXT = """
    a an the i im ive id you youre your yours we our us me my mine he she they them their
    is are am was were be been being can could do does did to of on in into onto it its if
    what whats when whens should would will shall and or so that this these those there then
    with at for just u ur anyone someone somebody allowed legal ok okay how hey please also
    by as any than from still get got have has had let lets about really actually like
    happen happens happened
    da wat wut wen tho pls plz lol lmao bro guys gonna wanna gotta cuz coz bc rn idk um uh
    hmm wait seriously anyway now him guy dude
"""
_STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split()) | search_es.STOP_WORDS
# Spanish words fold onto the same terms ("comodín" -> wild); an English meaning wins a clash.
_SYNONYMS = {**search_es.SYNONYMS, **_SYNONYMS}

_WORD = re.compile(r"[a-z0-9]+")


def _stem(word: str) -> str:
    """A deliberately small stemmer: plurals, -ing, -ed and a trailing e."""
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) > 5:
        word = word[:-3]
        if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls":
            word = word[:-1]  # "stopping" -> "stop"
    elif word.endswith("ed") and len(word) > 4:
        word = word[:-2]
        if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls":
            word = word[:-1]
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    text = text.lower().replace("\u2019", "").replace("\u2018", "").replace("'", "")
    for pattern, token in _PHRASES:
        text = pattern.sub(token, text)
    return text


def normalise(text: str) -> list[str]:
    """The canonical search terms for a piece of text, in order (duplicates kept)."""
    terms: list[str] = []
    for word in _WORD.findall(_fold(text)):
        word = _SYNONYMS.get(word, word)
        if word in _STOP_WORDS:
            continue
        word = _stem(word)
        # "wild +4" and "comodín toma 4" name one card, not a Wild and a Wild Draw Four.
        if word == "wilddrawfour" and terms and terms[-1] == "wild":
            terms.pop()
        if word != "500" and _is_point_total(word):
            # "play to 250" meets "play to 200"; 500, the sheets' own target, stays itself.
            word = POINT_TOTAL
        terms.append(word)
    return terms


POINT_TOTAL = "pointtotal"


def _is_point_total(word: str) -> bool:
    """A score a game is played to (100, 250, 500, 1000...), not a card count like 108."""
    return word.isdigit() and len(word) <= 5 and int(word) >= 100 and int(word) % 25 == 0


# --- Index -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hit:
    entry: Entry
    score: float


@dataclass(frozen=True, slots=True)
class _Doc:
    entry: Entry
    title: frozenset[str]
    slug: frozenset[str]
    aliases: tuple[frozenset[str], ...]
    answer: Counter[str]
    prominent: frozenset[str]  # title, slug and alias terms


_ENGLISH_TERMS: frozenset[str] = frozenset(
    term
    for entry in ENTRIES
    for text in (entry.title, entry.answer, *entry.aliases, *(v.answer for v in entry.variants))
    for term in normalise(text)
)


def _build_doc(entry: Entry) -> _Doc:
    title = frozenset(normalise(entry.title))
    slug = frozenset(normalise(entry.slug.replace("-", " ")))
    phrasings = (*entry.aliases, *search_es.aliases(entry.slug))  # English and Spanish
    # Phrasings that normalise alike ("toma 2", "draw two") are scored once: the best alias wins.
    aliases = tuple(
        dict.fromkeys(
            terms for terms in (frozenset(normalise(alias)) for alias in phrasings) if terms
        )
    )
    body = " ".join([entry.answer, *(variant.answer for variant in entry.variants)])
    answer = Counter(normalise(body))
    # The Spanish answer adds only Spanish words, so English weights stay as they were.
    spanish = set(normalise(" ".join(search_es.body(entry.slug))))
    answer.update(dict.fromkeys(spanish - _ENGLISH_TERMS, 1))
    prominent = title | slug | frozenset().union(*aliases)
    return _Doc(entry, title, slug, aliases, answer, prominent)


_DOCS: tuple[_Doc, ...] = tuple(_build_doc(entry) for entry in ENTRIES)

_POSTINGS: dict[str, list[int]] = defaultdict(list)
for _index, _doc in enumerate(_DOCS):
    for _term in _doc.prominent | set(_doc.answer):
        _POSTINGS[_term].append(_index)

_IDF: dict[str, float] = {
    term: math.log(1 + (len(_DOCS) - len(docs) + 0.5) / (len(docs) + 0.5))
    for term, docs in _POSTINGS.items()
}
# How many entries name a term prominently: used to pick between equally close typo fixes.
_PROMINENCE: Counter[str] = Counter(term for doc in _DOCS for term in doc.prominent)
_TITLE_MASS: tuple[float, ...] = tuple(
    sum(_IDF[term] for term in doc.title) or 1.0 for doc in _DOCS
)
_ALIAS_MASS: tuple[tuple[float, ...], ...] = tuple(
    tuple(sum(_IDF[term] for term in alias) for alias in doc.aliases) for doc in _DOCS
)


def _max_typos(word: str) -> int:
    if len(word) < 4 or word.isdigit():
        return 0
    return 1 if len(word) < 7 else 2


def _deletions(word: str, depth: int) -> set[str]:
    """Every string made by deleting up to ``depth`` characters from ``word``."""
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


_DELETIONS: dict[str, set[str]] = defaultdict(set)
for _term in _POSTINGS:
    for _variant in _deletions(_term, 2 if len(_term) >= 6 else 1):
        _DELETIONS[_variant].add(_term)


def _edit_distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (optimal string alignment)."""
    previous_previous: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            cost = char_a != char_b
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous_previous[j - 2] + 1)
        previous_previous, previous = previous, current
    return previous[-1]


@lru_cache(maxsize=4096)
def _correct(word: str) -> str | None:
    """The closest vocabulary term to an unknown word, or None if nothing is close enough."""
    limit = _max_typos(word)
    if not limit:
        return None
    candidates: set[str] = set()
    for variant in _deletions(word, limit):
        candidates |= _DELETIONS.get(variant, set())
    best: tuple[int, int, str] | None = None
    for candidate in candidates:
        if candidate not in _ENGLISH_TERMS:
            continue  # an English word is never "corrected" into a Spanish one
        distance = _edit_distance(word, candidate)
        if distance > limit or (distance > 1 and len(candidate) < 6):
            continue
        key = (distance, -_PROMINENCE[candidate], candidate)
        if best is None or key < best:
            best = key
    return best[2] if best else None


_TYPO_WEIGHT = 0.8

# Spanish typos are put right against Spanish words only (search_es.SpanishWords).
_SPANISH = search_es.SpanishWords(normalise, _IDF, search_es.texts())


def _correct_any(term: str, spanish: bool) -> str | None:
    """A Spanish question's typo becomes a Spanish word, never an English one; an English
    question's typo tries English first. A Spanish word we know is never "corrected"."""
    if spanish or term in _SPANISH.forms:
        return _SPANISH.correct(term)
    found = _correct(term) or _SPANISH.correct(term)
    # An English question only takes a Spanish word's term when it is a shared one ("wild").
    return found if found in _ENGLISH_TERMS else None


def _analyse(query: str) -> tuple[dict[str, float], int]:
    """Query terms with their weights (corrected typos count a little less), and how many
    meaningful words of the query no entry uses at all, even corrected (for ``lookup``)."""
    weights: dict[str, float] = {}
    unknown = 0
    spanish = search_es.looks_spanish(query)
    for term in normalise(query):
        weight = 1.0
        if term not in _IDF:
            corrected = _correct_any(term, spanish)
            if corrected is None:
                unknown += not term.isdigit() and len(term) > 2
                continue
            term, weight = corrected, _TYPO_WEIGHT
        weights[term] = max(weights.get(term, 0.0), weight)
    return weights, unknown


def _query_terms(query: str) -> dict[str, float]:
    """Query terms with their weights; corrected typos count a little less."""
    return _analyse(query)[0]


# --- Scoring ---------------------------------------------------------------------------------

_TITLE_WEIGHT = 2.0
_SLUG_WEIGHT = 1.0
_ALIAS_WEIGHT = 3.0
_ANSWER_WEIGHT = 0.6
_MIN_SHARE_OF_BEST = 0.15  # drop hits far weaker than the best one


def _score(index: int, terms: dict[str, float], query_mass: float) -> float:
    doc = _DOCS[index]
    idf = _IDF
    title = sum(weight * idf[t] for t, weight in terms.items() if t in doc.title)
    if title:
        # A short title the query covers ("Kitty card") beats a long one that mentions the term.
        title *= 0.5 + 0.5 * title / _TITLE_MASS[index]
    slug = sum(weight * idf[t] for t, weight in terms.items() if t in doc.slug)
    alias = 0.0
    for alias_terms, alias_mass in zip(doc.aliases, _ALIAS_MASS[index], strict=True):
        if alias_terms.isdisjoint(terms):
            continue  # most aliases share nothing with the query: skip the sum
        matched = sum(weight * idf[t] for t, weight in terms.items() if t in alias_terms)
        if not matched:
            continue
        # The closer the alias is to the whole query (both ways round), the more it counts.
        covers_alias = matched / alias_mass
        covers_query = matched / query_mass
        alias = max(alias, matched * (0.25 + 0.75 * covers_alias * covers_query))
    answer = 0.0
    for t, weight in terms.items():
        tf = doc.answer.get(t, 0)
        if tf:
            answer += weight * idf[t] * (tf * 2.2 / (tf + 1.2))
    matched_anywhere = sum(
        weight * idf[t] for t, weight in terms.items() if t in doc.prominent or t in doc.answer
    )
    completeness = matched_anywhere / query_mass
    raw = (
        _TITLE_WEIGHT * title
        + _SLUG_WEIGHT * slug
        + _ALIAS_WEIGHT * alias
        + _ANSWER_WEIGHT * answer
    )
    return raw * (0.5 + 0.5 * completeness)


def search(query: str, edition: str | None = None, limit: int = 10) -> list[Hit]:
    """Entries that answer ``query``, best first.

    ``edition`` (a slug from ``EDITIONS``) keeps only entries that apply to that deck.
    A blank query, or one with no usable words, gives an empty list. Raises ValueError for
    an unknown edition.
    """
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"There is no edition called {edition!r}.")
    if limit <= 0 or not query or not query.strip():
        return []
    return _ranked(_query_terms(query), edition, limit)


def _ranked(terms: dict[str, float], edition: str | None, limit: int) -> list[Hit]:
    if not terms:
        return []
    query_mass = sum(weight * _IDF[t] for t, weight in terms.items())
    candidates = {index for t in terms for index in _POSTINGS[t]}
    scored = []
    for index in candidates:
        entry = _DOCS[index].entry
        if edition is not None and edition not in entry.editions:
            continue
        score = _score(index, terms, query_mass)
        if score > 0:
            scored.append((score, index))
    if not scored:
        return []
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    floor = scored[0][0] * _MIN_SHARE_OF_BEST
    return [
        Hit(_DOCS[index].entry, round(score, 3))
        for score, index in scored[:limit]
        if score >= floor
    ]


# --- Does a sheet settle it? -----------------------------------------------------------------

# How much of a question the best entry must account for to count as its answer. A query word
# the library doesn't know at all ("misdeal" before there was an entry, "trade", "floor") is
# the rarest kind of term, so it weighs like one: an entry that matches only the common words
# around it doesn't settle the question.
_MIN_COVERAGE = 0.6
_UNKNOWN_WEIGHT = max(_IDF.values())
_DOC_INDEX: dict[str, int] = {doc.entry.slug: index for index, doc in enumerate(_DOCS)}


@dataclass(frozen=True, slots=True)
class Lookup:
    """The search's verdict on a question: the hits, and whether a sheet settles it.

    ``covered`` is True when the first hit answers the question from the sheets. When it is
    False no sheet covers the question: the table should agree it (and may record it as a
    house rule); ``hits`` are then only related reading, and ``house_rule`` the popular house
    rule the question names, if it names one (7-0, jump-in).
    """

    query: str
    hits: list[Hit]
    covered: bool

    @property
    def answer(self) -> Entry | None:
        return self.hits[0].entry if self.covered else None

    @property
    def house_rule(self) -> Entry | None:
        if self.covered or not self.hits or self.hits[0].entry.covered:
            return None
        return self.hits[0].entry


def _coverage(terms: dict[str, float], unknown: int, entry: Entry) -> float:
    doc = _DOCS[_DOC_INDEX[entry.slug]]
    matched = sum(
        weight * _IDF[t] for t, weight in terms.items() if t in doc.prominent or t in doc.answer
    )
    total = sum(weight * _IDF[t] for t, weight in terms.items()) + unknown * _UNKNOWN_WEIGHT
    return matched / total if total else 0.0


def coverage(query: str, entry: Entry) -> float:
    """The share of the question (0 to 1) that ``entry`` speaks to."""
    return _coverage(*_analyse(query), entry)


def lookup(query: str, edition: str | None = None, limit: int = 10) -> Lookup:
    """Search, then say whether a sheet settles the question (see ``Lookup``).

    Not covered: nothing matched; the best match is an entry no sheet backs (a house rule
    such as 7-0, a misdeal); or the best match leaves too much of the question unanswered.
    Raises ValueError for an unknown edition, like ``search``.
    """
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"There is no edition called {edition!r}.")
    if limit <= 0 or not query or not query.strip():
        return Lookup(query, [], covered=False)
    terms, unknown = _analyse(query)
    hits = _ranked(terms, edition, limit)
    if not hits or not hits[0].entry.covered:
        return Lookup(query, hits, covered=False)
    covered = _coverage(terms, unknown, hits[0].entry) >= _MIN_COVERAGE
    return Lookup(query, hits, covered=covered)
