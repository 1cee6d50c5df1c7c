"""Search the rules library the way people ask at the table, and say whether a sheet settles it.

Queries and entries go through the same normalisation:

1. lowercase, accents and apostrophes dropped ("didn't" -> "didnt", "comodín" -> "comodin");
2. table talk rewritten to canonical tokens ("+2", "d2", "toma 2" -> ``drawtwo``; "+4", "wd4",
   "wild draw four" -> ``wilddrawfour``; "7-0" -> ``sevenzero``; "1v1" -> ``twoplayer``, ...):
   this is domain knowledge, kept as tables here and in ``search_es``;
3. stop words dropped, word synonyms folded ("yell", "say", "gritar" -> ``call``), number words
   to digits;
4. Snowball stemming (``snowballstemmer``): English for English text and for the canonical
   terms, Spanish for Spanish words, so "stacking" meets "stack" and "acumulando" "acumular".

A query word the library never uses is put right against the words it does use with
``rapidfuzz`` (optimal string alignment distance 1, or 2 for long words): "chalenge" ->
"challenge", "desafo" -> "desafío". A Spanish question is corrected against Spanish words
only, an English one against English words first, so "pila" never becomes "pile". A common
word of the question's language (``model/common-words-*.txt``, from wordfreq's lists) that one
learned question uses is a word of its own, not a typo: "odds" stays "odds", not "adds".

Ranking is BM25F: one document per entry with three fields (its title, the phrasings people
type, its answer), both languages in one document, plus the best single phrasing's match and a
factor for how much of the question the entry accounts for; then two naive Bayes (words,
letters) and a logistic regression (``classifier``, weights trained offline) learned from the
ways each entry is asked reorder the hits.

``lookup`` adds the verdict, earned in three steps (see ``Lookup``): an *answer* when the best
sheet-backed entry clearly accounts for the question, a *likely answer* when it does less
surely, and *no sheet covers this* when the best match is a matter the sheets never address (a
house rule such as 7-0) or when a small logistic regression over what the search knows of the
question (``verdict_signals``) finds that likelier than not. That regression is fitted on the
calibration questions (``calibration/``), each read by a search built without its half of them
(``scripts/train_referee.py``, cross-fitting); the whole is judged on the held-out half of the
question corpus (``corpus/``, ``bench/referee_accuracy.py``).

Nothing here imports Django; numpy runs the inner loops (the nearest phrasing, the letters'
likelihoods; the classifier's product is in ``classifier``).
"""

from __future__ import annotations

import math
import random
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import pairwise

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA
from snowballstemmer import stemmer as snowball

from scorekeeper.rules.entries import EDITIONS, ENTRIES, Entry
from scorekeeper.rulesearch import classifier, questions, search_es
from scorekeeper.rulesearch.questions import Question

# --- Normalisation ---------------------------------------------------------------------------

_NOT_CARDS = r"(?!\s*(?:more\s+)?cards?\b)"  # "draw 2 cards" is an amount, not the card

