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

from dataclasses import dataclass, field, replace

from scorekeeper.domain.cards import Kind
from scorekeeper.domain.editions import EDITIONS, SpecialFirstCard, get_edition
from scorekeeper.domain.words import gettext_noop
from scorekeeper.rules.entries import get_entry, own_sheet

# The card kinds as the domain declares them ("number", "draw-two", ..., "special").
KINDS: tuple[str, ...] = tuple(kind.value for kind in Kind if kind is not Kind.HOUSE)

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


@dataclass(frozen=True, slots=True)
class _Reading:
    """One row of the table below: what a kind of card turned up first does."""

    summary: str
    entry: str
    first_player: str = ""
    direction: str = ""
    returned: bool = False
    draws: str = ""
    skipped: str = ""
    chooses_colour: str = ""
    unsettled: bool = False
    reading: str = ""


_OPENS_LEFT = {"first_player": LEFT_OF_DEALER, "direction": CLOCKWISE}
_OPENS_TWO_LEFT = {"first_player": TWO_LEFT_OF_DEALER, "direction": CLOCKWISE}

_DRAW_TWO = _Reading(
    summary=gettext_noop(
        "The player on the dealer's left picks up 2 cards and loses the turn, so the next "
        "player clockwise opens."
    ),
    entry="first-card-draw-two",
    draws=gettext_noop("the player left of the dealer draws 2 and is skipped"),
    skipped=LEFT_OF_DEALER,
    **_OPENS_TWO_LEFT,
)

# What each kind turned up first does: by (kind, the deck's own sheet is unorules.org's
# Classic sheet); None where every sheet reads it alike.
_READINGS: dict[tuple[str, bool | None], _Reading] = {
    ("number", None): _Reading(
        summary=gettext_noop(
            "Nothing special happens: the player on the dealer's left opens and play goes "
            "clockwise."
        ),
        entry="first-card-number",
        **_OPENS_LEFT,
    ),
    ("draw-two", False): _DRAW_TWO,
    ("draw-two", True): replace(
        _DRAW_TWO,
        reading=gettext_noop(
            "unorules.org only says the first player draws 2; losing the turn is the Draw "
            "Two's own rule on the same sheet, which we apply."
        ),
    ),
    ("skip", None): _Reading(
        summary=gettext_noop(
            "The player on the dealer's left is skipped, so the next player clockwise opens."
        ),
        entry="first-card-skip",
        skipped=LEFT_OF_DEALER,
        **_OPENS_TWO_LEFT,
    ),
    ("reverse", True): _Reading(
        summary=gettext_noop(
            "The player on the dealer's right opens and play goes counter-clockwise (to the right)."
        ),
        entry="first-card-reverse",
        first_player=RIGHT_OF_DEALER,
        direction=COUNTER_CLOCKWISE,
    ),
    ("reverse", False): _Reading(
        summary=gettext_noop("The dealer opens and play goes counter-clockwise (to the right)."),
        entry="first-card-reverse",
        first_player=DEALER,
        direction=COUNTER_CLOCKWISE,
    ),
    ("wild", True): _Reading(
        summary=gettext_noop(
            "The Classic sheet says two things, so agree which before you deal: its set-up "
            "section puts a Wild back and turns up another card; its Wild card section has the "
            "player on the dealer's left name the colour and open."
        ),
        entry="first-card-wild",
        unsettled=True,
    ),
    ("wild", False): _Reading(
        summary=gettext_noop(
            "The player on the dealer's left names the starting colour and opens, going clockwise."
        ),
        entry="first-card-wild",
        chooses_colour=LEFT_OF_DEALER,
        **_OPENS_LEFT,
    ),
    ("wild-draw-four", None): _Reading(
        summary=gettext_noop("It goes back into the deck and another card is turned up instead."),
        entry="first-card-wd4",
        returned=True,
    ),
}


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
    if kind == "special":
        return _special(edition)
    classic_sheet = own_sheet(edition) == "unorules"
    found = _READINGS.get((kind, classic_sheet)) or _READINGS[kind, None]
    return FirstCardOutcome(
        kind=kind,
        edition=edition,
        summary=found.summary,
        first_player=found.first_player,
        direction=found.direction,
        returned=found.returned,
        draws=found.draws,
        entry=found.entry,
        skipped=found.skipped,
        chooses_colour=found.chooses_colour,
        unsettled=found.unsettled,
        reading=found.reading,
        variants=_variants(found.entry, edition),
    )


# A deck added to the registry before anyone has read its sheet on this: say so, and offer the
# reading most sheets give a wild card.
_UNREAD_SPECIAL = SpecialFirstCard(
    summary=gettext_noop(
        "We have no reading of the %(deck)s sheet for this; agree at the table. Our suggested "
        "reading: treat it like a Wild, so the player on the dealer's left names the colour "
        "and opens."
    ),
    entry="first-card-wild",
    chooses_colour=True,
    silent=True,
)


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
    found = deck.first_special or _UNREAD_SPECIAL
    summary = found.summary
    if found is _UNREAD_SPECIAL:
        summary = gettext_noop(found.summary, deck=deck.name)
    return FirstCardOutcome(
        kind="special",
        edition=edition,
        summary=summary,
        first_player=LEFT_OF_DEALER,
        direction=CLOCKWISE,
        returned=False,
        draws=found.draws,
        chooses_colour=LEFT_OF_DEALER if found.chooses_colour else "",
        entry=found.entry,
        silent=found.silent,
        reading=found.reading,
    )
