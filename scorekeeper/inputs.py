"""The shapes of the values a request carries: the ids and tokens of its address
(``<id:...>``, ``<token:...>``) and the numbers a write names in its form (:func:`posted_int`).

Anybody can type an address or a form, so a value reaches the database only in a shape its
column takes: an id is a whole number SQLite and PostgreSQL can hold (SQLite fails on anything
past 64 bits instead of finding nothing), a token is what
:func:`scorekeeper.games.models.new_token` makes (PostgreSQL refuses a NUL in a text parameter
instead of finding nothing). An address with any other value is no page: the resolver answers
404 before a view runs (``scorekeeper.urls`` registers the converters before it reads the apps'
URL confs).
"""

from __future__ import annotations

import re

from django.http import HttpRequest
from django.urls import register_converter
from django.urls.converters import get_converters
from django.utils.translation import gettext as _

from scorekeeper.domain import RuleError

# The largest BIGINT: ids, round numbers and the like are 1 up to this.
MAX_ID = 2**63 - 1
# secrets.token_urlsafe's alphabet, within the 64 characters of the token columns.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{1,64}"
_TOKEN = re.compile(TOKEN_PATTERN)


def is_token(value: object) -> bool:
    """Whether ``value`` has the shape of a token: worth looking up (for a token read from a
    query string or a form, which no URL pattern checked)."""
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def as_id(value: str) -> int | None:
    """``value`` as an id: ASCII digits for a number from 1 to :data:`MAX_ID`; else None (a
    Unicode digit such as "²", a sign, spaces, a number past 64 bits)."""
    if not (value.isascii() and value.isdigit() and len(value) <= len(str(MAX_ID))):
        return None
    number = int(value)
    return number if 1 <= number <= MAX_ID else None


class IdConverter:
    """A row's id or a round's number in an address (see :func:`as_id`)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = as_id(value)
        if number is None:
            raise ValueError(value)  # the resolver reads this as "no such page"
        return number

    def to_url(self, value: int | str) -> str:
        return str(value)


class TokenConverter:
    """A share, recap or invite link's token (see :data:`TOKEN_PATTERN`)."""

    regex = TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


def register() -> None:
    """Make ``<id:...>`` and ``<token:...>`` known to ``path()`` (once: Django warns when a
    converter is registered again, e.g. when a test reloads the URL conf)."""
    for name, converter in (("id", IdConverter), ("token", TokenConverter)):
        if name not in get_converters():
            register_converter(converter, name)


# Versions, round numbers and sessions stay far below this; a longer number was not sent by
# our pages.
POSTED_INT_DIGITS = 9


def posted_int(request: HttpRequest, name: str) -> int | None:
    """The whole number a write names in the field ``name`` (the version, round or session
    the phone showed), or None when the form left the field out.

    Anything else (a Unicode digit such as "٣", a sign, a number of ten digits or more) is
    refused with a RuleError: read as "no number", it would skip the check the number asks for.
    """
    value = request.POST.get(name, "")
    if value == "":
        return None
    if not (value.isascii() and value.isdigit() and len(value) <= POSTED_INT_DIGITS):
        raise RuleError(
            _("%(value)s is not a number this page could have sent: reload it and try again.")
            % {"value": repr(value[:20])}
        )
    return int(value)