# Order matters: longer card names before the shorter ones they contain.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), f" {token} ")
    for pattern, token in (
        *search_es.PHRASES,  # Spanish card names and table talk first
        # "skips 2 people" counts who is skipped; it is not a game of two.
        (r"\bskip(?:s|ped|ping)?\s+(?:2|two)\s+(?:people|players|persons?)\b", "skip skip"),
        (r"\+\s*4|\bplus\s*(?:4|four)s?\b", "wilddrawfour"),
        (r"\+\s*2|\bplus\s*(?:2|two)s?\b", "drawtwo"),
        (r"\bwild\s*draw\s*(?:4|four|fore|for)s?\b", "wilddrawfour"),
        (r"\bwild\s*(?:4|four)s?\b", "wilddrawfour"),
        (r"\btoma\s*(?:4|cuatro)\b", "wilddrawfour"),
        (r"\btoma\s*(?:2|dos)\b", "drawtwo"),
        (rf"\bdraw\s*(?:4|four)s?\b{_NOT_CARDS}", "wilddrawfour"),
        (rf"\bdraw\s*(?:2|two)s?\b{_NOT_CARDS}", "drawtwo"),
        (r"\b(?:7|seven)s?\s*(?:-|/|&|and|or)?\s*(?:0|zero|o)s?\b", "sevenzero"),
        (r"\b(?:0|zero)s?\s*(?:-|/|&|and|or)?\s*(?:7|seven)s?\b", "sevenzero"),
        (
            r"\bjump(?:ing|ed|s)?[\s-]*ins?\b|\bout\s+of\s+turn\b"
            r"|\bwhen\s+(?:its|it\s+is|it\s+was)\s+not\s+(?:my|your|ur|their|his|her)\s+turn\b",
            "jumpin",
        ),
        (
            r"\b(?:two|2)[\s-]*(?:player|people|person|handed)s?\b"
            r"(?!\s+(?:go|goes|went|both|tie|tied|finish|finished)\b)"
            r"|\b1\s*v(?:s|\.)?\s*1\b|\bone\s+(?:on|vs|v|versus|against)\s+one\b"
            r"|\bheads[\s-]*up\b|\bjust\s+(?:the\s+)?two\s+of\s+us\b"
            r"|\b(?:just|only)\s+me\s+(?:and|n|&)\s+(?:my\s+)?[a-z]+\b",
            "twoplayer",
        ),
        (r"\bchee[sz]e?[\s-]*t(?:ou|o|u)ch(?:es)?\b|\bwimpy\s+kid\b", "cheesetouch"),
        (r"\bwater[\s-]*drops?\b|\bbalde\s+de\s+agua\b", "waterdrop"),
        (r"\bbig\s+bang(?:\s+theory)?\b|\bsoft\s+kitty\b", "kitty"),
        (r"\b(?:go|goes|going|went|gone)\s+out\b", "goout"),
        # A player with no cards left has gone out; a pile that runs out is another matter.
        (
            r"\b(?:run|runs|ran|running)\s+out\s+of\s+cards\b"
            r"|\b(?:got|gets|get|getting)\s+rid\s+of\s+(?:all\s+)?(?:(?:my|his|her|their|your)\s+)?cards\b"
            r"|\b(?:no|zero)\s+cards\s+left\b(?!\s+(?:to\s+draw|in\s+the\s+(?:deck|pile)))"
            r"|\bplay(?:s|ed)?\s+(?:my|his|her|their|your)\s+last\s+card\b",
            "goout",
        ),
        (
            r"\b(?:first|starting|opening|start|initial|top)\s+(?:card|discard)\b"
            r"|\b(?:flipped|turned(?:\s+(?:up|over))?)\s+(?:at|to)\s+(?:the\s+)?start\b"
            r"|\b(?:game|play|round)\s+(?:started|starts|opened|opens|began|begins)\s+"
            r"(?:on|with)\b|\bto\s+start\s+(?:the\s+)?(?:game|play|pile)\b",
            "firstcard",
        ),
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
        (
            r"\b(?:nothing|no\s+cards?|no\s+playable\s+cards?)\s+(?:i\s+can\s+|to\s+)?play\b"
            r"|\b(?:dont|do\s+not)\s+have\s+(?:anything|a\s+card|any\s+cards?)\s+"
            r"(?:i\s+can\s+|to\s+)?play\b",
            "cant play",
        ),
        # "a Wild when I have the colour": playing while holding a card that would do.
        (
            r"\b(?:if|when|while|even\s+(?:if|though|tho)|although|though|tho)\s+"
            r"(?:i|you|u|they|he|she|we)\s+(?:still\s+|already\s+)?"
            r"(?:have|has|had|hold|holds|held|got|could\s+play|can\s+play)\b",
            "holding",
        ),
        (r"\b(?:run|runs|ran|running)\s+out\b", "runout"),
        (
            r"\bno\s+(?:more\s+)?cards\s+(?:left\s+)?(?:to\s+draw|in\s+the\s+(?:deck|pile))\b"
            r"|\b(?:deck|pile)\s+(?:is\s+)?(?:empty|gone|finished)\b|\bnothing\s+(?:left\s+)?to\s+draw\b",
            "drawpile runout",
        ),
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
        # "+4 on +4", "+2 on top of a +2", "+2 encima de otro +2": a draw card laid on a draw
        # card is about stacking.
        (
            r"\b(drawtwo|wilddrawfour)\s+(?:on|onto|over|after|upon|sobre|encima|arriba|"
            r"despues|tras|con)\s+"
            r"(?:(?:a|an|another|the|top|of|my|your|their|his|her|someones?|de|del|un|una|"
            r"otro|otra|el|la|mi|tu|su|ese|esa)\s+)*"
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
    "whos": "who",
    "whose": "who",
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

EN, ES = "en", "es"
_STEMMERS = {EN: snowball("english"), ES: snowball("spanish")}

# Every canonical term (what a phrase or a synonym turns words into) is English, stemmed as
# English whatever the question's language, so "castigo" and "penalty" meet.
_CANONICAL: frozenset[str] = frozenset(
    word
    for token in (*(t for _, t in _PHRASES), *_SYNONYMS.values(), *search_es.VERB_FORMS.values())
    for word in _WORD.findall(token)
)


@lru_cache(maxsize=16384)
def _stem(word: str, language: str) -> str:
    """The word's stem. A Spanish word that is not table talk is marked as Spanish ("es:"),
    so it never meets an English word that stems alike ("puto" and "put")."""
    if word.isdigit() or len(word) <= 2:
        return word
    if word in _CANONICAL or language == EN:
        return _STEMMERS[EN].stemWord(word)
    return "es:" + _STEMMERS[ES].stemWord(word)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    text = text.lower().replace("\u2019", "").replace("\u2018", "").replace("'", "")
    for pattern, token in _PHRASES:
        text = pattern.sub(token, text)
    return text


# Kept for every text the index reads (about 8,000): the letters model, built at the first
# question, reads the same texts again and finds their words here instead of rewriting them.
@lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(_fold(text)))


def _plain(text: str) -> list[str]:
    """The words of a text as typed (folded, before any table talk is rewritten)."""
    return _WORD.findall(search_es.fold(text).replace("'", "").replace("\u2019", ""))


def _term(word: str, language: str) -> str | None:
    """One word's search term, or None for a stop word."""
    if word in _SYNONYMS:
        word = _SYNONYMS[word]
    elif language == ES:
        word = search_es.VERB_FORMS.get(word, word)
    if word in _STOP_WORDS:
        return None
    word = _stem(word, language)
    if word != "500" and _is_point_total(word):
        # "play to 250" meets "play to 200"; 500, the sheets' own target, stays itself.
        return POINT_TOTAL
    return word


def _terms(words: Sequence[str], language: str) -> list[str]:
    terms: list[str] = []
    for word in words:
        term = _term(word, language)
        if term is None:
            continue
        # "wild +4" and "comodín toma 4" name one card, not a Wild and a Wild Draw Four.
        if term == "wilddrawfour" and terms and terms[-1] == "wild":
            terms.pop()
        terms.append(term)
    return terms


def language_of(text: str) -> str:
    return ES if search_es.looks_spanish(text) else EN


def normalise(text: str, language: str | None = None) -> list[str]:
    """The canonical search terms for a piece of text, in order (duplicates kept).

    ``language`` ("en" or "es") picks the stemmer for words that are not table talk; by
    default it is guessed from the text (``search_es.looks_spanish``)."""
    return _terms(_words(text), language or language_of(text))


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
class _Phrasing:
    """A way to ask for an entry, as terms. ``language`` None: the entry's title and aliases,
    compared with a question in any language; "en"/"es": a question written in that language
    (the library's phrasings files, the corpus's tuning half), compared only with questions
    typed in the same language."""

    terms: frozenset[str]
    language: str | None


@dataclass(frozen=True, slots=True)
class _Doc:
    entry: Entry | None  # None: the matters no sheet settles (the corpus's unsettled questions)
    fields: dict[str, Counter[str]]  # title, phrasings, answer: term frequencies
    phrasings: tuple[_Phrasing, ...]
    terms: dict[str, frozenset[str]]  # by the question's language: every term it can match
    titles: tuple[frozenset[str], ...] = ()  # the English and the Spanish title, as terms


def _entry_texts(entry: Entry) -> dict[str, list[tuple[str, str]]]:
    """The entry's texts by field, each with its language."""
    english_body = [entry.answer, *(variant.answer for variant in entry.variants)]
    return {
        "title": [(entry.title, EN), *((t, ES) for t in search_es.aliases(entry.slug)[:1])],
        "phrasings": [
            (entry.slug.replace("-", " "), EN),
            *((alias, EN) for alias in entry.aliases),
            *((alias, ES) for alias in search_es.aliases(entry.slug)[1:]),
        ],
        "answer": [
            *((text, EN) for text in english_body),
            *((text, ES) for text in search_es.body(entry.slug)),
        ],
    }


def _by_slug(found: list[Question]) -> dict[str | None, list[Question]]:
    """Questions by the slug that answers each (None: no sheet settles it)."""
    by_slug: dict[str | None, list[Question]] = defaultdict(list)
    for question in found:
        by_slug[question.expected[0] if question.expected else None].append(question)
    return by_slug


# The tuning half of the question corpus: the held-out half is never read here, it judges what
# the search learned. And the library's extra phrasings (``rulesearch/phrasings``) and the
# calibration questions (``rulesearch/calibration``), written by other hands.
_LEARNED = _by_slug(questions.tuning())
_PHRASED = _by_slug([*questions.phrasings(), *questions.calibration()])


def _phrasings(library: list[tuple[str, str]], learned: list[Question]) -> tuple[_Phrasing, ...]:
    found = [_Phrasing(frozenset(normalise(text, lang)), None) for text, lang in library]
    found += [_Phrasing(frozenset(normalise(q.text, q.language)), q.language) for q in learned]
    # Phrasings that normalise alike ("toma 2", "draw two") are scored once.
    return tuple(dict.fromkeys(phrasing for phrasing in found if phrasing.terms))


def _by_language(fields: dict[str, Counter[str]], phrasings: tuple[_Phrasing, ...]):
    common = frozenset().union(*(set(counts) for counts in fields.values()))
    return {
        language: common.union(*(p.terms for p in phrasings if p.language in (None, language)))
        for language in (EN, ES)
    }


def _build_doc(entry: Entry) -> _Doc:
    texts = _entry_texts(entry)
    fields = {
        name: Counter(term for text, language in parts for term in normalise(text, language))
        for name, parts in texts.items()
    }
    phrasings = _phrasings(
        [*texts["title"], *texts["phrasings"]], [*_PHRASED[entry.slug], *_LEARNED[entry.slug]]
    )
    titles = tuple(frozenset(normalise(text, language)) for text, language in texts["title"])
    return _Doc(entry, fields, phrasings, _by_language(fields, phrasings), titles)


_DOCS: tuple[_Doc, ...] = tuple(_build_doc(entry) for entry in ENTRIES)
_DOC_INDEX: dict[str, int] = {doc.entry.slug: index for index, doc in enumerate(_DOCS)}
_UNSETTLED_PHRASINGS = _phrasings([], [*_PHRASED[None], *_LEARNED[None]])
_UNSETTLED = _Doc(None, {}, _UNSETTLED_PHRASINGS, _by_language({}, _UNSETTLED_PHRASINGS))

_POSTINGS: dict[str, list[int]] = defaultdict(list)
for _index, _doc in enumerate(_DOCS):
    for _term_ in _doc.terms[EN] | _doc.terms[ES]:
        _POSTINGS[_term_].append(_index)

# Document frequencies count the unsettled matters as one more document, so their words are
# known words (a question about them is read, not typo-corrected into a rules word).
_DOCUMENT_FREQUENCY: Counter[str] = Counter(
    {term: len(indexes) for term, indexes in _POSTINGS.items()}
)
_DOCUMENT_FREQUENCY.update(_UNSETTLED.terms[EN] | _UNSETTLED.terms[ES])
_IDF: dict[str, float] = {
    term: math.log(1 + (len(_DOCS) + 1 - count + 0.5) / (count + 0.5))
    for term, count in _DOCUMENT_FREQUENCY.items()
}

# --- Typos -----------------------------------------------------------------------------------


_ASKED_TWICE = 2


def _surface_words(language: str) -> dict[str, int]:
    """Every word the search knows in one language (the library's texts and the tuning
    questions), with how many entries use it in a title or phrasing (to pick between equally
    close corrections)."""
    words: Counter[str] = Counter()
    prominent: Counter[str] = Counter()
    for entry in ENTRIES:
        for name, parts in _entry_texts(entry).items():
            seen = {word for text, lang in parts if lang == language for word in _plain(text)}
            words.update(seen)
            if name != "answer":
                prominent.update(seen)
    # A word from the questions only when two of them use it: they are typed as players type,
    # and a typo ("comodn") is rarely typed twice, while a known one would never be corrected.
    asked: Counter[str] = Counter()
    for learned in (*_LEARNED.values(), *_PHRASED.values()):
        asked.update(w for q in learned if q.language == language for w in set(_plain(q.text)))
    words.update(word for word, count in asked.items() if count >= _ASKED_TWICE)
    if language == ES:
        words.update(set(search_es.SYNONYMS) | search_es.OTHER_WORDS)
    else:
        words.update({word for word in _SYNONYMS if word not in search_es.SYNONYMS})
    known = {term for word in words for term in normalise(word, language)}
    once = {term for word in asked if word not in words for term in normalise(word, language)}
    # A term table talk gives ("no puedo jugar": "cant play") is the search's own word, not
    # a typo, though the questions' words as typed never give it.
    canonical = {_stem(word, EN) for word in _CANONICAL}
    _ASKED_ONCE[language] = frozenset(once - known - canonical)
    return {word: prominent[word] for word in words if len(word) >= 3 and not word.isdigit()}


# Terms only a word one question uses gives, nowhere else: perhaps its writer's typo ("acumla"),
# so a known word a letter or two away from a question's word with that term is read in its
# place ("acumlar": stacking, not a rare term of its own; ``_analyse``).
_ASKED_ONCE: dict[str, frozenset[str]] = {}
_VOCABULARY: dict[str, dict[str, int]] = {EN: _surface_words(EN), ES: _surface_words(ES)}
_VOCABULARY_LIST: dict[str, list[str]] = {lang: list(words) for lang, words in _VOCABULARY.items()}
# Words a question may hold that are not typos even where the library never uses them.
_KNOWN_ELSEWHERE: frozenset[str] = frozenset(search_es.OTHER_WORDS) | _STOP_WORDS
# The common words of each language, four letters or longer (``scripts/common_words.py``): a
# word only one learned question uses is read as that question's typo unless it is on its
# language's list ("odds" is not "adds", "calor" is not "color"). A word no question uses at
# all is still put right even so: left alone it would count as unknown, which moves the verdict
# towards "no sheet covers this", and that cost more wrong banners than it saved (README).
_COMMON: dict[str, frozenset[str]] = {
    language: frozenset(classifier.common_words_path(language).read_text(encoding="utf-8").split())
    for language in (EN, ES)
}


def _max_typos(word: str) -> int:
    if len(word) < 4 or word.isdigit():
        return 0
    return 1 if len(word) < 7 else 2


@lru_cache(maxsize=8192)
def _correct(word: str, language: str) -> str | None:
    """The known word closest to an unknown ``word`` in ``language``, or None."""
    limit = _max_typos(word)
    if not limit:
        return None
    matches = process.extract(
        word, _VOCABULARY_LIST[language], scorer=OSA.distance, score_cutoff=limit, limit=None
    )
    best: tuple[int, int, str] | None = None
    for candidate, distance, _ in matches:
        if distance > 1 and len(candidate) < 6:
            continue
        key = (distance, -_VOCABULARY[language][candidate], candidate)
        if best is None or key < best:
            best = key
    return best[2] if best else None


_TYPO_WEIGHT = 0.8


@dataclass(frozen=True, slots=True)
class _Query:
    text: str
    terms: dict[str, float]  # known terms with their weights (a corrected typo counts less)
    unknown: int  # meaningful words no entry or question uses at all, even corrected
    language: str
    # terms for matters the sheets never speak of (``_OFF_RULES``), known words or not
    off_rules: frozenset[str] = frozenset()
    spelled: tuple[str, ...] = ()  # its words, table talk rewritten and typos put right
    mass: float = field(init=False)  # the terms' weight, each by its rarity (read often)

    def __post_init__(self) -> None:
        mass = sum(weight * _IDF[t] for t, weight in self.terms.items())
        object.__setattr__(self, "mass", mass)


@lru_cache(maxsize=1024)
def _analyse(query: str) -> _Query:
    """The query's terms, its unknown words and its language (see ``_Query``)."""
    language = language_of(query)
    weights: dict[str, float] = {}
    unknown = 0
    previous: str | None = None
    off_rules = _OFF_RULES[language]
    spelled = []
    for word in _words(query):
        spelled.append(word)
        term = _term(word, language)
        weight = 1.0
        if term is None:
            continue
        once = term in _ASKED_ONCE[language]
        if once and word not in _KNOWN_ELSEWHERE and word not in _COMMON[language]:
            fixed = _correct(word, language)
            corrected = next(iter(normalise(fixed, language)), None) if fixed else None
            if corrected in _IDF and corrected != term:
                term, weight = corrected, _TYPO_WEIGHT
                spelled[-1] = fixed
        if term not in _IDF:
            if term in off_rules:  # a word for such a matter is not a typo for a rules word
                unknown += 1
                continue
            corrected = None
            # A Spanish question's typo becomes a Spanish word; an English one's tries English
            # first, then Spanish. A Spanish word we know is never "corrected" into English.
            if word not in _KNOWN_ELSEWHERE and word not in _VOCABULARY[ES]:
                fixed = _correct(word, language)
                if fixed is None and language == EN:
                    fixed = _correct(word, ES)
                corrected = next(iter(normalise(fixed, language)), None) if fixed else None
            if corrected is None or corrected not in _IDF:
                unknown += not word.isdigit() and len(word) > 2
                continue
            term, weight = corrected, _TYPO_WEIGHT
            spelled[-1] = fixed
        if term == "wilddrawfour" and previous == "wild":
            weights.pop("wild", None)
        weights[term] = max(weights.get(term, 0.0), weight)
        previous = term
    found = frozenset(_term(word, language) for word in _words(query)) & off_rules
    return _Query(query, weights, unknown, language, found, tuple(spelled))


# --- Scoring ---------------------------------------------------------------------------------

# BM25F: each field's weight and length normalisation, then one saturation (k1).
_FIELDS: dict[str, tuple[float, float]] = {
    "title": (5.0, 0.0),
    "phrasings": (0.5, 0.75),
    "answer": (0.3, 1.0),
}
_K1 = 0.6
_AVERAGE_LENGTH: dict[str, float] = {
    name: sum(sum(doc.fields[name].values()) for doc in _DOCS) / len(_DOCS) for name in _FIELDS
}
_LENGTH_NORM: tuple[dict[str, float], ...] = tuple(
    {
        name: 1 - b + b * sum(doc.fields[name].values()) / (_AVERAGE_LENGTH[name] or 1.0)
        for name, (_, b) in _FIELDS.items()
    }
    for doc in _DOCS
)
_PHRASING_WEIGHT = 5.0
# Hits far weaker than the best one are dropped before the classifier reorders the rest: a
# tenth of the best score keeps the entry of a question's second matter within reach ("se acabo
# el mazo y me toca comer 2 por no cantar uno": the empty pile, and the penalty), where 15 %
# dropped it (README, "Other answers within reach"). Below the first three, a hit is listed only
# at 15 % or more, as before: the list does not fill with hits the words barely match. An entry
# about a themed deck the question never names needs 15 % to be listed at all: the classifier
# would lift the Water Drop deck's contents beside "how many skip cards come in a deck".
_MIN_SHARE_OF_BEST = 0.10
_MIN_SHARE_LISTED = 0.15
_LIFTED_PLACES = 3


def _weighted_frequencies(index: int) -> dict[str, float]:
    """BM25F's term frequency of each term of an entry: its fields' counts, each weighted and
    normalised by the field's length (computed once, at import)."""
    fields, norms = _DOCS[index].fields, _LENGTH_NORM[index]
    frequencies: dict[str, float] = defaultdict(float)
    for name, (field_weight, _) in _FIELDS.items():
        for term, count in fields[name].items():
            frequencies[term] += field_weight * count / norms[name]
    return dict(frequencies)


_FREQUENCIES: tuple[dict[str, float], ...] = tuple(
    _weighted_frequencies(index) for index in range(len(_DOCS))
)


def _bm25f(index: int, query: _Query) -> float:
    frequencies = _FREQUENCIES[index]
    score = 0.0
    for term, weight in query.terms.items():
        tf = frequencies.get(term, 0.0)
        if tf:
            score += weight * _IDF[term] * tf * (_K1 + 1) / (tf + _K1)
    return score


# Every phrasing, numbered in the order of its owner (an entry's index, or len(_DOCS) for the
# matters no sheet settles), with its mass; and by language, the numbers of the phrasings a
# question in that language is compared with, by the terms they hold, so a question touches only
# the phrasings it shares a term with. Kept as numpy arrays: a question touches some 1,600 of
# the 7,700 phrasings, which a Python loop took most of a millisecond over.
_owners: list[int] = []
_masses: list[float] = []
_by_term: dict[str, dict[str, list[int]]] = {language: defaultdict(list) for language in (EN, ES)}
for _owner, _doc in enumerate((*_DOCS, _UNSETTLED)):
    for _phrasing in _doc.phrasings:
        _number = len(_owners)
        _owners.append(_owner)
        _masses.append(sum(_IDF[t] for t in _phrasing.terms))
        for _language in (EN, ES) if _phrasing.language is None else (_phrasing.language,):
            for _term_ in _phrasing.terms:
                _by_term[_language][_term_].append(_number)
_PHRASING_OWNER = np.array(_owners, dtype=np.intp)
_PHRASING_MASS = np.array(_masses, dtype=np.float64)
_PHRASINGS_BY_TERM: dict[str, dict[str, np.ndarray]] = {
    language: {term: np.array(numbers, dtype=np.intp) for term, numbers in found.items()}
    for language, found in _by_term.items()
}
del _owners, _masses, _by_term


@lru_cache(maxsize=1024)
def _nearest(query_text: str) -> dict[int, float]:
    """For each owner, how close its nearest phrasing is to the whole question (both ways)."""
    query = _analyse(query_text)
    matched = np.zeros(len(_PHRASING_OWNER))
    by_term = _PHRASINGS_BY_TERM[query.language]
    for term, weight in query.terms.items():
        numbers = by_term.get(term)
        if numbers is not None:
            matched[numbers] += weight * _IDF[term]
    touched = np.flatnonzero(matched)
    if not touched.size:
        return {}
    found = matched[touched]
    closeness = found * (0.25 + 0.75 * (found / _PHRASING_MASS[touched]) * (found / query.mass))
    owners = _PHRASING_OWNER[touched]  # in order: phrasings are numbered owner by owner
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
    nearest = np.maximum.reduceat(closeness, starts)
    return dict(zip(owners[starts].tolist(), nearest.tolist(), strict=True))


def _phrasing_match(index: int, query: _Query) -> float:
    """How close the nearest phrasing of entry ``index`` (len(_DOCS): the matters no sheet
    settles) is to the whole question."""
    return _nearest(query.text).get(index, 0.0)


def _matched_mass(doc: _Doc, query: _Query) -> float:
    doc_terms = doc.terms[query.language]
    return sum(weight * _IDF[t] for t, weight in query.terms.items() if t in doc_terms)


def _title_share(doc: _Doc, query: _Query) -> float:
    """How much of the entry's subject (its title, in either language) the question names."""
    best = 0.0
    for title in doc.titles:
        mass = sum(_IDF[t] for t in title)
        if mass:
            named = sum(_IDF[t] * query.terms[t] for t in title if t in query.terms)
            best = max(best, named / mass)
    return best


_TITLE_FLOOR = 0.5  # an entry whose subject the question never names keeps this share


# A multinomial naive Bayes over the ways each entry is asked (its title, its phrasings and the
# tuning questions in the question's language): how likely the question's words are, each
# weighted by its rarity, under each entry. It separates neighbours (a Skip turned up first and
# a Skip played) by the words people use for each, where the ranking above sees shared words.
_BAYES_SMOOTHING = 0.2
_BAYES_WEIGHT = 1.0


def _bayes_counts(language: str) -> tuple[tuple[Counter[str], ...], tuple[float, ...]]:
    """Term counts per entry, and last the matters no sheet settles (``_UNSETTLED``)."""
    counts = []
    for doc in (*_DOCS, _UNSETTLED):
        counted = Counter(doc.fields.get("title", ())) + doc.fields.get("phrasings", Counter())
        for phrasing in doc.phrasings:
            if phrasing.language in (None, language):
                counted.update(phrasing.terms)
        counts.append(counted)
    vocabulary = len(set().union(*counts))
    denominators = tuple(sum(c.values()) + _BAYES_SMOOTHING * vocabulary for c in counts)
    return tuple(counts), denominators


_BAYES = {language: _bayes_counts(language) for language in (EN, ES)}


def _bayes(index: int, query: _Query) -> float:
    """The question's log-likelihood under the entry, per unit of the question's weight."""
    counts, denominators = _BAYES[query.language]
    count, denominator = counts[index], denominators[index]
    return (
        sum(
            weight * _IDF[t] * math.log((count.get(t, 0) + _BAYES_SMOOTHING) / denominator)
            for t, weight in query.terms.items()
        )
        / query.mass
    )


# The card turned up to start the pile is a subject of its own: an entry about it answers a
# question that speaks of the start of play (the rewrite's "firstcard", or a word for starting,
# flipping or the beginning), not every question that names the same card played later.
_START_WORDS = (
    "first start started starting begin beginning flip flipped flips opening initial "
    "primera primero principio inicio empezar empezo empieza empezamos arrancar arranco "
    "arranca comenzar comenzo comienza voltear volteo"
)
_START_TERMS = frozenset(
    {"firstcard"} | {_term_ for word in _START_WORDS.split() for _term_ in normalise(word)}
)
_FIRST_CARD_DOCS = frozenset(
    index for index, doc in enumerate(_DOCS) if doc.entry.slug.startswith("first-card-")
)
_NO_START_SHARE = 0.3


# A themed deck's cards (Kitty, Cheese Touch, Water Drop) are a subject of their own too: an
# entry about one answers a question that names something of that deck (a word its entries'
# titles and aliases use and no other entry's do: "sheldon", "queso", "balde"), not every
# question that shares the common words around them ("how many +4s in the box").
_THEMES = ("kitty", "cheese-touch", "water-drop")


def _theme_of(slug: str | None) -> str | None:
    return next((t for t in _THEMES if slug is not None and t in slug), None)


def _theme_terms() -> dict[int, frozenset[str]]:
    """For each themed entry, the terms that name its deck.

    Its entries' titles and aliases as the search reads them, and each of their words as typed
    too: the table talk rewrites "toque de queso" whole, yet a player who says only "el queso"
    names the deck all the same. A word as typed counts unless the questions of other matters
    use it twice or more: "drop" (a card played) and "kid" are the players' words, not only
    the Water Drop's and Wimpy Kid's."""
    named: dict[str | None, set[str]] = defaultdict(set)
    theme_of: dict[int, str] = {}
    elsewhere: Counter[str] = Counter()
    for slug, found in (*_PHRASED.items(), *_LEARNED.items()):
        if _theme_of(slug) is None:
            for question in found:
                elsewhere.update(set(normalise(question.text, question.language)))
    for index, doc in enumerate(_DOCS):
        theme = _theme_of(doc.entry.slug)
        if theme is not None:
            theme_of[index] = theme
        texts = _entry_texts(doc.entry)
        for text, language in (*texts["title"], *texts["phrasings"]):
            named[theme].update(normalise(text, language))
            typed = (_term(word, language) for word in _plain(text))
            named[theme].update(t for t in typed if t and elsewhere[t] < _ASKED_TWICE)
    others = set().union(*(terms for theme, terms in named.items() if theme is None))
    distinctive = {t: frozenset(named[t] - others) for t in _THEMES}
    return {index: distinctive[theme] for index, theme in theme_of.items()}


_THEME_TERMS = _theme_terms()
_NO_THEME_SHARE = 0.1


# A second naive Bayes, over the letters rather than the words: the character 4-grams
# of each way an entry is asked (in the question's language), so a misspelt or unusual form
# of a word ("chupate", "rebersa") still leans towards the entries asked with its neighbours.
_CHAR_SMOOTHING = 0.5
_CHAR_WEIGHT = 2.0
_CHAR_SIZES = (4,)
_CHAR_FULL_AT = 4  # terms in the question from which the letters count in full


def _char_grams(words: Sequence[str]) -> list[str]:
    grams = []
    for word in words:  # table talk already rewritten: "wd4" and "+4" read alike
        padded = f" {word} "
        for size in _CHAR_SIZES:
            grams.extend(padded[i : i + size] for i in range(len(padded) - size + 1))
    return grams


@cache
def _char_model() -> dict[str, tuple[dict[str, tuple[np.ndarray, np.ndarray]], tuple[float, ...]]]:
    """Per language: for each letter n-gram, the entries (and last the matters no sheet
    settles) whose ways of being asked hold it, with how much likelier it makes them than an
    n-gram they never hold; and each one's log-likelihood of an n-gram it never holds. The
    entry's title and aliases count in both languages, each question in its own. Built at the
    first question (a fifth of a second, the texts' words already kept by ``_words``), not at
    import: a command that never searches never pays for it."""
    counts: dict[str, list[Counter[str]]] = {EN: [], ES: []}
    for doc in (*_DOCS, _UNSETTLED):
        shared: Counter[str] = Counter()
        if doc.entry is not None:
            texts = _entry_texts(doc.entry)
            shared.update(
                _char_grams(_words(" ".join(t for t, _ in (*texts["title"], *texts["phrasings"]))))
            )
        own = {EN: Counter(shared), ES: shared}
        slug = doc.entry.slug if doc.entry is not None else None
        for question in (*_PHRASED[slug], *_LEARNED[slug]):
            own[question.language].update(_char_grams(_words(question.text)))
        for language in (EN, ES):
            counts[language].append(own[language])
    built = {}
    for language, found in counts.items():
        vocabulary = len(set().union(*found))
        denominators = [sum(c.values()) + _CHAR_SMOOTHING * vocabulary for c in found]
        unseen = tuple(math.log(_CHAR_SMOOTHING / d) for d in denominators)
        postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for owner, counted in enumerate(found):
            for gram, count in counted.items():
                lift = math.log((count + _CHAR_SMOOTHING) / _CHAR_SMOOTHING)
                postings[gram].append((owner, lift))
        built[language] = (
            {
                gram: (
                    np.array([owner for owner, _ in found], dtype=np.intp),
                    np.array([lift for _, lift in found], dtype=np.float64),
                )
                for gram, found in postings.items()
            },
            unseen,
        )
    return built


@lru_cache(maxsize=1024)
def _char_likelihoods(text: str, language: str) -> tuple[float, ...]:
    """The question's letter n-grams' mean log-likelihood under each entry (and last the
    matters no sheet settles)."""
    grams = _char_grams(_words(text))
    postings, unseen = _char_model()[language]
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


def _char_bayes(index: int, query: _Query) -> float:
    """The question's letter n-grams' mean log-likelihood under the entry (len(_DOCS): the
    matters no sheet settles)."""
    return _char_likelihoods(query.text, query.language)[index]


def _likelihood(index: int, query: _Query) -> float:
    """The question's likelihood under the entry (len(_DOCS): the matters no sheet settles) by
    the two naive Bayes together: the words, and the letters, which speak for a question of a
    few words (a name alone, "wd4" or "water drop", is the title's to rank)."""
    likelihood = _bayes(index, query)
    letters_weight = _CHAR_WEIGHT * min(1.0, len(query.terms) / _CHAR_FULL_AT)
    if letters_weight:
        likelihood += letters_weight * _char_bayes(index, query)
    return likelihood


# A logistic regression over the same ways of asking (``classifier``), trained offline on the
# features below: it weighs each word and letter group by how well it tells the entries apart,
# where the two naive Bayes above count them. It reorders the hits, with the same weight as
# the naive Bayes, and says when a question is most likely one no sheet settles.
_CLASSIFIER_WEIGHT = 1.0


def _features(words: Sequence[str], language: str) -> list[str]:
    """The classifier's features of a text's words (table talk rewritten): their terms,
    neighbouring pairs, pairs one term apart and letter 4-grams. A question's words are read
    with their typos put right (``_Query.spelled``), and not rewritten again: "pick up 2" is
    "draw 2", an amount, which a second pass would take for the card.

    The pairs one term apart ("s:") keep two words that belong together across a word that
    varies between them: "stack a blue draw two" and "stack a red draw two" share no
    neighbouring pair, but both hold "stack_drawtwo". Measured on the three judges nothing
    learns from (the README's "Pairs one term apart")."""
    terms = _terms(words, language)
    return [
        *(f"w:{term}" for term in terms),
        *(f"b:{first}_{second}" for first, second in pairwise(terms)),
        *(f"s:{first}_{second}" for first, second in zip(terms, terms[2:], strict=False)),
        *(f"c:{gram}" for gram in _char_grams(words)),
    ]


# Word dropout: each question of at least _DROPOUT_MIN_WORDS words is learned again
# _DROPOUT_COPIES times, each copy without one of its words (drawn at random, seeded by the
# question's text, so training gives the same model every time). The classifier then leans on
# no single word, as a player who leaves one out still means the same thing. Measured on
# questions nothing learns from and on the street questions, each half judged by a search
# built without it (the README's "Word dropout").
_DROPOUT_COPIES = 3
_DROPOUT_MIN_WORDS = 4


def _dropped_words(words: tuple[str, ...], seed: str) -> list[tuple[str, ...]]:
    """``_DROPOUT_COPIES`` copies of ``words``, each without one word (none for a short text)."""
    if len(words) < _DROPOUT_MIN_WORDS:
        return []
    draw = random.Random(seed)
    copies = []
    for _ in range(_DROPOUT_COPIES):
        left_out = draw.randrange(len(words))
        copies.append(words[:left_out] + words[left_out + 1 :])
    return copies


def training_examples() -> list[classifier.Example]:
    """What the classifier learns from: every entry's title, aliases and phrasings, the
    library's phrasings and the corpus's tuning half, and the matters no sheet settles; each
    question also with a word left out (``_dropped_words``)."""
    examples: list[classifier.Example] = []
    for doc in (*_DOCS, _UNSETTLED):
        slug = doc.entry.slug if doc.entry is not None else None
        label = slug or classifier.UNSETTLED
        if doc.entry is not None:
            texts = _entry_texts(doc.entry)
            for text, language in (*texts["title"], *texts["phrasings"]):
                examples.append((_features(_words(text), language), label))
        for question in (*_PHRASED[slug], *_LEARNED[slug]):
            words = _words(question.text)
            for asked in (words, *_dropped_words(words, question.text)):
                examples.append((_features(asked, question.language), label))
    return examples


_model: classifier.Model | None = None
_verdict_model: classifier.Verdict | None = None


def use_model(model: classifier.Model | None, verdict: classifier.Verdict | None = None) -> None:
    """Score with ``model`` and judge with ``verdict`` (None: the shipped ones, read when next
    needed)."""
    global _model, _verdict_model
    _model, _verdict_model = model, verdict
    _class_log_probs.cache_clear()


def _verdict() -> classifier.Verdict:
    global _verdict_model
    if _verdict_model is None:
        _verdict_model = classifier.load_verdict()
    return _verdict_model


@lru_cache(maxsize=1024)
def _class_log_probs(text: str) -> tuple[float, ...]:
    """The classifier's log-probability of each entry, and last of the unsettled matters."""
    global _model
    if _model is None:
        _model = classifier.load()
    query = _analyse(text)
    found = _model.log_probs(_features(query.spelled, query.language))
    floor = min(found.values())
    return tuple(found.get(label, floor) for label in _LABELS)


_LABELS = (*(doc.entry.slug for doc in _DOCS), classifier.UNSETTLED)  # in _DOCS order


# What the search keeps of the questions it has seen. Two caches are not here: the stems of
# single words (``_stem``) and the letters model (``_char_model``), built once from the library.
_QUESTION_CACHES = (_words, _analyse, _correct, _nearest, _char_likelihoods, _class_log_probs)


def clear_caches(*, typos: bool = True) -> None:
    """Forget every question seen, as a process that has just started does (the benchmarks time
    first visitors this way); ``typos=False`` keeps the typo corrections, as a running server
    has them."""
    for cached in _QUESTION_CACHES:
        if typos or cached is not _correct:
            cached.cache_clear()


def _score(index: int, query: _Query) -> float:
    doc = _DOCS[index]
    raw = _bm25f(index, query) + _PHRASING_WEIGHT * _phrasing_match(index, query)
    completeness = _matched_mass(doc, query) / query.mass
    subject = _TITLE_FLOOR + (1 - _TITLE_FLOOR) * _title_share(doc, query)
    if index in _FIRST_CARD_DOCS and _START_TERMS.isdisjoint(query.terms):
        subject *= _NO_START_SHARE
    if _deck_unnamed(index, query):
        subject *= _NO_THEME_SHARE
    return raw * (0.5 + 0.5 * completeness) * subject


def _deck_unnamed(index: int, query: _Query) -> bool:
    """True for an entry about a themed deck's card when the question never names the deck."""
    return index in _THEME_TERMS and _THEME_TERMS[index].isdisjoint(query.terms)


def search(query: str, edition: str | None = None, limit: int = 10) -> list[Hit]:
    """Entries that answer ``query``, best first.

    ``edition`` (a slug from ``EDITIONS``) keeps only entries that apply to that deck.
    A blank query, or one with no usable words, gives an empty list. Raises ValueError for
    an unknown edition.
    """
    _check_edition(edition)
    if limit <= 0 or not query or not query.strip():
        return []
    return _ranked(_analyse(query), edition, limit)


def _check_edition(edition: str | None) -> None:
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"There is no edition called {edition!r}.")


