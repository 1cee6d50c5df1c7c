"""Which house rule the referee offers when no sheet settles a question: one the question is about.

Under "no sheet covers this" (and under an open case) the rules page offers to record what the
table agrees, and names the library's house rule the question is about (7-0, jump-in, a
misdeal) with its switch ticked. The search often ranks such an entry first for a question that
only shares a word or two with it ("he looked at my hand" is not a misdeal), so a house rule is
offered only when the question says its matter: one of the patterns its entry declares
(``Entry.matter``, and the Spanish ones on its translation). Otherwise the page offers only the
free-text form.

The patterns are read on the question's words as typed (lowercase, no accents), not on the
search's stems: stemming makes "meterme" (to jump in) the same word as "meter" (to put in), and
"cortar" (to cut in) the same as cutting the deck.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from scorekeeper.rules.entries import Entry, get_entry
from scorekeeper.rules.entries_es import ENTRIES_ES
from scorekeeper.rulesearch.search import Hit
from scorekeeper.rulesearch.search_es import fold

_WORD = re.compile(r"[a-z0-9]+")
_TOKEN = re.compile(r"[a-z0-9*|]+")
_ANY_WORD = "*"

Run = tuple[str, ...]  # words in a row, each "deal*" (a start), "*" (any word) or "a|b" (either)
Pattern = tuple[Run, ...]  # runs that must all be in the question ("deal* + next")


def _words(text: str) -> list[str]:
    """The words of ``text`` as typed, lowercase and without accents or apostrophes."""
    return _WORD.findall(fold(text).replace("'", "").replace("\u2019", ""))


def pattern(text: str) -> Pattern:
    """A matter pattern as written on an entry, read: "deal* + next" -> (("deal*",), ("next",)).
    ValueError for a word it can't read (only letters, digits, "*" and "|") or an empty part."""
    runs = tuple(tuple(fold(part).split()) for part in text.split("+"))
    if not all(runs):
        raise ValueError(f"the matter pattern {text!r} has an empty part")
    for token in (token for run in runs for token in run):
        if not _TOKEN.fullmatch(token) or "" in token.split("|"):
            raise ValueError(f"cannot read {token!r} in the matter pattern {text!r}")
    return runs


def is_house_rule(entry: Entry) -> bool:
    """True for a house-rule entry: no sheet speaks of its matter (not an open case, whose
    sheets are cited for what they do say)."""
    return not entry.cites and not entry.silent


@cache
def _matter(slug: str) -> tuple[Pattern, ...]:
    """The entry's matter patterns, English and Spanish (a short question's language is only a
    guess, so either may match)."""
    entry = get_entry(slug)
    spanish = ENTRIES_ES.get(slug)
    texts = (*(entry.matter if entry else ()), *(spanish.matter if spanish else ()))
    return tuple(read for text in texts if (read := pattern(text)))


def _fits(word: str, wanted: str) -> bool:
    for choice in wanted.split("|"):
        if choice == _ANY_WORD or word == choice:
            return True
        if choice.endswith(_ANY_WORD) and word.startswith(choice[:-1]):
            return True
    return False


def _has_run(words: Sequence[str], run: Run) -> bool:
    width = len(run)
    return any(
        all(
            _fits(word, wanted)
            for word, wanted in zip(words[start : start + width], run, strict=True)
        )
        for start in range(len(words) - width + 1)
    )


def names_matter(question: str, entry: Entry) -> bool:
    """True when ``question`` says the matter of house-rule entry ``entry`` (one of its
    ``matter`` patterns); False for an entry that declares none."""
    words = _words(question)
    return any(all(_has_run(words, run) for run in runs) for runs in _matter(entry.slug))


def house_rule_offer(question: str, hits: Iterable[Hit]) -> Entry | None:
    """The house rule to offer for ``question``: the first of the search's ``hits`` that is a
    house-rule entry whose matter the question says; None when none is (the page then offers
    only the free-text form)."""
    for hit in hits:
        if is_house_rule(hit.entry) and names_matter(question, hit.entry):
            return hit.entry
    return None
