"""A crew's own deck, as data: a built-in edition plus the crew's cards, minus what they took out.

A deck is written as the game file carries it (docs/game-format.md)::

    {"name": "Our 112-card box", "base": "classic",
     "cards": [{"token": "BL", "name": "Blank", "kind": "wild", "count": 4, "points": 40}],
     "remove": ["W+4"]}

or, for a two-sided deck, with ``"sides": [{"name": "Light", "cards": [...], "remove": [...]},
{"name": "Dark", ...}]`` in place of ``cards`` and ``remove``. :func:`parse_deck` checks every
part and returns a :class:`Deck` whose sides are :class:`~.editions.Edition` objects, so every
part of the core (notation, keypad, limits, scoring, the draw for deal, the challenge) reads a
crew's deck exactly as it reads a built-in one. A side's slug is its base and a digest of its
contents, its deck's name included: a deck is immutable, and the same deck always gives the same
slug.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import built_in_card
from .editions import BUILT_IN_VALUES, COLOURS, EDITIONS, HOUSE_EDITIONS, Edition, HouseCard
from .errors import RuleError
from .names import clean_name
from .words import gettext_noop

CARD_KINDS = ("number", "action", "wild")
# The kinds as the deck form offers them.
CARD_KIND_NAMES = {
    "number": gettext_noop("Number card (one per colour)"),
    "action": gettext_noop("Coloured action card (one per colour)"),
    "wild": gettext_noop("Wild card (no colour)"),
}
MAX_NAME = 40
MAX_RULE = 160
MAX_POINTS = 500
MAX_COUNT = 100
MAX_CARDS = 500  # in a whole deck (one side), every colour counted
MAX_HOUSE_CARDS = 30  # kinds of card a crew adds to one side
MAX_KEPT = 1024  # crews' decks this process remembers by slug (the same cards: the same object)
_TOKEN = re.compile(r"^[A-Z][A-Z0-9+]{0,3}$")
DECK_KEYS = {"name", "base", "cards", "remove", "sides"}
SIDE_KEYS = {"name", "cards", "remove"}
CARD_KEYS = {"token", "name", "name_es", "kind", "count", "points", "rule"}

# The Classic sheet's extra cards, offered ready to add: it names them (its box holds 108 cards
# plus 4 blank ones; some decks carry Swap Hands and Shuffle Hands cards) but gives no points or
# rules for them, so the crew sets both.
SUGGESTED_CARDS = (
    HouseCard(
        token="BL", name="Blank card", name_es="Carta en blanco", kind="wild", count=4, points=0
    ),
    HouseCard(
        token="SWH", name="Swap Hands", name_es="Cambio de manos", kind="wild", count=1, points=0
    ),
    HouseCard(
        token="SHH", name="Shuffle Hands", name_es="Baraja manos", kind="wild", count=1, points=0
    ),
)


@dataclass(frozen=True)
class Deck:
    """A crew's deck: its name, the built-in edition it starts from, and its one or two sides
    (each an Edition). ``data`` is its canonical JSON form, as files and the database keep it."""

    name: str
    base: str
    sides: tuple[Edition, ...]
    data: Mapping[str, Any]

    @property
    def two_sided(self) -> bool:
        return len(self.sides) == 2

    @property
    def digest(self) -> str:
        return digest_of(self.data)

    def side(self, number: int | None) -> Edition:
        """The side a round ended on (1 or 2; a one-sided deck has only 1)."""
        number = 1 if number is None else number
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not (1 <= number <= len(self.sides))
        ):
            if self.two_sided:
                raise RuleError(
                    gettext_noop("Side %(value)s: this deck has sides 1 and 2.", value=repr(number))
                )
            raise RuleError(
                gettext_noop("Side %(value)s: this deck has one side.", value=repr(number))
            )
        return self.sides[number - 1]


def digest_of(data: Mapping[str, Any]) -> str:
    """A stable digest of a deck's canonical JSON."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def parse_deck(data: Any) -> Deck:
    """Check a deck (as a game file or the deck form gives it) and return it; refuse anything
    wrong with a sentence that names it."""
    if isinstance(data, Deck):
        return data
    if not isinstance(data, Mapping):
        raise RuleError(gettext_noop("A deck must be a JSON object."))
    _no_unknown_keys(data, DECK_KEYS, gettext_noop("The deck"))
    name = _name(data.get("name"), gettext_noop("The deck's name"))
    base = data.get("base", "classic")
    if base not in EDITIONS:
        raise RuleError(
            gettext_noop(
                "A deck starts from one of %(known)s, not %(value)s.",
                known=", ".join(EDITIONS),
                value=repr(base),
            )
        )
    if "sides" in data:
        if "cards" in data or "remove" in data:
            raise RuleError(
                gettext_noop("A two-sided deck lists its cards in each side, not beside 'sides'.")
            )
        sides = data["sides"]
        if not isinstance(sides, list) or len(sides) != 2:
            raise RuleError(gettext_noop("A two-sided deck has exactly two sides."))
        parsed = [
            _parse_side(side, name, base, number) for number, side in enumerate(sides, start=1)
        ]
        if parsed[0][0]["name"].casefold() == parsed[1][0]["name"].casefold():
            raise RuleError(gettext_noop("The two sides need different names."))
        canonical: dict[str, Any] = {
            "name": name,
            "base": base,
            "sides": [side_data for side_data, _ in parsed],
        }
        return Deck(name, base, tuple(edition for _, edition in parsed), canonical)
    side_data, edition = _parse_side(
        {key: data[key] for key in ("cards", "remove") if key in data}, name, base, None
    )
    return Deck(name, base, (edition,), {"name": name, "base": base, **side_data})