def _ranked(query: _Query, edition: str | None, limit: int) -> list[Hit]:
    if not query.terms:
        return []
    candidates = {index for t in query.terms for index in _POSTINGS[t]}
    scored = []
    for index in candidates:
        entry = _DOCS[index].entry
        if edition is not None and edition not in entry.editions:
            continue
        score = _score(index, query)
        if score > 0:
            scored.append((score, _likelihood(index, query), index))
    if not scored:
        return []
    # Hits far weaker than the best are dropped, then the likeliest under the two naive Bayes
    # (words and letters) come first.
    best = max(score for score, _, _ in scored)
    floors = (best * _MIN_SHARE_OF_BEST, best * _MIN_SHARE_LISTED)
    likeliest = max(likelihood for _, likelihood, _ in scored)
    learned = _class_log_probs(query.text)
    surest = max(learned[index] for _, _, index in scored)
    ranked = sorted(
        (
            (
                score
                * math.exp(_BAYES_WEIGHT * (likelihood - likeliest))
                * math.exp(_CLASSIFIER_WEIGHT * (learned[index] - surest)),
                index,
                score,
            )
            for score, likelihood, index in scored
            if score >= floors[_deck_unnamed(index, query)]
        ),
        key=lambda ranked_hit: (-ranked_hit[0], ranked_hit[1]),
    )
    listed = [
        (weighed, index)
        for place, (weighed, index, on_words) in enumerate(ranked)
        if place < _LIFTED_PLACES or on_words >= floors[1]
    ]
    return [Hit(_DOCS[index].entry, round(weighed, 3)) for weighed, index in listed[:limit]]


