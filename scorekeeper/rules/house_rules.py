"""House rules a table can agree on, and the "at this table" notes they add to rules answers.

A table's agreement is a plain mapping of house-rule key to value: ``True`` for an on/off rule,
a whole number of cards for ``"uno-penalty"``. ``parse_house_rules`` validates one;
``agreed_house_rules`` reads a stored one leniently; ``house_rule_labels`` names the agreed rules
(every page that lists them uses it); ``table_notes`` turns one into the sentences shown under a
rules entry.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.domain.words import gettext_noop
from scorekeeper.rules.entries import Entry

UNO_PENALTY_MIN = 0
UNO_PENALTY_MAX = 10


@dataclass(frozen=True, slots=True)
class HouseRule:
    key: str
    label: str
    description: str
    affects: tuple[str, ...]
    takes_value: bool = False  # True when the rule needs a number (uno-penalty), not just on/off

    def label_for(self, value: object = None) -> str:
        """The rule's name as listed for a game, with its number when it takes one:
        "Jump-in", "UNO penalty: 2 cards"."""
        if not self.takes_value:
            return self.label
        cards = _penalty_cards(value)
        if cards == 1:
            return gettext_noop("UNO penalty: %(cards)s card", cards=cards)
        return gettext_noop("UNO penalty: %(cards)s cards", cards=cards)

    def at_table(self, value: object = None) -> str:
        """The sentence shown under an answer when this table plays the rule.

        ``value`` is only used by rules that take a number; it must then be a valid one.
        """
        if not self.takes_value:
            return _AT_TABLE[self.key]
        cards = _penalty_cards(value)
        if cards == 0:
            return gettext_noop("At this table: forgetting to call UNO costs nothing.")
        if cards == 1:
            return gettext_noop(
                "At this table: getting caught without calling UNO costs %(cards)s card "
                "(the printed sheets say 2, unorules.org says 4).",
                cards=cards,
            )
        return gettext_noop(
            "At this table: getting caught without calling UNO costs %(cards)s cards "
            "(the printed sheets say 2, unorules.org says 4).",
            cards=cards,
        )


_AT_TABLE: dict[str, str] = {
    "stack-draw": gettext_noop(
        "At this table: when a Draw Two or a Wild Draw Four is played on you, you may answer "
        "with one of your own and pass the growing total on; whoever can't add one picks up "
        "the lot."
    ),
    "seven-zero": gettext_noop(
        "At this table: playing a 7 swaps your hand with a player you choose, and playing a 0 "
        "moves every hand one seat along in the direction of play."
    ),
    "jump-in": gettext_noop(
        "At this table: anyone holding a card identical to the top of the discard pile may "
        "play it out of turn, and play carries on from them."
    ),
    "draw-until-play": gettext_noop(
        "At this table: when you can't play, you keep drawing until you get a card you can play."
    ),
}

HOUSE_RULES: dict[str, HouseRule] = {
    rule.key: rule
    for rule in (
        HouseRule(
            key="stack-draw",
            label=gettext_noop("Stacking Draw Twos and Wild Draw Fours"),
            description=gettext_noop(
                "A player hit by a Draw Two or a Wild Draw Four may pass it on by playing one "
                "of their own; the cards add up until someone can't."
            ),
            affects=("stacking", "draw-two", "wild-draw-four"),
        ),
        HouseRule(
            key="seven-zero",
            label=gettext_noop("7-0: swap and rotate hands"),
            description=gettext_noop(
                "A 7 swaps hands with a player of your choice; a 0 passes every hand on one "
                "seat in the direction of play."
            ),
            affects=("seven-zero",),
        ),
        HouseRule(
            key="jump-in",
            label=gettext_noop("Jump-in"),
            description=gettext_noop(
                "Anyone holding a card identical to the top discard (same colour, same number "
                "or symbol) may play it out of turn."
            ),
            affects=("jump-in",),
        ),
        HouseRule(
            key="draw-until-play",
            label=gettext_noop("Draw until you can play"),
            description=gettext_noop(
                "A player who can't play keeps drawing until they can, not just once."
            ),
            affects=("draw-until-play", "cant-play-draw"),
        ),
        HouseRule(
            key="uno-penalty",
            label=gettext_noop("A different UNO penalty"),
            description=gettext_noop(
                "The number of cards a player takes when caught without calling UNO "
                "(%(least)s to %(most)s).",
                least=UNO_PENALTY_MIN,
                most=UNO_PENALTY_MAX,
            ),
            affects=("uno-penalty", "call-uno"),
            takes_value=True,
        ),
    )
}


def _penalty_cards(value: object) -> int:
    """A valid UNO penalty as an int, or ValueError with a sentence for the player."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    # bool is a subclass of int, but "True cards" is not a penalty anyone meant.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(
            gettext_noop(
                "The UNO penalty must be a whole number of cards from %(least)s to %(most)s.",
                least=UNO_PENALTY_MIN,
                most=UNO_PENALTY_MAX,
            )
        )
    if not UNO_PENALTY_MIN <= value <= UNO_PENALTY_MAX:
        raise ValueError(
            gettext_noop(
                "The UNO penalty must be from %(least)s to %(most)s cards, not %(value)s.",
                least=UNO_PENALTY_MIN,
                most=UNO_PENALTY_MAX,
                value=value,
            )
        )
    return value


