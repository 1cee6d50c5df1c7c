"""The core's sentences, in English, made so the web layer can say them in another language.

``gettext_noop("Enter the card %(player)s drew.", player="Ann")`` returns the English sentence
("Enter the card Ann drew.") as a :class:`Words`: a plain ``str`` that also remembers its
template and values. Django's ``makemessages`` (and Babel) see the name ``gettext_noop`` and
put the template in the catalogue; the web layer translates the template and fills in the
values (``scorekeeper.languages.words.in_words``). The core stays pure Python, and everything
that compares or prints its messages keeps reading the English.
"""

from __future__ import annotations

from typing import Any

# Whole numbers from here up are written with thousands separators ("1,000,000"; the pages
# use their language's separator): limits and totals, never a round or seat number.
GROUPED_FROM = 10_000


def grouped(value: Any) -> Any:
    """A large whole number with English thousands separators; anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= GROUPED_FROM:
        return f"{value:,}"
    return value


class Words(str):
    """An English sentence (or label) of the core, with the template and values it came from."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Words:
        english = {name: grouped(value) for name, value in values.items()}
        words = super().__new__(cls, template % english if values else template)
        words.template, words.values = template, values
        return words


class CrewWords(Words):
    """Words a crew wrote itself (a house card's name): never looked up in the catalogue, said
    in the page's language when the crew gave that language's version (``spanish``)."""

    spanish: str

    def __new__(cls, english: str, /, spanish: str = "") -> CrewWords:
        words = super().__new__(cls, "%(text)s", text=english)
        words.spanish = spanish
        return words


def gettext_noop(template: str, /, **values: Any) -> Words:
    return Words(template, **values)


def words_of(error: BaseException) -> str:
    """An error's message, keeping its template when the core made it (for nesting)."""
    message = error.args[0] if error.args else ""
    return message if isinstance(message, Words) else str(error)