# --- Does a sheet settle it? -----------------------------------------------------------------

ANSWER, LIKELY, NONE = "answer", "likely", "none"
# The sheets speak of the matter but don't settle the case: the best hit is an open case
# (an entry whose cited sheets are silent on it, ``Entry.silent``).
OPEN = "open"

# Whether a sheet settles a question is weighed by a second, small logistic regression
# (``classifier.Verdict``) over what the search knows about the question and its best entry
# (``verdict_signals``): how likely the classifier finds it one of the matters no sheet settles;
# how much nearer its nearest phrasing among those matters is than the entry's; the same by the
# two naive Bayes, words and letters; how much of the question the entry accounts for; its
# language; whether it names a matter the sheets never speak of (below); and how many of its
# terms the search knows (a long question has more for the entry to account for). Its weights are
# fitted on the calibration questions (``questions.CALIBRATION``), each read by a search built
# without its half of them (cross-fitting), so it learns how the search behaves on questions it
# never saw although the search learns from them all. It replaced
# five hand-set cut-offs (see the README). No sheet covers it when that is the likelier reading.
_VERDICT_SIGNALS = (
    "classifier",
    "nearest",
    "bayes",
    "coverage",
    "spanish",
    "off-rules",
    "terms",
)
_COVERAGE = _VERDICT_SIGNALS.index("coverage")
_UNSETTLED_CHANCE = 0.5
# How much of the question the best entry must account for (its coverage, 0 to 1) to be the
# answer rather than a likely one. A word the library doesn't know at all weighs like the
# rarest term: an entry that matches only the common words around it doesn't settle it.
_ANSWER_COVERAGE = 0.6
# An answer also stands clear of the next hit (its score at least this many times the next).
_ANSWER_LEAD = 1.5
_UNKNOWN_WEIGHT = max(_IDF.values())

