"""A roster change in plain words, in the reader's language and the crew's time zone."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .models import Colour, RosterChange


@dataclass(frozen=True)
class ChangeInWords:
    at: str
    text: str


def _colour_name(value: object) -> str:
    return str(Colour(value).label) if value in Colour.values else ""


def change_in_words(change: RosterChange) -> ChangeInWords:
    before, after = change.before, change.after
    values = {
        "name": after.get("name") or before.get("name"),
        "old": before.get("name"),
        "new": after.get("name"),
        "games": before.get("games", 0),
        "member": after.get("member") or before.get("member"),
        "colour": _colour_name(after.get("colour")),
        "who": change.by.get_username() if change.by_id and change.by else _("someone"),
    }
    Kind = RosterChange.Kind
    texts = {
        Kind.RENAMED: _("%(who)s renamed %(old)s to %(new)s."),
        Kind.MERGED: _("%(who)s merged %(old)s into %(new)s (%(games)s games moved)."),
        Kind.RETIRED: _("%(who)s retired %(name)s."),
        Kind.RETURNED: _("%(who)s brought %(name)s back."),
        Kind.LINKED: _("%(who)s linked %(name)s to the member %(member)s."),
        Kind.UNLINKED: _("%(who)s unlinked %(name)s from the member %(member)s."),
        Kind.RECOLOURED: _("%(who)s gave %(name)s the colour %(colour)s."),
    }
    return ChangeInWords(
        date_format(timezone.localtime(change.at), "DATETIME_FORMAT"), texts[change.kind] % values
    )