def _parse_side(
    data: Any, deck_name: str, base: str, number: int | None
) -> tuple[dict[str, Any], Edition]:
    where = gettext_noop("Side %(number)s", number=number) if number else gettext_noop("The deck")
    if not isinstance(data, Mapping):
        raise RuleError(gettext_noop("Side %(number)s must be a JSON object.", number=number))
    _no_unknown_keys(data, SIDE_KEYS if number else {"cards", "remove"}, where)
    side_name = ""
    if number:
        side_name = _name(
            data.get("name"), gettext_noop("The name of side %(number)s", number=number)
        )
    built_in = EDITIONS[base]
    removed = _parse_removed(data.get("remove", []), built_in, where)
    cards = data.get("cards", [])
    if not isinstance(cards, list):
        raise RuleError(gettext_noop("%(where)s: its cards must be a list.", where=where))
    if len(cards) > MAX_HOUSE_CARDS:
        raise RuleError(
            gettext_noop(
                "%(where)s adds %(count)s kinds of card; a deck adds at most %(most)s.",
                where=where,
                count=len(cards),
                most=MAX_HOUSE_CARDS,
            )
        )
    house = tuple(parse_house_card(card, position) for position, card in enumerate(cards, 1))
    check_tokens(house, built_in)
    side: dict[str, Any] = {}
    if number:
        side["name"] = side_name
    side["cards"] = [house_card_data(card) for card in house]
    if removed:
        side["remove"] = sorted(removed, key=BUILT_IN_VALUES.index)
    # The slug names everything the side's Edition holds, the deck's name too: the editions are
    # kept process-wide by slug, and two crews' decks of the same cards are two editions (each
    # refusal names its own deck).
    digest = digest_of({"base": base, "deck": deck_name, **side})
    special = {}
    if "X" in removed:
        special = {
            "special_name": None,
            "special_summary": None,
            "special_colour": None,
            "special_count": 0,
            "first_special": None,
            "challenge_reading": "",
        }
    edition = dataclasses.replace(
        built_in,
        slug=f"{base}~{digest}",
        name=f"{deck_name} ({side_name})" if side_name else deck_name,
        deck_name=deck_name,
        base=base,
        house=house,
        removed=frozenset(removed),
        side_name=side_name,
        **special,
    )
    if edition.deck_size > MAX_CARDS:
        raise RuleError(
            gettext_noop(
                "%(where)s holds %(count)s cards; a deck holds at most %(most)s.",
                where=where,
                count=edition.deck_size,
                most=MAX_CARDS,
            )
        )
    if edition.deck_size == 0:
        raise RuleError(gettext_noop("%(where)s holds no cards.", where=where))
    if len(HOUSE_EDITIONS) >= MAX_KEPT and edition.slug not in HOUSE_EDITIONS:
        HOUSE_EDITIONS.pop(next(iter(HOUSE_EDITIONS)))  # the oldest: the core keeps no slug
    return side, HOUSE_EDITIONS.setdefault(edition.slug, edition)