# Matters the sheets never speak of, whatever game they come up in: time and duration, money and
# bets, phones, food, the game's history, seats, leaving early, damaged cards (not ties: the draw
# for deal's reading speaks of them). A question that names one of them is likelier about that
# matter than about the entry it shares its other words with, unless the entry itself speaks of
# it: one of the verdict's signals. Words any sheet-backed entry uses (in its title, aliases,
# answer, reading or the library's phrasings for it) are left out when the lists are built, so no
# matter a sheet settles is marked (today that drops "hour", "bet", "texting", "seat" and "leave"
# in English, and "comida", which reads as the verb for drawing, "invento" and "doblada" in
# Spanish). Chosen by cross-validation in the tuning half (wrong "covered" 11.4 -> 10.6 %, no
# wrong banner more): no settled question there names one of them.
_OFF_RULES_WORDS = {
    EN: """
        hour hours duration timer stopwatch
        money bet bets betting wager wagers cash dollars bucks
        phone phones cellphone texting
        food snack snacks drink drinks beer pizza dinner lunch
        invented inventor history creator
        seat seats seating chair chairs
        leave leaves leaving bathroom
        bent torn ripped stained sticky damaged
    """,
    ES: """
        duracion dura durar cronometro
        dinero plata apuesta apuestas apostar apostamos
        telefono celular movil
        comida bebida cerveza pizza cena merienda botana
        invento inventor inventaron historia origen creador
        asiento asientos silla sillas
        irnos irse bano
        doblada doblado manchada manchadas
    """,
}


