"""Names as the core stores them: a player's, a deck's, a card's.

NFC-normalised, runs of spaces made one, trimmed, of bounded length, and never holding control
or invisible formatting characters (which change how the text around them is shown).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from .errors import RuleError
from .words import gettext_noop

MAX_NAME_LENGTH = 40

# Invisible characters that change how text around them is shown: the byte-order mark and the
# bidirectional overrides and isolates (U+202A-E, U+2066-9). Joiners (U+200C, U+200D) stay:
# emoji and several scripts need them.
_ALLOWED_FORMAT_CHARACTERS = {"\u200c", "\u200d"}
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def clean_name(
    value: Any, *, max_length: int = MAX_NAME_LENGTH, what: str = gettext_noop("Player name")
) -> str:
    """A name as stored: NFC-normalised, runs of spaces made one, trimmed, 1 to ``max_length``
    characters. Refuses anything but text, and control or invisible formatting characters
    (NUL, ESC, line breaks, tabs, the byte-order mark, right-to-left overrides...).
    """
    if not isinstance(value, str):
        raise RuleError(
            gettext_noop("%(what)s %(value)s must be text.", what=what, value=_shown(value))
        )
    return _clean_text(value, max_length, what)


@functools.lru_cache(maxsize=4096)  # a refusal raises, and is never kept
def _clean_text(value: str, max_length: int, what: str) -> str:
    for character in value:
        if character in " \t" or character in _ALLOWED_FORMAT_CHARACTERS:
            continue
        if unicodedata.category(character) in _REFUSED_CATEGORIES:
            code = f"U+{ord(character):04X}"
            raise RuleError(
                gettext_noop(
                    "%(what)s %(value)s holds an invisible or control character (%(code)s): "
                    "type the name with letters, digits, spaces and punctuation only.",
                    what=what,
                    value=_shown(value),
                    code=code,
                )
            )
    name = _normal_text(value)
    if not name:
        raise RuleError(
            gettext_noop("%(what)s %(value)s must not be empty.", what=what, value=_shown(value))
        )
    if len(name) > max_length:
        raise RuleError(
            gettext_noop(
                "%(what)s %(value)s is longer than %(most)s characters.",
                what=what,
                value=_shown(name),
                most=max_length,
            )
        )
    return name


def _shown(value: Any, limit: int = 50) -> str:
    """A value for a message: its repr, cut short so a huge value never makes a huge page."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_name(value: Any) -> Any:
    """A name as a round or a challenge refers to a player: normalised like :func:`clean_name`
    when it is text, so that it matches the seated name; anything else is passed through for
    the caller to refuse."""
    if not isinstance(value, str):
        return value
    return _normal_text(value)


# A file of thousands of rounds names the same few players again and again: each spelling is
# normalised once.
@functools.lru_cache(maxsize=4096)
def _normal_text(value: str) -> str:
    return " ".join(unicodedata.normalize("NFC", value).split())
