"""The decks Scorekeeper supports and exactly what each one holds.

``EDITIONS`` is the one registry of editions: the model's choices, the rules library, the
first-card helper and both keypads read it, so a new deck is one entry here (plus the migration
Django generates for the model's choices).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleError
from .words import gettext_noop

COLOURS = ("R", "G", "B", "Y")
COLOUR_NAMES = {
    "R": gettext_noop("red"),
    "G": gettext_noop("green"),
    "B": gettext_noop("blue"),
    "Y": gettext_noop("yellow"),
}


@dataclass(frozen=True)
class SpecialFirstCard:
    """What happens when the deck's special card is turned up to start the pile: the player on
    the dealer's left opens, clockwise, and may draw or name the colour. ``entry`` is the rules
    entry that explains it; ``silent`` when the deck's sheet says nothing (the summary is our
    suggestion, to agree at the table); ``reading`` where it is our reading of the sheet."""

    summary: str
    entry: str
    draws: str = ""
    chooses_colour: bool = False
    silent: bool = False
    reading: str = ""


@dataclass(frozen=True)
class HouseCard:
    """A card a crew's deck adds (a blank card with the crew's rule, Swap Hands...): its token
    in the notation, its names, its kind ("number" or "action" take a colour and ``count`` is
    per colour; "wild" has none), its points and the crew's one-line rule of play."""

    token: str
    name: str
    kind: str
    count: int
    points: int
    name_es: str = ""
    rule: str = ""

    @property
    def coloured(self) -> bool:
        return self.kind != "wild"

    @property
    def total(self) -> int:
        """How many of it the deck holds, every colour counted."""
        return self.count * len(COLOURS) if self.coloured else self.count


# The cards of a built-in deck by value (colour left out), as a crew's copy may remove them.
BUILT_IN_VALUES = (*(str(n) for n in range(10)), "+2", "S", "R", "W", "W+4", "X")
# How many of each value a built-in deck holds, every colour counted (X: its special_count).
BUILT_IN_COUNTS = {
    **{str(n): (4 if n == 0 else 8) for n in range(10)},
    "+2": 8,
    "S": 8,
    "R": 8,
    "W": 4,
    "W+4": 4,
}


@dataclass(frozen=True)
class Edition:
    """A deck: its name, its special card (if any) and how many of each card it holds.

    The four built-in editions live in ``EDITIONS``. A crew's deck (``domain.decks``) is an
    Edition too, made from one of them: ``base`` names it, ``house`` adds the crew's cards and
    ``removed`` takes built-in values out; its ``slug`` is ``base~digest`` of its contents (the
    deck's name too), so the same deck is always the same slug and every cache keyed by slug
    stays right.
    """

    slug: str
    name: str  # short, e.g. "Kitty": choices and the scoreboard
    deck_name: str  # the box, e.g. "The Big Bang Theory edition"
    title: str  # what the rules library calls it, e.g. "The Big Bang Theory (Kitty)"
    special_name: str | None = None
    special_summary: str | None = None
    # The colour a special card counts as ("Y" for the Cheese Touch card); None when it is wild.
    special_colour: str | None = None
    special_count: int = 0
    # The draw for deal: its sheet ranks the cards by point value (Classic, unorules.org) rather
    # than by number with every symbol card counting zero (the boxed sheets).
    deal_by_points: bool = False
    # The special card turned up first (None: no sheet read for it yet, see rules/first_card).
    first_special: SpecialFirstCard | None = None
    # The rules entry holding our reading of how the special card counts in a Wild Draw 4
    # challenge (its colour), "" when the deck has no such card or no reading.
    challenge_reading: str = ""
    # A crew's deck: the built-in edition it starts from, its own cards, the built-in values
    # it leaves out, and (for a two-sided deck) the name of this side.
    base: str = ""
    house: tuple[HouseCard, ...] = ()
    removed: frozenset[str] = frozenset()
    side_name: str = ""

    @property
    def has_special(self) -> bool:
        return self.special_count > 0

    @property
    def rules_slug(self) -> str:
        """The built-in edition whose sheets settle this deck's rules (itself when built in)."""
        return self.base or self.slug

    @property
    def is_house(self) -> bool:
        """True for a crew's deck, False for a built-in edition."""
        return bool(self.base)

    def house_card(self, token: str) -> HouseCard | None:
        """The crew's card with this token (colour left out), None when the deck has none."""
        for card in self.house:
            if card.token == token:
                return card
        return None

    @property
    def special_short_name(self) -> str:
        """The special card's name without " card" ("Kitty"), "" for a deck without one."""
        return (self.special_name or "").removesuffix(" card")

    @property
    def deal_rule(self) -> str:
        """How the draw for deal ranks the cards, as this deck's sheet says, and our tie rule."""
        if self.deal_by_points:
            return gettext_noop(
                "Each player turns a card: highest point value deals (its sheet): a Draw Two, "
                "Skip or Reverse counts 20, a Wild or Wild Draw Four 50. A tie for highest draws "
                "again (our rule)."
            )
        return gettext_noop(
            "Each player turns a card: highest number deals; action and wild cards count as "
            "zero (its sheet). A tie for highest draws again (our rule)."
        )

    @property
    def deck_size(self) -> int:
        built_in = sum(
            count for value, count in BUILT_IN_COUNTS.items() if value not in self.removed
        )
        return built_in + self.special_count + sum(card.total for card in self.house)