def _off_rules_terms() -> dict[str, frozenset[str]]:
    spoken: set[str] = set()
    for entry in ENTRIES:
        if not entry.covered:
            continue
        for parts in _entry_texts(entry).values():
            spoken.update(t for text, language in parts for t in normalise(text, language))
        # Its reading too: "no sheet says what a tie does; the app has them draw again" is an
        # entry speaking of ties.
        spoken.update(normalise(entry.interpretation or "", EN))
        spanish = search_es.ENTRIES_ES.get(entry.slug)
        spoken.update(normalise(spanish.interpretation if spanish else "", ES))
        for question in _PHRASED[entry.slug]:
            spoken.update(normalise(question.text, question.language))
    return {
        language: frozenset(t for word in words.split() for t in normalise(word, language)) - spoken
        for language, words in _OFF_RULES_WORDS.items()
    }


_OFF_RULES = _off_rules_terms()


@dataclass(frozen=True, slots=True)
class Lookup:
    """The search's verdict on a question: the hits, and whether a sheet settles it.

    ``verdict`` is ``ANSWER`` when the first hit answers the question from the sheets,
    ``LIKELY`` when it probably does (shown as "Probably this:", with a way out), ``OPEN`` when
    the first hit is an open case (the sheets speak of the matter, cited, but don't settle the
    case asked: ``open_case``), and ``NONE`` when no sheet covers the question: the table should
    agree it (and may record it as a house rule); ``hits`` are then only related reading, and
    ``house_rule`` the entry on the house rule the question names, if it names one (7-0,
    jump-in).
    """

    query: str
    hits: list[Hit]
    verdict: str

    @property
    def covered(self) -> bool:
        """True for an answer or a likely answer: a sheet settles the question."""
        return self.verdict in (ANSWER, LIKELY)

    @property
    def choices(self) -> tuple[Entry, Entry] | None:
        """ "Which one?": the first two hits when the answer was only likely because neither
        stands clear of the other (the same lead an answer needs, ``_ANSWER_LEAD``) and both
        are answered by the sheets: shown side by side instead of a guess."""
        if self.verdict != LIKELY or len(self.hits) < 2 or not self.hits[1].entry.covered:
            return None
        first, second = self.hits[0], self.hits[1]
        if first.score >= _ANSWER_LEAD * second.score:
            return None
        return first.entry, second.entry

    @property
    def open_case(self) -> Entry | None:
        """The open case the question asks (verdict ``OPEN``), else None."""
        return self.hits[0].entry if self.verdict == OPEN else None

    @property
    def likely(self) -> bool:
        return self.verdict == LIKELY

    @property
    def answer(self) -> Entry | None:
        return self.hits[0].entry if self.covered else None

    @property
    def house_rule(self) -> Entry | None:
        if self.verdict != NONE or not self.hits or self.hits[0].entry.covered:
            return None
        return self.hits[0].entry