def _no_unknown_keys(data: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise RuleError(
            gettext_noop(
                "%(where)s has a field this app does not know: %(field)s (it knows %(known)s).",
                where=where,
                field=repr(unknown[0]),
                known=", ".join(sorted(known)),
            )
        )


def _name(value: Any, what: str) -> str:
    return clean_name(value, max_length=MAX_NAME, what=what)


def _parse_removed(value: Any, built_in: Edition, where: str) -> set[str]:
    if not isinstance(value, list):
        raise RuleError(
            gettext_noop("%(where)s: the cards it removes must be a list.", where=where)
        )
    removed = set()
    for item in value:
        text = str(item).strip().upper() if isinstance(item, str) else None
        known = [v for v in BUILT_IN_VALUES if v != "X" or built_in.has_special]
        if text not in known:
            raise RuleError(
                gettext_noop(
                    "%(value)s is not a card to remove: choose from %(known)s.",
                    value=repr(item),
                    known=", ".join(known),
                )
            )
        removed.add(text)
    return removed


def parse_house_card(data: Any, position: int) -> HouseCard:
    """One of a crew's cards; refused in words when any part is wrong."""
    if not isinstance(data, Mapping):
        raise RuleError(gettext_noop("Card %(number)s must be a JSON object.", number=position))
    _no_unknown_keys(data, CARD_KEYS, gettext_noop("Card %(number)s", number=position))
    name = _name(data.get("name"), gettext_noop("Card %(number)s's name", number=position))
    name_es = ""
    if data.get("name_es") not in (None, ""):
        name_es = _name(
            data["name_es"], gettext_noop("Card %(number)s's Spanish name", number=position)
        )
    token = data.get("token")
    token = token.strip().upper() if isinstance(token, str) else token
    if not isinstance(token, str) or not _TOKEN.match(token):
        raise RuleError(
            gettext_noop(
                "%(name)s's token %(value)s: write 1 to 4 letters, digits or +, starting with "
                "a letter (e.g. BL).",
                name=name,
                value=repr(data.get("token")),
            )
        )
    kind = data.get("kind")
    if kind not in CARD_KINDS:
        raise RuleError(
            gettext_noop(
                "%(name)s's kind %(value)s: choose number, action or wild.",
                name=name,
                value=repr(kind),
            )
        )
    count = _whole(data.get("count"), name, gettext_noop("count"), 1, MAX_COUNT)
    points = _whole(data.get("points"), name, gettext_noop("points"), 0, MAX_POINTS)
    rule = data.get("rule") or ""
    if not isinstance(rule, str):
        raise RuleError(gettext_noop("%(name)s's rule must be text.", name=name))
    if any(unicodedata.category(char) in ("Cc", "Cf") for char in rule):
        raise RuleError(
            gettext_noop(
                "%(name)s's rule holds a line break or control character: keep it to one line.",
                name=name,
            )
        )
    rule = " ".join(rule.split())
    if len(rule) > MAX_RULE:
        raise RuleError(
            gettext_noop(
                "%(name)s's rule is %(count)s characters long; at most %(most)s.",
                name=name,
                count=len(rule),
                most=MAX_RULE,
            )
        )
    return HouseCard(
        token=token,
        name=name,
        name_es=name_es,
        kind=kind,
        count=count,
        points=points,
        rule=rule,
    )


def _whole(value: Any, name: str, what: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise RuleError(
            gettext_noop(
                "%(name)s's %(what)s must be a whole number from %(least)s to %(most)s, not "
                "%(value)s.",
                name=name,
                what=what,
                least=least,
                most=most,
                value=repr(value),
            )
        )
    return value


def _written(card: HouseCard) -> list[str]:
    """Every way a card of the deck is written: a wild card's token; a coloured card's token
    after each colour, after * and alone."""
    if not card.coloured:
        return [card.token]
    return [colour + card.token for colour in (*COLOURS, "*")] + [card.token]


def check_tokens(house: tuple[HouseCard, ...], built_in: Edition) -> None:
    """Refuse a token that reads as a built-in card (``RS`` is a red Skip, ``W4`` a Wild Draw
    Four) or as another of the deck's cards, written any way a hand may write it."""
    seen: dict[str, str] = {}
    for card in house:
        for text in _written(card):
            try:
                clash = built_in_card(text, text, built_in)
            except RuleError:
                clash = None
            if clash is not None:
                raise RuleError(
                    gettext_noop(
                        "%(name)s's token %(token)s clashes with a built-in card: %(text)s "
                        "already means %(card)s.",
                        name=card.name,
                        token=card.token,
                        text=text,
                        card=clash.label(built_in),
                    )
                )
            if text in seen:
                raise RuleError(
                    gettext_noop(
                        "%(name)s's token %(token)s clashes with %(other)s: both would be "
                        "written %(text)s.",
                        name=card.name,
                        token=card.token,
                        other=seen[text],
                        text=text,
                    )
                )
        for text in _written(card):
            seen[text] = card.name


def house_card_data(card: HouseCard) -> dict[str, Any]:
    """A crew's card as the file and the database keep it (empty optional parts left out)."""
    data: dict[str, Any] = {"token": card.token, "name": card.name}
    if card.name_es:
        data["name_es"] = card.name_es
    data.update(kind=card.kind, count=card.count, points=card.points)
    if card.rule:
        data["rule"] = card.rule
    return data


def game_deck(game: Mapping[str, Any]) -> Deck | None:
    """The deck a game file carries (None when it plays a built-in edition)."""
    data = game.get("deck")
    if data is None:
        return None
    deck = parse_deck(data)
    edition = game.get("edition", deck.base)
    if edition != deck.base:
        raise RuleError(
            gettext_noop(
                "The game's edition is %(edition)s but its deck starts from %(base)s.",
                edition=repr(edition),
                base=repr(deck.base),
            )
        )
    return deck