EDITIONS: dict[str, Edition] = {
    edition.slug: edition
    for edition in (
        Edition(
            slug="classic",
            name=gettext_noop("Classic"),
            deck_name=gettext_noop("Classic 108-card deck"),
            title=gettext_noop("Classic"),
            deal_by_points=True,
        ),
        Edition(
            slug="kitty",
            name=gettext_noop("Kitty"),
            deck_name=gettext_noop("The Big Bang Theory edition"),
            title=gettext_noop("The Big Bang Theory (Kitty)"),
            special_name=gettext_noop("Kitty card"),
            special_summary=gettext_noop(
                "A wild card: the next player draws until they turn up a Sheldon or Penny card, "
                "keeps them all and misses their turn."
            ),
            special_count=4,
            # The only themed sheet that covers its own special card turned up first.
            first_special=SpecialFirstCard(
                summary=gettext_noop(
                    "Like a Wild: the player on the dealer's left names the starting colour, "
                    "and nobody draws."
                ),
                entry="first-card-kitty",
                chooses_colour=True,
                reading=gettext_noop(
                    "The sheet doesn't mention a draw; we read it as making nobody draw."
                ),
            ),
        ),
        Edition(
            slug="cheese-touch",
            name=gettext_noop("Cheese Touch"),
            deck_name=gettext_noop("Diary of a Wimpy Kid edition"),
            title=gettext_noop("Diary of a Wimpy Kid (Cheese Touch)"),
            special_name=gettext_noop("Cheese Touch card"),
            special_summary=gettext_noop(
                "Goes only on a yellow card: the next player draws 2, then 2 more (once) if they "
                "have no yellow card to play on it."
            ),
            special_colour="Y",
            special_count=4,
            first_special=SpecialFirstCard(
                summary=gettext_noop(
                    "The sheet doesn't say; agree at the table. Our suggested reading: the "
                    "player on the dealer's left picks up 2, then plays a yellow card or picks "
                    "up 2 more."
                ),
                entry="first-card-cheese-touch",
                draws=gettext_noop(
                    "the player left of the dealer draws 2, then 2 more if they have no yellow card"
                ),
                silent=True,
                reading=gettext_noop(
                    "Following the general summary, where an action card turned up first acts "
                    "on the first player."
                ),
            ),
            challenge_reading="cheese-touch-card",
        ),
        Edition(
            slug="water-drop",
            name=gettext_noop("Water Drop"),
            deck_name=gettext_noop("Water Drop edition"),
            title=gettext_noop("Water Drop"),
            special_name=gettext_noop("Water Drop card"),
            special_summary=gettext_noop(
                "Its player discards every blue card in their hand, then names the colour that "
                "play continues in."
            ),
            special_count=4,
            first_special=SpecialFirstCard(
                summary=gettext_noop(
                    "The sheet doesn't say; agree at the table. Our suggested reading: treat it "
                    "like a Wild, so the player on the dealer's left names the colour and opens."
                ),
                entry="first-card-water-drop",
                chooses_colour=True,
                silent=True,
                reading=gettext_noop("Nobody played it, so nobody empties their blue cards."),
            ),
            challenge_reading="water-drop-card",
        ),
    )
}


# Crews' decks met by this process, by slug (``base~digest`` of their contents: the same slug is
# always the same cards). ``domain.decks`` adds each deck it reads.
HOUSE_EDITIONS: dict[str, Edition] = {}


def get_edition(edition: str | Edition) -> Edition:
    """Return the Edition for a slug (or pass an Edition through); refuse unknown editions."""
    if isinstance(edition, Edition):
        return edition
    if isinstance(edition, str) and edition in EDITIONS:  # the usual case: a stored slug
        return EDITIONS[edition]
    if isinstance(edition, str) and edition in HOUSE_EDITIONS:
        return HOUSE_EDITIONS[edition]
    try:
        return EDITIONS[str(edition).strip().lower()]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise RuleError(
            gettext_noop(
                "Unknown edition %(value)s: choose one of %(known)s.",
                value=repr(edition),
                known=known,
            )
        ) from None