def _coverage(query: _Query, entry: Entry) -> float:
    total = query.mass + query.unknown * _UNKNOWN_WEIGHT
    return _matched_mass(_DOCS[_DOC_INDEX[entry.slug]], query) / total if total else 0.0


def coverage(query: str, entry: Entry) -> float:
    """The share of the question (0 to 1) that ``entry`` speaks to."""
    return _coverage(_analyse(query), entry)


def _signals(query: _Query, slug: str) -> tuple[float, ...]:
    index = _DOC_INDEX[slug]
    unsettled = min(max(math.exp(_class_log_probs(query.text)[len(_DOCS)]), 1e-6), 1 - 1e-6)
    nearest = _phrasing_match(len(_DOCS), query) + 1e-3, _phrasing_match(index, query) + 1e-3
    return (
        math.log(unsettled / (1 - unsettled)),
        math.log(nearest[0] / nearest[1]),
        _likelihood(len(_DOCS), query) - _likelihood(index, query),
        _coverage(query, _DOCS[index].entry),
        1.0 if query.language == ES else 0.0,
        1.0 if query.off_rules - _DOCS[index].terms[query.language] else 0.0,
        float(len(query.terms)),
    )


def verdict_signals(query: str, slug: str) -> tuple[float, ...]:
    """What the verdict weighs for ``query`` and the entry it found first (``_VERDICT_SIGNALS``,
    in order): the classifier's log-odds that no sheet settles it, the log of how much nearer
    its nearest phrasing among those matters is than the entry's, the same by the naive Bayes,
    the entry's coverage, 1 for a Spanish question, 1 when it names a matter the sheets never
    speak of (``_OFF_RULES``) that the entry doesn't, and how many terms of the question the
    search knows (a long question's coverage is read against how much there is to cover)."""
    return _signals(_analyse(query), slug)


