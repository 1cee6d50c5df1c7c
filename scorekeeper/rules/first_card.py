"""What happens when the dealer turns up the first card of the discard pile.

``first_card(kind, edition)`` answers for one kind of card and one deck edition. The outcome
follows that deck's own sheet (unorules.org for Classic, the edition's sheet for a themed deck).
Where the sheets that apply to the deck (its own and the general summary) disagree, ``variants``
lists each position with its sources (taken from the matching rules entry, so there is one
source of truth); a sheet for another deck is never shown. Where the deck's sheet is silent,
``silent`` is True; where it contradicts itself, ``unsettled`` is True and the outcome names no
one. ``reading`` says where the outcome is our reading rather than the sheet's words.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.domain.cards import Kind
from scorekeeper.domain.editions import EDITIONS, get_edition
from scorekeeper.domain.words import gettext_noop
from scorekeeper.rules.entries import get_entry, own_sheet

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
    unsettled: bool = False  # the deck's sheet says two things: the table picks one
    reading: str = ""  # our reading where the sheet doesn't say it in so many words

    @property
    def direction_label(self) -> str:
        """The direction in table words, e.g. "clockwise (to the left)"."""
        return {
            CLOCKWISE: gettext_noop("clockwise (to the left)"),
            COUNTER_CLOCKWISE: gettext_noop("counter-clockwise (to the right)"),
        }.get(self.direction, "")


def _variants(slug: str, edition: str) -> list[tuple[tuple[str, ...], str]]:
    """The entry's disagreeing positions among the sheets that apply to this deck; none when
    those sheets agree (a single position is just the answer)."""
    entry = get_entry(slug)
    assert entry is not None, slug  # guarded by tests: every slug used here exists
    shown = entry.variants_for(edition)
    if len(shown) < 2:
        return []
    return [(variant.sources, variant.answer) for variant in shown]


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
        raise ValueError(
            gettext_noop(
                "There is no card kind %(kind)s; choose one of %(kinds)s.",
                kind=repr(kind),
                kinds=", ".join(KINDS),
            )
        )

    common = {"kind": kind, "edition": edition}
    classic_sheet = own_sheet(edition) == "unorules"
    if kind == "number":
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
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
            summary=gettext_noop(
                "The player on the dealer's left picks up 2 cards and loses the turn, so the "
                "next player clockwise opens."
            ),
            first_player=TWO_LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws=gettext_noop("the player left of the dealer draws 2 and is skipped"),
            skipped=LEFT_OF_DEALER,
            entry="first-card-draw-two",
            variants=_variants("first-card-draw-two", edition),
            reading=(
                gettext_noop(
                    "unorules.org only says the first player draws 2; losing the turn is the "
                    "Draw Two's own rule on the same sheet, which we apply."
                )
                if classic_sheet
                else ""
            ),
        )
    if kind == "skip":
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "The player on the dealer's left is skipped, so the next player clockwise opens."
            ),
            first_player=TWO_LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            skipped=LEFT_OF_DEALER,
            entry="first-card-skip",
            variants=_variants("first-card-skip", edition),
        )
    if kind == "reverse":
        if classic_sheet:
            return FirstCardOutcome(
                **common,
                summary=gettext_noop(
                    "The player on the dealer's right opens and play goes counter-clockwise "
                    "(to the right)."
                ),
                first_player=RIGHT_OF_DEALER,
                direction=COUNTER_CLOCKWISE,
                returned=False,
                draws="",
                entry="first-card-reverse",
                variants=_variants("first-card-reverse", edition),
            )
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "The dealer opens and play goes counter-clockwise (to the right)."
            ),
            first_player=DEALER,
            direction=COUNTER_CLOCKWISE,
            returned=False,
            draws="",
            entry="first-card-reverse",
            variants=_variants("first-card-reverse", edition),
        )
    if kind == "wild" and classic_sheet:
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "The Classic sheet says two things, so agree which before you deal: its set-up "
                "section puts a Wild back and turns up another card; its Wild card section has "
                "the player on the dealer's left name the colour and open."
            ),
            first_player="",
            direction="",
            returned=False,
            draws="",
            entry="first-card-wild",
            unsettled=True,
            variants=_variants("first-card-wild", edition),
        )
    if kind == "wild":
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "The player on the dealer's left names the starting colour and opens, "
                "going clockwise."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            chooses_colour=LEFT_OF_DEALER,
            entry="first-card-wild",
            variants=_variants("first-card-wild", edition),
        )
    if kind == "wild-draw-four":
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "It goes back into the deck and another card is turned up instead."
            ),
            first_player="",
            direction="",
            returned=True,
            draws="",
            entry="first-card-wd4",
            variants=_variants("first-card-wd4", edition),
        )
    return _special(edition)


def _special(edition: str) -> FirstCardOutcome:
    deck = get_edition(edition)
    if not deck.has_special:
        with_special = ", ".join(e.name for e in EDITIONS.values() if e.has_special)
        raise ValueError(
            gettext_noop(
                "The %(deck)s deck has no special card, so a special first card can't happen; "
                "only the %(editions)s editions have one.",
                deck=deck.name,
                editions=with_special,
            )
        )
    common = {"kind": "special", "edition": edition}
    if edition == "kitty":
        # The only themed sheet that covers its own special card turned up first.
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "Like a Wild: the player on the dealer's left names the starting colour, "
                "and nobody draws."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws="",
            chooses_colour=LEFT_OF_DEALER,
            entry="first-card-kitty",
            reading=gettext_noop(
                "The sheet doesn't mention a draw; we read it as making nobody draw."
            ),
        )
    if edition == "cheese-touch":
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
                "The sheet doesn't say; agree at the table. Our suggested reading: the "
                "player on the dealer's left picks up 2, then plays a yellow card or picks "
                "up 2 more."
            ),
            first_player=LEFT_OF_DEALER,
            direction=CLOCKWISE,
            returned=False,
            draws=gettext_noop(
                "the player left of the dealer draws 2, then 2 more if they have no yellow card"
            ),
            entry="first-card-cheese-touch",
            silent=True,
            reading=gettext_noop(
                "Following the general summary, where an action card turned up first acts on "
                "the first player."
            ),
        )
    if edition == "water-drop":
        return FirstCardOutcome(
            **common,
            summary=gettext_noop(
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
            reading=gettext_noop("Nobody played it, so nobody empties their blue cards."),
        )
    # A deck added to the registry before anyone has read its sheet on this: say so, and
    # offer the reading most sheets give a wild card.
    return FirstCardOutcome(
        **common,
        summary=gettext_noop(
            "We have no reading of the %(deck)s sheet for this; agree at the table. Our "
            "suggested reading: treat it like a Wild, so the player on the dealer's left names "
            "the colour and opens.",
            deck=deck.name,
        ),
        first_player=LEFT_OF_DEALER,
        direction=CLOCKWISE,
        returned=False,
        draws="",
        chooses_colour=LEFT_OF_DEALER,
        entry="first-card-wild",
        silent=True,
    )
