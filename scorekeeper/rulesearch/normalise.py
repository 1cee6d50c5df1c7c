"""Stage 1 of the search, normalise: a text (a question, an entry, a phrasing) -> its search terms.

Queries and entries go through the same steps:

1. lowercase, accents and apostrophes dropped ("didn't" -> "didnt", "comodín" -> "comodin");
2. table talk rewritten to canonical tokens ("+2", "d2", "toma 2" -> ``drawtwo``; "+4", "wd4",
   "wild draw four" -> ``wilddrawfour``; "7-0" -> ``sevenzero``; "1v1" -> ``twoplayer``, ...):
   this is domain knowledge, kept as tables (``PHRASES``, ``SYNONYMS``) here and in
   ``search_es``;
3. stop words dropped, word synonyms folded ("yell", "say", "gritar" -> ``call``), number words
   to digits;
4. Snowball stemming (``snowballstemmer``): English for English text and for the canonical
   terms, Spanish for Spanish words, so "stacking" meets "stack" and "acumulando" "acumular".

``Normaliser`` holds the tables; ``READER`` is the search's (another, with a table left out, is
how ``scripts/referee_cv.py --ablate`` reads without it). The next stage puts a question's typos
right against what the index knows (``typos``). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cached_property, lru_cache

from snowballstemmer import stemmer as snowball

from scorekeeper.rulesearch import search_es

EN, ES = "en", "es"

_NOT_CARDS = r"(?!\s*(?:more\s+)?cards?\b)"  # "draw 2 cards" is an amount, not the card

# Order matters: longer card names before the shorter ones they contain. Patterns, compiled by
# the normaliser at its first text (some 40 ms: not at import).
PHRASES: tuple[tuple[str, str], ...] = tuple(
    (pattern, f" {token} ")
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
_ENGLISH_SYNONYMS: dict[str, str] = {
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
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split()) | search_es.STOP_WORDS
# Spanish words fold onto the same terms ("comodín" -> wild); an English meaning wins a clash.
SYNONYMS: dict[str, str] = {**search_es.SYNONYMS, **_ENGLISH_SYNONYMS}

WORD = re.compile(r"[a-z0-9]+")

_STEMMERS = {EN: snowball("english"), ES: snowball("spanish")}

# Every canonical term (what a phrase or a synonym turns words into) is English, stemmed as
# English whatever the question's language, so "castigo" and "penalty" meet.
CANONICAL: frozenset[str] = frozenset(
    word
    for token in (*(t for _, t in PHRASES), *SYNONYMS.values(), *search_es.VERB_FORMS.values())
    for word in WORD.findall(token)
)

POINT_TOTAL = "pointtotal"


@lru_cache(maxsize=16384)
def stem(word: str, language: str) -> str:
    """The word's stem. A Spanish word that is not table talk is marked as Spanish ("es:"),
    so it never meets an English word that stems alike ("puto" and "put")."""
    if word.isdigit() or len(word) <= 2:
        return word
    if word in CANONICAL or language == EN:
        return _STEMMERS[EN].stemWord(word)
    return "es:" + _STEMMERS[ES].stemWord(word)


def plain(text: str) -> list[str]:
    """The words of a text as typed (folded, before any table talk is rewritten)."""
    return WORD.findall(search_es.fold(text).replace("'", "").replace("\u2019", ""))


def language_of(text: str) -> str:
    return ES if search_es.looks_spanish(text) else EN


def _is_point_total(word: str) -> bool:
    """A score a game is played to (100, 250, 500, 1000...), not a card count like 108."""
    return word.isdigit() and len(word) <= 5 and int(word) >= 100 and int(word) % 25 == 0


class Normaliser:
    """Text -> search terms by the steps above, with these rewrite tables: the phrases
    (``PHRASES``), the word synonyms (``SYNONYMS``) and the Spanish verbs' forms
    (``search_es.VERB_FORMS``)."""

    def __init__(
        self,
        phrases: Sequence[tuple[str, str]] = PHRASES,
        synonyms: Mapping[str, str] = SYNONYMS,
        verb_forms: Mapping[str, str] = search_es.VERB_FORMS,
    ) -> None:
        self.phrases, self.synonyms, self.verb_forms = phrases, synonyms, verb_forms
        # Kept for every text the index reads (about 8,000) and the questions asked: the
        # training reads the same texts again and finds their words here instead of rewriting
        # them.
        self.words = lru_cache(maxsize=16384)(self._words)

    @cached_property
    def _rewrites(self) -> tuple[tuple[re.Pattern[str], str], ...]:
        return tuple((re.compile(pattern), token) for pattern, token in self.phrases)

    def fold(self, text: str) -> str:
        text = unicodedata.normalize("NFKD", text)
        text = "".join(char for char in text if not unicodedata.combining(char))
        text = text.lower().replace("\u2019", "").replace("\u2018", "").replace("'", "")
        for pattern, token in self._rewrites:
            text = pattern.sub(token, text)
        return text

    def _words(self, text: str) -> tuple[str, ...]:
        """The words of a text, folded and its table talk rewritten (``words``, cached)."""
        return tuple(WORD.findall(self.fold(text)))

    def term(self, word: str, language: str) -> str | None:
        """One word's search term, or None for a stop word."""
        if word in self.synonyms:
            word = self.synonyms[word]
        elif language == ES:
            word = self.verb_forms.get(word, word)
        if word in STOP_WORDS:
            return None
        word = stem(word, language)
        if word != "500" and _is_point_total(word):
            # "play to 250" meets "play to 200"; 500, the sheets' own target, stays itself.
            return POINT_TOTAL
        return word

    def terms(self, words: Sequence[str], language: str) -> list[str]:
        terms: list[str] = []
        for word in words:
            term = self.term(word, language)
            if term is None:
                continue
            # "wild +4" and "comodín toma 4" name one card, not a Wild and a Wild Draw Four.
            if term == "wilddrawfour" and terms and terms[-1] == "wild":
                terms.pop()
            terms.append(term)
        return terms

    def normalise(self, text: str, language: str | None = None) -> list[str]:
        """The canonical search terms for a piece of text, in order (duplicates kept).

        ``language`` ("en" or "es") picks the stemmer for words that are not table talk; by
        default it is guessed from the text (``search_es.looks_spanish``)."""
        return self.terms(self.words(text), language or language_of(text))


READER = Normaliser()