def lookup(query: str, edition: str | None = None, limit: int = 10) -> Lookup:
    """Search, then give the verdict (see ``Lookup``).

    Open: the best match is an open case (``Entry.silent``). No sheet covers it: nothing
    matched; the best match is an entry no sheet backs (a house rule such as 7-0, a misdeal);
    or the verdict's regression finds it likelier than not that
    no sheet settles it (``verdict_signals``). An answer accounts for most of the question and
    stands clear of the next hit; anything between is a likely answer. ValueError for an
    unknown edition.
    """
    _check_edition(edition)
    if limit <= 0 or not query or not query.strip():
        return Lookup(query, [], NONE)
    analysed = _analyse(query)
    hits = _ranked(analysed, edition, limit)
    if not hits or not (hits[0].entry.covered or hits[0].entry.silent):
        return Lookup(query, hits, NONE)
    signals = _signals(analysed, hits[0].entry.slug)
    if _verdict().unsettled(signals) > _UNSETTLED_CHANCE:
        return Lookup(query, hits, NONE)
    if hits[0].entry.silent:
        # An open case needs the evidence an answer needs that the question is about its
        # matter (the verdict's regression, above); a question about something no sheet
        # speaks of at all gets the banner even when an open case is the nearest entry.
        return Lookup(query, hits, OPEN)
    share = signals[_COVERAGE]  # the best entry's coverage, one of the signals
    lead = len(hits) == 1 or hits[0].score >= _ANSWER_LEAD * hits[1].score
    return Lookup(query, hits, ANSWER if share >= _ANSWER_COVERAGE and lead else LIKELY)
