"""Stage 4 of the search, the verdict: does a sheet settle the question, and how surely?

The verdict is earned in steps (see ``Lookup``): an *answer* when the best sheet-backed entry
clearly accounts for the question, a *likely answer* when it does less surely, *open* when
the best match is an open case (the sheets speak of the matter but not of the case asked,
``Entry.silent``), and *no sheet covers this* when the best match is a matter the sheets never
address (a house rule such as 7-0) or when a small logistic regression over what the search
knows of the question (``Index.signals``) finds that likelier than not. That regression
(``classifier.Verdict``) is fitted on the calibration questions (``calibration/``), each read
by a search built without its half of them (``scripts/train_referee.py``, cross-fitting); the
whole is judged on the held-out half of the question corpus and the judges nothing learns
from (``evaluation``). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.rules.entries import Entry
from scorekeeper.rulesearch import search_es
from scorekeeper.rulesearch.normalise import EN, ES, Normaliser
from scorekeeper.rulesearch.questions import Question

if TYPE_CHECKING:
    from scorekeeper.rulesearch import classifier
    from scorekeeper.rulesearch.documents import Texts
    from scorekeeper.rulesearch.scoring import Hit

ANSWER, LIKELY, NONE = "answer", "likely", "none"
# The sheets speak of the matter but don't settle the case: the best hit is an open case
# (an entry whose cited sheets are silent on it, ``Entry.silent``).
OPEN = "open"

# Whether a sheet settles a question is weighed by a second, small logistic regression
# (``classifier.Verdict``) over what the search knows about the question and its best entry
# (``Index.signals``): how likely the classifier finds it one of the matters no sheet settles; how
# much nearer its nearest phrasing among those matters is than the entry's; how much of the
# question the entry accounts for; its
# language; whether it names a matter the sheets never speak of (below); and how many of its
# terms the search knows (a long question has more for the entry to account for). Its weights
# are fitted on the calibration questions (``questions.CALIBRATION``), each read by a search
# built without its half of them (cross-fitting), so it learns how the search behaves on
# questions it never saw although the search learns from them all. It replaced five hand-set
# cut-offs (docs/referee-journal.md). No sheet covers it when that is the likelier reading.
VERDICT_SIGNALS = (
    "classifier",
    "nearest",
    "coverage",
    "spanish",
    "off-rules",
    "terms",
)
COVERAGE = VERDICT_SIGNALS.index("coverage")
UNSETTLED_CHANCE = 0.5
# How much of the question the best entry must account for (its coverage, 0 to 1) to be the
# answer rather than a likely one. A word the library doesn't know at all weighs like the
# rarest term: an entry that matches only the common words around it doesn't settle it.
ANSWER_COVERAGE = 0.6
# An answer also stands clear of the next hit (its score at least this many times the next).
ANSWER_LEAD = 1.5

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
OFF_RULES_WORDS = {
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


def off_rules_terms(
    library: Sequence[tuple[Entry, Texts, Sequence[Question]]], reader: Normaliser
) -> dict[str, frozenset[str]]:
    """``OFF_RULES_WORDS`` as terms, less every term a sheet-backed entry speaks: ``library``
    holds each entry with its texts and the library's phrasings and calibration questions
    for it."""
    normalise = reader.normalise
    spoken: set[str] = set()
    for entry, texts, phrased in library:
        if not entry.covered:
            continue
        for parts in texts.values():
            spoken.update(t for text, language in parts for t in normalise(text, language))
        # Its reading too: "no sheet says what a tie does; the app has them draw again" is an
        # entry speaking of ties.
        spoken.update(normalise(entry.interpretation or "", EN))
        spanish = search_es.ENTRIES_ES.get(entry.slug)
        spoken.update(normalise(spanish.interpretation if spanish else "", ES))
        for question in phrased:
            spoken.update(normalise(question.text, question.language))
    return {
        language: frozenset(t for word in words.split() for t in normalise(word, language)) - spoken
        for language, words in OFF_RULES_WORDS.items()
    }


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
        stands clear of the other (the same lead an answer needs, ``ANSWER_LEAD``) and both
        are answered by the sheets: shown side by side instead of a guess."""
        if self.verdict != LIKELY or len(self.hits) < 2 or not self.hits[1].entry.covered:
            return None
        first, second = self.hits[0], self.hits[1]
        if first.score >= ANSWER_LEAD * second.score:
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


def verdict_of(
    hits: Sequence[Hit],
    signals: Callable[[str], Sequence[float]],
    regression: classifier.Verdict,
) -> str:
    """The verdict on ``hits``, the hits for a question (see ``Lookup``), given the question's
    ``signals`` with the entry of a slug (``Index.signals``) and the verdict's ``regression``.

    Open: the best match is an open case (``Entry.silent``). No sheet covers it: nothing
    matched; the best match is an entry no sheet backs (a house rule such as 7-0, a misdeal);
    or the verdict's regression finds it likelier than not that no sheet settles it. An answer
    accounts for most of the question and stands clear of the next hit; anything between is a
    likely answer."""
    if not hits or not (hits[0].entry.covered or hits[0].entry.silent):
        return NONE
    found = signals(hits[0].entry.slug)
    if regression.unsettled(found) > UNSETTLED_CHANCE:
        return NONE
    if hits[0].entry.silent:
        # An open case needs the evidence an answer needs that the question is about its
        # matter (the verdict's regression, above); a question about something no sheet
        # speaks of at all gets the banner even when an open case is the nearest entry.
        return OPEN
    share = found[COVERAGE]  # the best entry's coverage, one of the signals
    lead = len(hits) == 1 or hits[0].score >= ANSWER_LEAD * hits[1].score
    return ANSWER if share >= ANSWER_COVERAGE and lead else LIKELY
