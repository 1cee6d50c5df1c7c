"""What happens when the dealer turns up the first card of the discard pile.

``first_card(kind, edition)`` answers for one kind of card and one deck edition. Where the sheets
disagree, the outcome follows the majority of the sheets and lists every position in
``variants`` with its sources (taken from the matching rules entry, so there is one source of
truth). Where an edition's sheet is silent about its own special card, ``silent`` is True and
the outcome is our suggested reading, to be agreed at the table.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.domain.cards import Kind
from scorekeeper.domain.editions import EDITIONS, get_edition
from scorekeeper.rules.entries import get_entry

# The card kinds as the domain declares them ("number", "draw-two", ..., "special").
KINDS: tuple[str, ...] = tuple(kind.value for kind in Kind)

CLOCKWISE = "clockwise"  # play passes to the left
COUNTER_CLOCKWISE = "counter-clockwise"  # play passes to the right

LEFT_OF_DEALER = "left of dealer"
TWO_LEFT_OF_DEALER = "two seats left of dealer"
DEALER = "dealer"
RIGHT_OF_DEALER = "right of dealer"


@dataclass(frozen=True, slots=True)
class FirstCardOutcome:
    kind: str
    edition: str
    summary: str  # one plain sentence: what happens
    first_player: str  # who opens, e.g. "left of dealer"; "" when the card goes back
    direction: str  # CLOCKWISE or COUNTER_CLOCKWISE; "" when the card goes back
    returned: bool  # the card goes back into the deck and another is turned up
    draws: str  # who draws how many, "" when nobody does
    entry: str  # slug of the rules entry that explains it
    skipped: str = ""  # who loses their turn, "" when nobody does
    chooses_colour: str = ""  # who names the starting colour, "" when nobody does
    silent: bool = False  # the edition's sheet says nothing: agree at the table
    variants: list[tuple[tuple[str, ...], str]] = field(default_factory=list)

    @property
    def direction_label(self) -> str:
        """The direction in table words, e.g. "clockwise (to the left)"."""
        return {
            CLOCKWISE: "clockwise (to the left)",
            COUNTER_CLOCKWISE: "counter-clockwise (to the right)",
        }.get(self.direction, "")


def _variants(slug: str) -> list[tuple[tuple[str, ...], str]]:
    entry = get_entry(slug)
    assert entry is not None, slug  # guarded by tests: every slug used here exists
    return [(variant.sources, variant.answer) for variant in entry.variants]


def first_card(kind: str, edition: str) -> FirstCardOutcome:
    """What happens when a card of ``kind`` is turned up to start the discard pile.

    ``kind`` is one of ``KINDS``; ``"special"`` means the edition's own special card and is not
    valid for a deck without one (Classic). Raises ValueError with a plain sentence for an
    unknown kind or edition.
    """
    if edition not in EDITIONS:
        raise ValueError(
            f"There is no edition called {edition!r}; choose one of {', '.join(EDITIONS)}."
        )
    if kind not in KINDS:
        raise ValueError(f"There is no card kind {kind!r}; choose one of {', '.join(KINDS)}.")

    common = {"kind": kind, "edition": edition}
    if kind == "number":
        return FirstCardOutcome(
            **common,
            summary=(
                "Nothing special happens: the player on the dealer's left opens and play "
                "goes clockwise."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            entry="first-card-number",
        )
    if kind == "draw-two":
        return FirstCardOutcome(
            **common,
            summary=(
                "The player on the dealer's left picks up 2 cards and loses the turn, so the "
                "next player clockwise opens."
            ),
            first_player=TWO_LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="the player left of the dealer draws 2 and is skipped",
            skipped=LEFT_OF_DEALER,
            entry="first-card-draw-two",
        )
    if kind == "skip":
        return FirstCardOutcome(
            **common,
            summary=(
                "The player on the dealer's left is skipped, so the next player clockwise opens."
            ),
            first_player=TWO_LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            skipped=LEFT_OF_DEALER,
            entry="first-card-skip",
            variants=_variants("first-card-skip"),
        )
    if kind == "reverse":
        return FirstCardOutcome(
            **common,
            summary="The dealer opens and play goes counter-clockwise (to the right).",
            first_player=DEALER,
            direction=COUNTER_CLOCKWISE,
            returned=False,
            draws="",
            entry="first-card-reverse",
            variants=_variants("first-card-reverse"),
        )
    if kind == "wild":
        return FirstCardOutcome(
            **common,
            summary=(
                "The player on the dealer's left names the starting colour and opens, "
                "going clockwise."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            chooses_colour=LEFT_OF_DEALER,
            entry="first-card-wild",
            variants=_variants("first-card-wild"),
        )
    if kind == "wild-draw-four":
        return FirstCardOutcome(
            **common,
            summary="It goes back into the deck and another card is turned up instead.",
            first_player="",
            direction="",
            returned=True,
            draws="",
            entry="first-card-wd4",
            variants=_variants("first-card-wd4"),
        )
    return _special(edition)


def _special(edition: str) -> FirstCardOutcome:
    deck = get_edition(edition)
    if not deck.has_special:
        with_special = ", ".join(e.name for e in EDITIONS.values() if e.has_special)
        raise ValueError(
            f"The {deck.name} deck has no special card, so a special first card can't happen; "
            f"only the {with_special} editions have one."
        )
    common = {"kind": "special", "edition": edition}
    if edition == "kitty":
        # The only themed sheet that covers its own special card turned up first.
        return FirstCardOutcome(
            **common,
            summary=(
                "Like a Wild: the player on the dealer's left names the starting colour, "
                "and nobody draws."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            chooses_colour=LEFT_OF_DEALER,
            entry="first-card-kitty",
        )
    if edition == "cheese-touch":
        return FirstCardOutcome(
            **common,
            summary=(
                "The sheet doesn't say; agree at the table. Our suggested reading: the "
                "player on the dealer's left picks up 2, then plays a yellow card or picks "
                "up 2 more."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws=(
                "the player left of the dealer draws 2, then 2 more if they have no yellow card"
            ),
            entry="first-card-cheese-touch",
            silent=True,
            variants=_variants("first-card-cheese-touch"),
        )
    if edition == "water-drop":
        return FirstCardOutcome(
            **common,
            summary=(
                "The sheet doesn't say; agree at the table. Our suggested reading: treat it "
                "like a Wild, so the player on the dealer's left names the colour and opens."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            chooses_colour=LEFT_OF_DEALER,
            entry="first-card-water-drop",
            silent=True,
            variants=_variants("first-card-water-drop"),
        )
    # A deck added to the registry before anyone has read its sheet on this: say so, and
    # offer the reading most sheets give a wild card.
    return FirstCardOutcome(
        **common,
        summary=(
            f"We have no reading of the {deck.name} sheet for this; agree at the table. Our "
            "suggested reading: treat it like a Wild, so the player on the dealer's left names "
            "the colour and opens."
        ),
        first_player=LEFT_OF_DEALER,
        direction=CLOCKWISE,
        returned=False,
        draws="",
        chooses_colour=LEFT_OF_DEALER,
        entry="first-card-wild",
        silent=True,
    )
