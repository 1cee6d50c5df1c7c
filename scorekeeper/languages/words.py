"""Core sentences in the page's language, and the scripts' words.

The domain builds its sentences as :class:`~scorekeeper.domain.words.Words` (a template and its
values, never translated there); :func:`in_words` reads one in the language of the request.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorekeeper.domain import keypad_keys
from scorekeeper.domain.words import CrewWords, Words, grouped, words_of


def supported(code: str | None) -> bool:
    return bool(code) and code in dict(settings.LANGUAGES)


# The words our scripts show (static/js), in English; each page carries their translation in
# its own language (a JSON data block read by static/js/app.js), so a page kept for offline use
# keeps its words and the cached script files stay the same in every language.
SCRIPT_MESSAGES = (
    # static/js/app.js
    gettext_noop(
        "Not saved: the server could not be reached. "
        "Your entry is still on screen — tap Save again."
    ),
    gettext_noop(
        "Not saved: the server answered with an error (%(status)s). Your entry is still on screen."
    ),
    # static/js/offline-rounds.js and static/js/connection.js
    gettext_noop("Tap the player who went out."),
    gettext_noop("Enter %(name)s's cards or their total."),
    gettext_noop("Round %(number)s"),
    gettext_noop("Save round %(number)s"),
    gettext_noop(
        "Not saved: the server could not be reached, and this entry is not complete yet: "
        "%(problem)s It stays on screen."
    ),
    gettext_noop(
        "Round %(number)s is saved on this phone and will be sent when the connection returns."
    ),
    gettext_noop("The server refused this round."),
    gettext_noop("This game is no longer in your crew, so the round cannot be saved to it."),
    gettext_noop("Offline — last update %(time)s"),
    gettext_noop("Offline — last synced %(time)s"),
    gettext_noop("1 round is waiting to send."),
    gettext_noop("%(count)s rounds are waiting to send."),
    gettext_noop("Round %(number)s — not saved: %(problem)s"),
    gettext_noop("Round %(number)s — waiting to send: sign in again to send it."),
    gettext_noop("Round %(number)s — waiting to send"),
    gettext_noop("Save as round %(number)s"),
    gettext_noop("Sign in to send"),
    gettext_noop("Put back in the form"),
    gettext_noop("Discard"),
    gettext_noop("Provisional totals, counting the round waiting to send:"),
    gettext_noop("Provisional totals, counting the %(count)s rounds waiting to send:"),
    gettext_noop("Provisional totals"),
    gettext_noop("Discard this round? It was never saved."),
    gettext_noop("Replace what is in the form with this round?"),
    gettext_noop("Game %(number)s"),
    # static/js/offline-challenges.js
    gettext_noop("Choose who challenged."),
    gettext_noop("Choose who laid the Wild Draw Four."),
    gettext_noop("Choose two different players."),
    gettext_noop("Choose the colour that was in play."),
    gettext_noop(
        "Enter the cards in their hand, or answer whether they held a card of that colour."
    ),
    gettext_noop("%(challenger)s challenged %(challenged)s, %(colour)s in play"),
    gettext_noop(
        "Not logged: the server could not be reached, and this challenge is not complete yet: "
        "%(problem)s It stays on screen."
    ),
    gettext_noop(
        "Challenge saved on this phone (%(summary)s). It will be logged on the game, with its "
        "verdict, when the connection returns."
    ),
    gettext_noop("The server refused this challenge."),
    gettext_noop("this game is no longer in your crew, so the challenge cannot be logged on it."),
    gettext_noop("Challenge — not logged: %(problem)s"),
    gettext_noop("Challenge — waiting to send: sign in again to send it."),
    gettext_noop("Challenge — waiting to send"),
    gettext_noop("Discard this challenge? It was never logged."),
    # static/js/table.js
    gettext_noop("Not a card: %(tokens)s — try 7, R7, +2, Skip, Rev, W, +4"),
    gettext_noop("%(cards)s — %(points)s points"),
    gettext_noop("card"),
    gettext_noop("cards"),
    gettext_noop("Typed total: %(points)s points"),
    gettext_noop("pts"),
    gettext_noop(
        "First the next player (%(name)s if play goes left) draws %(count)s cards; they count "
        "in that hand."
    ),
    gettext_noop("Pick who went out first, then tap the cards left in each hand."),
    gettext_noop("The keypad fills %(name)s's hand."),
    gettext_noop("Pick who went out first."),
    gettext_noop(
        "%(name)s not added: the deck holds only %(most)s, and the hands already have them all."
    ),
    gettext_noop(
        "%(name)s's typed total (%(points)s points) gives way to the cards tapped. "
        "Undo brings it back."
    ),
    gettext_noop("%(name)s's typed total (%(points)s points) gives way to the cards typed."),
    # static/js/table.js (drafts)
    gettext_noop("Your unsaved entry for round %(number)s is back."),
    gettext_noop("Discard it"),
    # static/js/setup.js
    gettext_noop("Adding: %(names)s…"),
    # static/js/referee.js
    gettext_noop("%(colour)s %(face)s"),
    gettext_noop("Next card: %(colour)s."),
    gettext_noop("1 card: %(cards)s"),
    gettext_noop("%(count)s cards: %(cards)s"),
    gettext_noop("No cards yet."),
    # static/js/seat.js
    gettext_noop("Your hand is kept on this phone and will be sent when the connection returns."),
    gettext_noop("This seat's link no longer works, so the hand kept on this phone was not sent."),
    gettext_noop("red"),
    gettext_noop("green"),
    gettext_noop("blue"),
    gettext_noop("yellow"),
)


def script_messages(request: HttpRequest) -> dict:
    """Context processor: the scripts' words in the page's language ({} in English, where the
    scripts' own text is the one shown)."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    if language.split("-")[0] == "en":
        return {"script_messages": {}}
    return {"script_messages": {message: _(message) for message in SCRIPT_MESSAGES}}


def in_words(message: object) -> str:
    """A message of the core (its :class:`Words`, or an error made of them) in the page's
    language; any other message (already translated, or not the core's) as it is."""
    if isinstance(message, BaseException):
        message = words_of(message)
    if not isinstance(message, Words):
        return str(message)
    if isinstance(message, CrewWords):  # a crew's own name for a card: never the catalogue's
        spanish = message.spanish and (translation.get_language() or "").startswith("es")
        return message.spanish if spanish else str(message)
    template = _(message.template)
    if not message.values:
        return template
    values = {name: _in_language(value) for name, value in message.values.items()}
    return template % values


def _in_language(value: object) -> object:
    """A value of a core sentence as the page's language writes it."""
    if isinstance(value, Words):
        return in_words(value)
    if grouped(value) is not value:  # a large whole number: the language's separators
        return number_format(value, force_grouping=True)
    return value


@dataclass(frozen=True)
class KeyInWords:
    """A keypad key (:class:`scorekeeper.domain.Key`) with its name, spoken name and how many
    the deck holds in the page's language; the printed face stays as the deck shows it."""

    token: str
    label: str
    name: str
    points: int
    kind: str
    spoken: str
    most: int
    most_in_words: str
    coloured: bool
    # A two-sided deck's keys: "1" or "2" for a key on one side only, "" on both (or one side).
    side: str = ""


def keys_in_words(edition: Any, *other_side: Any) -> list[KeyInWords]:
    """The keys of a deck in the page's language; with a second side, both sides' keys, each
    marked with the side it is on when only one has it (the page shows the chosen side's)."""
    first = [_key_in_words(key) for key in keypad_keys(edition)]
    if not other_side:
        return first
    second = [_key_in_words(key) for key in keypad_keys(other_side[0])]
    on_both = set(first) & set(second)
    return [key if key in on_both else replace(key, side="1") for key in first] + [
        replace(key, side="2") for key in second if key not in on_both
    ]


def _key_in_words(key: Any) -> KeyInWords:
    return KeyInWords(
        key.token,
        in_words(key.label),
        in_words(key.name),
        key.points,
        key.kind,
        in_words(key.spoken),
        key.most,
        in_words(key.most_in_words),
        key.coloured,
    )