def parse_house_rules(data: Mapping[str, object] | None) -> dict[str, object]:
    """Validate a table's house rules and return them in normal form.

    On/off rules keep only the ones switched on (value ``True``); ``"uno-penalty"`` becomes an
    int. Accepts booleans, and for the penalty a digit string such as ``"3"`` as sent by a form.
    Raises ValueError with one plain sentence for an unknown key or a bad value.
    """
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise ValueError(gettext_noop("House rules must be given as a mapping of rule to value."))
    agreed: dict[str, object] = {}
    for key, value in data.items():
        rule = HOUSE_RULES.get(key)
        if rule is None:
            raise ValueError(
                gettext_noop("There is no house rule called %(value)s.", value=repr(key))
            )
        if rule.takes_value:
            if value is None:
                continue
            agreed[key] = _penalty_cards(value)
        elif isinstance(value, bool):
            if value:
                agreed[key] = True
        else:
            raise ValueError(
                gettext_noop(
                    "The house rule %(value)s is either on or off (true or false).", value=repr(key)
                )
            )
    return agreed


def agreed_house_rules(stored: object) -> dict[str, object]:
    """A game's stored house rules in normal form; anything malformed counts as not agreed.

    The scoreboard, the game record and the rules pages must still open if a bad value ever
    got stored, so this never raises: a rule that does not validate is simply left out.
    """
    if not isinstance(stored, Mapping):
        return {}
    agreed: dict[str, object] = {}
    for key, value in stored.items():
        try:
            agreed.update(parse_house_rules({key: value}))
        except ValueError:
            continue
    return agreed


def house_rule_labels(stored: object) -> list[str]:
    """The agreed house rules by name, in the library's order: ["Stacking Draw Twos and Wild
    Draw Fours", "UNO penalty: 2 cards"]. Read leniently, like ``agreed_house_rules``."""
    agreed = agreed_house_rules(stored)
    return [
        rule.label_for(agreed[key] if rule.takes_value else None)
        for key, rule in HOUSE_RULES.items()
        if key in agreed
    ]


def table_notes(entry: Entry, agreed: Mapping[str, object]) -> list[str]:
    """The "at this table" sentences that change this entry's answer, in the entry's order.

    ``agreed`` maps house-rule keys to ``True`` or, for ``"uno-penalty"``, a number of cards.
    Rules switched off (False/None) or not relevant to the entry add nothing.
    """
    notes = []
    for key in entry.house_rules:
        if key not in agreed:
            continue
        value = agreed[key]
        if value is None or value is False:
            continue
        rule = HOUSE_RULES[key]
        notes.append(rule.at_table(value if rule.takes_value else None))
    return notes
