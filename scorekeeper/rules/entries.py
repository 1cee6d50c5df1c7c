"""The rules library as data: one frozen record per question people argue about at the table.

Every answer is written in our own words and cites where each sheet says it (``Cite``: the sheet
and its section and lines in the text under ``../shared/rules-sources/``). An entry names only
sheets that say the thing. Where the sheets disagree, the entry carries one ``Variant`` per
position, each with its citations, so the app can show both instead of silently picking one.
Where an answer is our reading rather than a sheet's words, ``interpretation`` says so.

An entry with no citations is a question no sheet covers (7-0, jump-in, a misdeal): the app says
so plainly and offers to record what the table agrees. Such a house-rule entry names its matter
(``matter``: what a question about it says), so it is offered only to a question about it.

Each sheet applies to some editions (``Sheet.editions``): a game follows its own deck's sheet, and
a themed deck is not shown what only the Classic sheet says.

This module is pure Python and imports nothing from Django.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorekeeper.domain.editions import EDITIONS as EDITION_REGISTRY

# The edition slugs, in the registry's order; names and titles stay on the domain's Edition.
EDITIONS: tuple[str, ...] = tuple(EDITION_REGISTRY)
ALL = EDITIONS


@dataclass(frozen=True, slots=True)
class Sheet:
    id: str
    title: str
    filename: str
    # The decks this sheet speaks for; the general summary has no special card and speaks for all.
    editions: tuple[str, ...] = ALL


SHEETS: dict[str, Sheet] = {
    sheet.id: sheet
    for sheet in (
        Sheet(
            "unorules",
            "Classic rules as restated by unorules.org",
            "classic-unorules-org.txt",
            ("classic",),
        ),
        Sheet("kitty", "The Big Bang Theory edition sheet", "kitty-edition-sheet.txt", ("kitty",)),
        Sheet(
            "cheese-touch",
            "Diary of a Wimpy Kid edition sheet",
            "cheese-touch-edition-sheet.txt",
            ("cheese-touch",),
        ),
        Sheet(
            "water-drop",
            "Water Drop edition sheet (English and Spanish)",
            "water-drop-edition-sheet-en-es.txt",
            ("water-drop",),
        ),
        Sheet("summary", "General rules summary", "general-rules-summary.txt"),
    )
}


def own_sheet(edition: str) -> str | None:
    """The id of the sheet printed for this deck ("unorules" for Classic); None for a deck
    whose sheet we don't have yet."""
    for sheet in SHEETS.values():
        if sheet.editions == (edition,):
            return sheet.id
    return None


def sheets_for(edition: str) -> tuple[str, ...]:
    """The sheets that apply to a deck: its own sheet and the general summary."""
    return tuple(sheet.id for sheet in SHEETS.values() if edition in sheet.editions)


def only_the_drawer_challenges(edition: str) -> bool:
    """Whether a sheet in play for this deck gives the Wild Draw Four challenge to the player
    who must draw and nobody else. Only unorules.org does (Classic); a boxed deck's own sheet
    speaks of that player without barring others, and the general summary sets no limit."""
    return "unorules" in sheets_for(edition)


@dataclass(frozen=True, slots=True)
class Cite:
    """Where a sheet says something: its id and the section and lines, e.g. "SET UP, line 98"."""

    sheet: str
    where: str


def _sheets_of(cites: tuple[Cite, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(cite.sheet for cite in cites))


@dataclass(frozen=True, slots=True)
class Variant:
    """One position where the sheets disagree, with the places that take it."""

    cites: tuple[Cite, ...]
    answer: str

    @property
    def sources(self) -> tuple[str, ...]:
        """The sheet ids, in citation order."""
        return _sheets_of(self.cites)

    def applies_to(self, edition: str) -> bool:
        """True when one of its sheets speaks for this deck."""
        return any(edition in SHEETS[sheet].editions for sheet in self.sources)


@dataclass(frozen=True, slots=True)
class Entry:
    slug: str
    title: str
    answer: str
    cites: tuple[Cite, ...] = ()  # empty: no sheet covers this question
    editions: tuple[str, ...] = ALL
    related: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()
    house_rules: tuple[str, ...] = ()
    interpretation: str = ""  # our reading where no sheet says it in so many words
    # The cited sheets are silent on the question: they are cited to show where we looked.
    silent: bool = False
    # A house-rule entry's matter: what a question about it says (English; the Spanish on its
    # translation). The referee offers the house rule only to a question that says one of them
    # (``rulesearch.offers``): words in a row, read without case or accents; "deal*" is any word
    # starting "deal", a lone "*" any one word ("not * turn"), and "deal* + next" both anywhere.
    matter: tuple[str, ...] = ()

    @property
    def sources(self) -> tuple[str, ...]:
        """The sheet ids the entry cites, in order, each once."""
        return _sheets_of(self.cites)

    @property
    def covered(self) -> bool:
        """False for a question no sheet answers (no citation, or only sheets that are
        silent on it): agree it at the table."""
        return bool(self.cites) and not self.silent

    @property
    def disputed(self) -> bool:
        """True when the sheets give different answers (shown as variants)."""
        return len(self.variants) >= 2

    def variants_for(self, edition: str | None) -> tuple[Variant, ...]:
        """The variants from sheets that apply to ``edition``, each citing only those sheets
        (all of them, as they are, for None)."""
        if not edition:
            return self.variants
        return tuple(
            replace(
                variant,
                cites=tuple(c for c in variant.cites if edition in SHEETS[c.sheet].editions),
            )
            for variant in self.variants
            if variant.applies_to(edition)
        )


# --- Where each sheet says it --------------------------------------------------------------------
# Line numbers are those of the text files in ../shared/rules-sources/. The Water Drop file holds
# its English and Spanish text three times over; we cite the first copy.


def _u(where: str) -> Cite:
    return Cite("unorules", where)


def _s(where: str) -> Cite:
    return Cite("summary", where)


def _boxed(
    section: str, kitty: str, cheese: str, water: str, spanish: str = ""
) -> tuple[Cite, ...]:
    """The same section in the three boxed sheets (they share their wording and layout)."""
    water_where = f"{section}, {water}" + (f"; Spanish text: {spanish}" if spanish else "")
    return (
        Cite("kitty", f"{section}, {kitty}"),
        Cite("cheese-touch", f"{section}, {cheese}"),
        Cite("water-drop", water_where),
    )


B_CONTENTS = _boxed(
    "CONTENTS", "lines 6-17", "lines 9-20", "lines 4-16", "Contenido, lines 141-153"
)
B_OBJECT = _boxed(
    "OBJECT OF THE GAME", "lines 19-22", "lines 22-25", "lines 18-21", "Objetivo, lines 155-158"
)
B_DEAL = _boxed(
    "SETUP 1", "lines 25-26", "lines 28-29", "lines 25-26", "Preparación 1, lines 162-163"
)
B_SETUP = _boxed(
    "SETUP 2-4", "lines 28-35", "lines 31-38", "lines 28-34", "Preparación 2-4, lines 165-171"
)
B_FIRST_PLAYER = _boxed("LET'S PLAY", "line 38", "line 41", "line 38", "¡A jugar!, line 175")
B_MATCH = _boxed(
    "LET'S PLAY", "lines 38-43", "lines 41-46", "lines 40-44", "¡A jugar!, lines 177-182"
)
B_DRAW = _boxed("LET'S PLAY", "lines 45-47", "lines 48-50", "lines 46-48")
B_RENEGE = _boxed(
    "LET'S PLAY", "lines 49-51", "lines 52-54", "lines 50-52", "¡A jugar!, lines 187-189"
)
B_DRAW_TWO = _boxed(
    "Draw 2 Card", "lines 54-57", "lines 57-61", "lines 57-59", "Toma dos, lines 194-197"
)
B_REVERSE = _boxed(
    "Reverse Card", "lines 59-64", "lines 63-71", "lines 61-64", "Reversa, lines 199-203"
)
B_SKIP = _boxed("Skip Card", "lines 66-70", "lines 73-77", "lines 66-69", "Salta, lines 205-208")
B_WILD = _boxed("Wild Card", "lines 72-77", "lines 79-89", "lines 71-75", "Comodín, lines 210-214")
B_WD4 = _boxed(
    "Wild Draw 4 Card",
    "lines 82-88",
    "lines 95-101",
    "lines 77-82",
    "Comodín Toma 4, lines 216-221",
)
B_CHALLENGE = _boxed(
    "NOTE on the Wild Draw 4", "lines 90-94", "lines 103-107", "lines 84-87", "lines 223-227"
)
B_UNO = _boxed(
    "GOING OUT", "lines 105-107", "lines 134-136", "lines 96-98", "Cerrar el juego, lines 236-238"
)
B_ROUND_OVER = _boxed(
    "GOING OUT", "lines 109-110", "lines 138-139", "lines 100-101", "Cerrar el juego, lines 240-241"
)
B_LAST_DRAW_CARD = _boxed(
    "GOING OUT", "lines 112-114", "lines 141-143", "lines 103-104", "Cerrar el juego, lines 243-244"
)
B_DEPLETED = _boxed("GOING OUT", "lines 116-117", "lines 145-146", "lines 106-107")
B_SCORING = _boxed(
    "SCORING", "lines 119-129", "lines 148-158", "lines 109-126", "Puntos, lines 249-266"
)
B_WINNING = _boxed(
    "WINNING THE GAME", "lines 131-132", "lines 160-161", "lines 131-133", "lines 270-272"
)
B_LOWEST = _boxed(
    "ALTERNATIVE SCORING AND WINNING",
    "lines 134-137",
    "lines 163-166",
    "lines 135-138",
    "Puntuación alterna, lines 274-277",
)


ENTRIES: tuple[Entry, ...] = (
    # --- What is in each deck -------------------------------------------------------------
    Entry(
        slug="deck-classic",
        title="What's in a Classic deck",
        answer=(
            "Classic play uses 108 cards: 76 number cards (19 in each of red, yellow, green and "
            "blue, numbered 0 to 9), 8 Draw Two, 8 Reverse and 8 Skip cards (two of each per "
            "colour), 4 Wild and 4 Wild Draw Four. The sheet heads its list with 112 cards; its "
            "FAQ explains the extra four as blank cards, and Classic play leaves blank, Swap "
            "Hands and Shuffle Hands cards out."
        ),
        cites=(_u("CONTENTS, lines 24-86"), _u("FAQ, line 233")),
        editions=("classic",),
        related=("blank-cards", "card-points", "player-count"),
        aliases=(
            "classic deck",
            "how many cards in the deck",
            "what cards are in uno",
            "deck contents",
            "108 cards",
        ),
        interpretation=(
            "The sheet only says each colour runs 0 to 9 over 19 cards; we read that as one 0 "
            "and two of each of 1 to 9, which is how the app checks a round against the deck."
        ),
    ),
    Entry(
        slug="deck-kitty",
        title="What's in the Kitty (Big Bang Theory) deck",
        answer=(
            "The Big Bang Theory pack has 112 cards: 76 number cards (19 in each colour, 0 to "
            "9), then 8 Draw Two, 8 Reverse and 8 Skip cards (two of each per colour), 4 Wild, "
            "4 Wild Draw Four, and 4 Kitty cards, which are this edition's special card."
        ),
        cites=(Cite("kitty", "CONTENTS, lines 6-17"),),
        editions=("kitty",),
        related=("kitty-card", "card-points"),
        aliases=(
            "big bang theory deck",
            "kitty deck",
            "how many kitty cards",
            "cards in the big bang theory edition",
        ),
    ),
    Entry(
        slug="deck-cheese-touch",
        title="What's in the Cheese Touch (Wimpy Kid) deck",
        answer=(
            "The Diary of a Wimpy Kid pack has 112 cards: 76 number cards (19 in each colour, "
            "0 to 9), 8 each of Draw Two, Reverse and Skip (two per colour), 4 Wild, 4 Wild "
            "Draw Four, and 4 Cheese Touch cards, the edition's special card."
        ),
        cites=(Cite("cheese-touch", "CONTENTS, lines 9-20"),),
        editions=("cheese-touch",),
        related=("cheese-touch-card", "card-points"),
        aliases=(
            "wimpy kid deck",
            "diary of a wimpy kid cards",
            "cheese touch deck",
            "how many cheese touch cards",
        ),
    ),
    Entry(
        slug="deck-water-drop",
        title="What's in the Water Drop deck",
        answer=(
            "The Water Drop pack has 112 cards: 76 number cards (19 in each colour, 0 to 9), 8 "
            "each of Draw Two, Reverse and Skip (two per colour), 4 Wild, 4 Wild Draw Four and "
            "4 Water Drop cards. The Spanish text names them Toma 2, Reversa, Salta, comodín, "
            "comodín Toma 4 and balde de agua (bucket of water)."
        ),
        cites=(Cite("water-drop", "Contents, lines 4-16; Spanish text: Contenido, lines 141-153"),),
        editions=("water-drop",),
        related=("water-drop-card", "card-points"),
        aliases=(
            "water drop deck",
            "how many water drop cards",
            "balde de agua",
            "cartas en espanol",
        ),
    ),
    Entry(
        slug="blank-cards",
        title="Blank, Swap Hands and Shuffle Hands cards",
        answer=(
            "Some Classic packs come with blank cards, Swap Hands cards or Shuffle Hands cards. "
            "They are not part of the Classic game: unorules.org says to set them aside, and "
            "its FAQ counts a standard pack as 108 playing cards plus 4 blanks. None of our "
            "sheets gives rules for them."
        ),
        cites=(_u("CONTENTS, lines 76-86"), _u("FAQ, line 233")),
        editions=("classic",),
        related=("deck-classic", "seven-zero"),
        aliases=(
            "blank cards",
            "swap hands card",
            "shuffle hands card",
            "what do i do with the blank card",
            "custom card",
        ),
    ),
    # --- Setting up -------------------------------------------------------------------------
    Entry(
        slug="player-count",
        title="How many can play",
        answer=(
            "Two to ten players, from age 7 up, on every sheet that gives a number; the Water "
            "Drop sheet gives none. Only unorules.org adds rules for a game of two."
        ),
        cites=(
            _u("CONTENTS, lines 28-29"),
            Cite("kitty", "INSTRUCTIONS heading, lines 3-4"),
            Cite("cheese-touch", "INSTRUCTIONS heading, lines 5-7"),
            _s("Setup, line 2"),
        ),
        related=("two-player",),
        aliases=(
            "how many players",
            "max players",
            "minimum players",
            "how many people can play",
            "age",
            "how old",
        ),
    ),
    Entry(
        slug="two-packs",
        title="Two packs together for more than ten players",
        answer=(
            "Every sheet is written for one pack, and those that give a number say 2 to 10 "
            "players; the Water Drop sheet gives none. No sheet covers whether a bigger group "
            "may shuffle two packs together, or what would change if it did. Agree it at the "
            "table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            _u("CONTENTS, lines 26-29"),
            Cite("kitty", "INSTRUCTIONS heading and CONTENTS, lines 3-7"),
            Cite("cheese-touch", "INSTRUCTIONS heading and CONTENTS, lines 5-10"),
            Cite("water-drop", "Contents, line 6"),
            _s("Setup, line 2"),
        ),
        related=("player-count", "deck-classic"),
        aliases=(
            "two decks",
            "more than 10 players",
            "play with 2 packs",
            "combine two uno decks",
            "double deck uno",
        ),
    ),
    Entry(
        slug="who-deals",
        title="Who deals",
        answer=(
            "Before the first round each player turns up one card, and the best card deals. "
            "The sheets differ on what an action card is worth in this draw. The dealer "
            "shuffles and hands out the cards. The general summary doesn't cover the draw."
        ),
        cites=(_u("SET UP, line 98"), *B_DEAL),
        related=("deal-seven", "next-dealer", "who-goes-first", "card-points"),
        aliases=(
            "who deals",
            "who is the dealer",
            "draw for deal",
            "choosing the dealer",
            "does an action card count for deal",
            "highest card deals",
        ),
        variants=(
            Variant(
                B_DEAL,
                "The highest number deals; any card with a symbol (every action card and Wild) "
                "counts as zero.",
            ),
            Variant(
                (_u("SET UP, line 98"),),
                "The card with the highest point value deals.",
            ),
        ),
        interpretation=(
            "For Classic games we read 'point value' as the scoring values, so a Draw Two, "
            "Reverse or Skip (20) and a Wild (50) beat any number card. No sheet says what a "
            "tie does; the app has the tied players draw again."
        ),
    ),
    Entry(
        slug="deal-seven",
        title="How many cards each",
        answer=(
            "Every player gets 7 cards (the general summary adds: dealt face down). Whatever is "
            "left over becomes the draw pile."
        ),
        cites=(_u("SET UP, line 98"), _u("FAQ, line 237"), *B_SETUP, _s("Setup, line 2")),
        related=("draw-discard-piles", "who-deals"),
        aliases=(
            "how many cards each",
            "how many cards do we start with",
            "starting hand",
            "how many cards to deal",
            "seven cards",
        ),
    ),
    Entry(
        slug="draw-discard-piles",
        title="The draw pile and the discard pile",
        answer=(
            "After the deal, stack the leftover cards face down: that is the draw pile. Flip "
            "its top card face up beside it to start the discard pile, which everyone plays "
            "onto. If that first card is an action card or a Wild, see the first-card entries."
        ),
        cites=(_u("SET UP, line 102"), *B_SETUP, _s("Setup, line 2")),
        related=("deal-seven", "first-card-number", "draw-pile-runs-out"),
        aliases=(
            "draw pile",
            "discard pile",
            "setting up the piles",
            "set up",
            "how to start the game",
        ),
    ),
    Entry(
        slug="who-goes-first",
        title="Who plays first",
        answer=(
            "The player on the dealer's left opens, and play moves left (clockwise) until a "
            "Reverse turns it round. The general summary notes that some tables let the "
            "youngest player start instead. A Skip, Draw Two or Reverse turned up as the first "
            "card changes who actually opens."
        ),
        cites=(_u("LET'S PLAY, lines 161-162"), *B_FIRST_PLAYER, _s("Game Play, line 4")),
        related=("direction-of-play", "first-card-skip", "first-card-reverse"),
        aliases=(
            "who goes first",
            "who starts",
            "who plays first",
            "first player",
            "youngest goes first",
        ),
    ),
    Entry(
        slug="direction-of-play",
        title="Which way play goes",
        answer=(
            "Play starts going left, which is clockwise round the table. Each Reverse flips it: "
            "left becomes right, and the next Reverse flips it back. A Reverse turned up as the "
            "first card starts the game going right."
        ),
        cites=(
            _u("LET'S PLAY, line 162"),
            _u("Reverse Card, lines 118-119"),
            *B_REVERSE,
            _s("Game Play, line 4"),
            _s("Reverse, line 22"),
        ),
        related=("reverse", "who-goes-first", "first-card-reverse"),
        aliases=(
            "which way does play go",
            "clockwise or anticlockwise",
            "counter clockwise",
            "direction",
            "left or right",
        ),
    ),
    # --- The first card turned up -------------------------------------------------------------
    Entry(
        slug="first-card-number",
        title="First card: a number card",
        answer=(
            "Nothing special: the player on the dealer's left opens by matching its colour or "
            "its number, or with a Wild, and play goes left."
        ),
        cites=(_u("SET UP, line 102"), _u("LET'S PLAY, lines 161-163"), *B_SETUP, *B_MATCH),
        related=("who-goes-first", "matching"),
        aliases=(
            "first card is a number",
            "starting card number",
            "first card is just a number",
            "what if the first card is normal",
        ),
        interpretation=(
            "The sheets give special handling only to action cards and Wilds turned up first, "
            "so we read a number card as needing none."
        ),
    ),
    Entry(
        slug="first-card-draw-two",
        title="First card: Draw Two",
        answer=(
            "The player on the dealer's left picks up two cards. The boxed sheets and the "
            "summary also take that player's turn away, so the next player along opens; "
            "unorules.org only mentions the two cards."
        ),
        cites=(_u("Draw 2 Card, line 111"), *B_DRAW_TWO, _s("Draw Two, line 24")),
        related=("draw-two", "who-goes-first"),
        aliases=(
            "first card is a draw two",
            "starting card draw two",
            "draw two turned up at the start",
            "flip a draw two to start",
        ),
        variants=(
            Variant(
                (*B_DRAW_TWO, _s("Draw Two, line 24")),
                "The card works as if just played: the player on the dealer's left draws 2 "
                "and misses the turn.",
            ),
            Variant(
                (_u("Draw 2 Card, line 111"),),
                "The first player draws 2 cards; nothing is said about losing the turn.",
            ),
        ),
        interpretation=(
            "In Classic games we apply the Draw Two's own rule from the same sheet (draw 2 and "
            "forfeit the turn), so the player two seats left of the dealer opens. Agree it if "
            "your table reads the sheet otherwise."
        ),
    ),
    Entry(
        slug="first-card-reverse",
        title="First card: Reverse",
        answer=(
            "The game starts going right (counter-clockwise) instead of left. The sheets "
            "disagree about who opens."
        ),
        cites=(_u("Reverse Card, line 119"), *B_REVERSE, _s("Reverse, line 22")),
        related=("reverse", "direction-of-play", "who-goes-first"),
        aliases=(
            "first card is a reverse",
            "starting card reverse",
            "reverse turned up at the start",
            "flip a reverse to start",
        ),
        variants=(
            Variant(
                (*B_REVERSE, _s("Reverse, line 22")),
                "The dealer opens, then play carries on to the dealer's right.",
            ),
            Variant(
                (_u("Reverse Card, line 119"),),
                "The player on the dealer's right opens, and play carries on to the right.",
            ),
        ),
    ),
    Entry(
        slug="first-card-skip",
        title="First card: Skip",
        answer=(
            "The player on the dealer's left loses the turn, so the player after them opens "
            "and play goes left."
        ),
        cites=(_u("Skip Card, line 127"), *B_SKIP, _s("Skip, line 23")),
        related=("skip", "who-goes-first"),
        aliases=(
            "first card is a skip",
            "starting card skip",
            "skip turned up at the start",
            "flip a skip to start",
        ),
        variants=(
            Variant(
                B_SKIP,
                "The player on the dealer's left is skipped; the player sitting on their left "
                "opens.",
            ),
            Variant(
                (_u("Skip Card, line 127"),),
                "The first player, on the dealer's left, is skipped; the opener isn't named, "
                "so under the Skip's own rule it is the next player along.",
            ),
            Variant(
                (_s("Skip, line 23"),),
                "Also skips the player on the dealer's left, but names the player on that "
                "player's right as the opener (the dealer). It reads like a slip, since play "
                "is going left.",
            ),
        ),
    ),
    Entry(
        slug="first-card-wild",
        title="First card: Wild",
        answer=(
            "Most sheets keep it: the player on the dealer's left names the starting colour "
            "and opens. unorules.org contradicts itself here."
        ),
        cites=(
            _u("SET UP, line 102"),
            _u("Wild Card, line 136"),
            *B_WILD,
            _s("Note, line 12"),
            _s("Wild, line 25"),
        ),
        related=("wild", "first-card-wd4"),
        aliases=(
            "first card is a wild",
            "starting card wild",
            "wild turned up at the start",
            "flip a wild to start",
            "first card wild who picks the colour",
        ),
        variants=(
            Variant(
                (*B_WILD, _s("Note, line 12"), _s("Wild, line 25")),
                "The player on the dealer's left picks the colour and plays first.",
            ),
            Variant(
                (_u("SET UP, line 102"), _u("Wild Card, line 136")),
                "Its set-up section says any Wild goes back into the deck and another card is "
                "turned up; its Wild card section instead agrees with the boxed sheets.",
            ),
        ),
        interpretation=(
            "The Classic sheet gives both answers, so a Classic table has to pick one before "
            "dealing; the app shows both and settles neither."
        ),
    ),
    Entry(
        slug="first-card-wd4",
        title="First card: Wild Draw Four",
        answer=(
            "Nobody draws and nobody names a colour: it goes back and a new starting card is "
            "turned up."
        ),
        cites=(
            _u("SET UP, line 102"),
            _u("Wild Draw 4 Card, line 144"),
            *B_WD4,
            _s("Note, line 12"),
            _s("Wild Draw Four, line 26"),
        ),
        related=("wild-draw-four", "first-card-wild"),
        aliases=(
            "first card a wild draw four",
            "starting card wild draw four",
            "wild draw four turned up at the start",
            "flip a wild draw four to start",
        ),
        variants=(
            Variant(
                (_u("Wild Draw 4 Card, line 144"), *B_WD4),
                "Put it back in the deck and turn up another card.",
            ),
            Variant(
                (_s("Note, line 12"), _s("Wild Draw Four, line 26")),
                "Put it back in the draw pile, shuffle that pile, then turn up another card.",
            ),
        ),
    ),
    Entry(
        slug="first-card-kitty",
        title="First card: Kitty card",
        answer=(
            "The player on the dealer's left picks the starting colour. The sheet says nothing "
            "about anyone drawing for it."
        ),
        cites=(Cite("kitty", "Kitty Card, lines 101-103"),),
        editions=("kitty",),
        related=("kitty-card", "first-card-wild"),
        aliases=(
            "first card is a kitty",
            "starting card kitty",
            "kitty turned up at the start",
            "flip a kitty to start",
        ),
        interpretation=(
            "Since nobody played it, we read it as making nobody draw until a Sheldon or Penny "
            "card, the same as a Wild turned up first."
        ),
    ),
    Entry(
        slug="first-card-cheese-touch",
        title="First card: Cheese Touch",
        answer=(
            "The Cheese Touch sheet doesn't cover this, so agree before dealing. Its set-up "
            "note only points to the action cards, and the card's own paragraph says nothing "
            "about a first card."
        ),
        silent=True,  # the answer says the sheet does not cover it
        cites=(
            Cite("cheese-touch", "SETUP note, lines 37-38"),
            Cite("cheese-touch", "Cheese Touch Card, lines 111-131"),
            _s("Note, line 10"),
        ),
        editions=("cheese-touch",),
        related=("cheese-touch-card", "first-card-draw-two"),
        aliases=(
            "first card is a cheese touch",
            "starting card cheese touch",
            "cheese touch turned up at the start",
            "flip a cheese touch to start",
        ),
        interpretation=(
            "Our suggested reading follows the general summary, where an action card that "
            "starts the discard pile acts on the first player: the player on the dealer's left "
            "picks up 2, then plays a yellow card or picks up 2 more."
        ),
    ),
    Entry(
        slug="first-card-water-drop",
        title="First card: Water Drop",
        answer=(
            "The Water Drop sheet doesn't cover this, so agree before dealing. Its card "
            "paragraph only covers a Water Drop somebody plays."
        ),
        silent=True,  # the answer says the sheet does not cover it
        cites=(
            Cite("water-drop", "Setup note, lines 32-34"),
            Cite("water-drop", "Water Drop Card, lines 89-92"),
        ),
        editions=("water-drop",),
        related=("water-drop-card", "first-card-wild"),
        aliases=(
            "first card is a water drop",
            "starting card water drop",
            "water drop turned up at the start",
            "flip a water drop to start",
        ),
        interpretation=(
            "Our suggested reading: nobody played it, so nobody empties their blue cards; "
            "treat it like a Wild turned up first, with the player on the dealer's left "
            "picking the colour."
        ),
    ),
    # --- A turn ------------------------------------------------------------------------------
    Entry(
        slug="matching",
        title="What can I play on this card?",
        answer=(
            "Put down one card that matches the top of the discard pile by colour, by number, "
            "or by symbol (a Skip on a Skip, for example). A Wild can go on anything, and so "
            "can a Wild Draw Four if you hold nothing of the showing colour. On a green 4 you "
            "may play any green card, any 4, or a Wild."
        ),
        cites=(_u("LET'S PLAY, line 163"), *B_MATCH, _s("Game Play, line 6")),
        related=("cant-play-draw", "wild", "wild-draw-four"),
        aliases=(
            "what can i play",
            "how do you match",
            "match colour or number",
            "play on same number different colour",
            "can i play a red 5 on a blue 5",
            "how to play",
        ),
    ),
    Entry(
        slug="cant-play-draw",
        title="Can't play? Draw one",
        answer=(
            "If nothing in your hand fits, take a single card off the draw pile. If it doesn't "
            "fit, keep it and the turn passes on. If it fits, the sheets differ on whether you "
            "may or must put it down. That one card is all you draw."
        ),
        cites=(
            _u("LET'S PLAY, lines 163-164"),
            *B_DRAW,
            _s("Game Play, line 8"),
            Cite("water-drop", "Spanish text: ¡A jugar!, lines 184-185"),
        ),
        related=("draw-until-play", "reneging", "matching"),
        aliases=(
            "what if i cant play",
            "no card to play",
            "nothing to play",
            "can i play the card i drew",
            "play the drawn card",
            "how many cards do i draw if i cant go",
            "do i lose my turn after drawing",
            "what happens after i draw",
        ),
        variants=(
            Variant(
                B_DRAW,
                "You may play the drawn card in the same turn; it is your choice.",
            ),
            Variant(
                (
                    _u("LET'S PLAY, lines 163-164"),
                    _s("Game Play, line 8"),
                    Cite("water-drop", "Spanish text: ¡A jugar!, lines 184-185"),
                ),
                "Play it: the drawn card is worded as something you do, not something you may "
                "do (the Spanish Water Drop text says the same).",
            ),
        ),
        house_rules=("draw-until-play",),
        interpretation=(
            "Whether 'play it' leaves you any choice is our reading: the same two sheets let "
            "you decline a playable card before you draw (reneging), so some tables take it as "
            "permission. Agree it at the table."
        ),
    ),
    Entry(
        slug="reneging",
        title="Choosing not to play (reneging)",
        answer=(
            "You never have to play a card just because you can. Instead you draw one card "
            "from the draw pile. If it fits you may play that drawn card, but nothing else "
            "from your hand this turn. unorules.org calls this reneging; the boxed sheets say "
            "the same, and the summary lets you draw rather than play."
        ),
        cites=(_u("RENEGING, lines 211-213"), *B_RENEGE, _s("Game Play, line 8")),
        related=("cant-play-draw", "wild-any-time"),
        aliases=(
            "reneging",
            "renege",
            "can i draw instead of playing",
            "do i have to play if i can",
            "choose not to play",
            "draw even though i can play",
            "hold my cards",
        ),
    ),
    Entry(
        slug="one-card-at-a-time",
        title="One card per turn",
        answer=(
            "The general summary is explicit: one card at a time, so no pair of the same "
            "number and no second Draw Two or Wild Draw Four on top of your own. Two sheets "
            "give stated exceptions: the Water Drop card sends every blue card in your hand "
            "down with it, and in unorules.org's two-player rules a Skip or Reverse lets you "
            "play again at once."
        ),
        cites=(
            _s("line 14"),
            Cite("water-drop", "Water Drop Card, lines 89-92"),
            _u("TWO PLAYERS, lines 215-221"),
        ),
        related=("stacking", "two-player", "jump-in", "water-drop-card"),
        aliases=(
            "can i play two cards",
            "play two of the same number",
            "play doubles",
            "multiple cards at once",
            "play a pair",
        ),
        interpretation=(
            "The other sheets never say it in so many words; they describe a turn as one card, "
            "and we read them the same way."
        ),
    ),
    # --- Action cards ----------------------------------------------------------------------
    Entry(
        slug="draw-two",
        title="Draw Two (+2)",
        answer=(
            "The next player picks up two cards and misses their turn. Play it on a card of "
            "its colour or on another Draw Two. Passing it on with a Draw Two of your own is "
            "stacking, which unorules.org's FAQ calls a house rule, not an official one; the "
            "summary only bars laying two cards down in one turn."
        ),
        cites=(
            _u("Draw 2 Card, lines 110-112"),
            *B_DRAW_TWO,
            _s("Draw Two, line 24"),
            _u("FAQ, lines 251-257"),
            _s("line 14"),
        ),
        related=("stacking", "first-card-draw-two", "going-out-draw-card"),
        aliases=(
            "draw two",
            "what does a draw two do",
            "what can a draw two go on",
            "plus two card",
        ),
        house_rules=("stack-draw",),
    ),
    Entry(
        slug="reverse",
        title="Reverse",
        answer=(
            "Turns the direction round: if play was going left it now goes right, and the "
            "other way about. Play it on a card of its colour or on another Reverse. With two "
            "players, unorules.org makes it work like a Skip; the other sheets don't say."
        ),
        cites=(
            _u("Reverse Card, lines 118-120"),
            *B_REVERSE,
            _s("Reverse, line 22"),
            _u("TWO PLAYERS, line 219"),
        ),
        related=("direction-of-play", "first-card-reverse", "two-player"),
        aliases=(
            "reverse",
            "what does reverse do",
            "reverse card",
            "reverse on reverse",
            "change direction",
        ),
    ),
    Entry(
        slug="skip",
        title="Skip",
        answer=(
            "The next player in line loses their turn. Play it on a card of its colour or on "
            "another Skip."
        ),
        cites=(_u("Skip Card, lines 126-128"), *B_SKIP, _s("Skip, line 23")),
        related=("first-card-skip", "two-player"),
        aliases=(
            "skip",
            "what does skip do",
            "skip card",
            "skip on a skip",
            "miss a turn",
        ),
        variants=(
            Variant(
                (*B_SKIP, _s("Skip, line 23")),
                "It goes on the same colour or on another Skip.",
            ),
            Variant(
                (_u("Skip Card, lines 126-128"),),
                "Its Skip section says 'another reverse card' - almost certainly a slip copied "
                "from the Reverse section. Read it as another Skip.",
            ),
        ),
    ),
    Entry(
        slug="wild",
        title="Wild",
        answer=(
            "It goes on any card, and you name the colour that play continues in: any of the "
            "four, including the one already showing. You may play it even when you hold "
            "another card that would fit."
        ),
        cites=(
            _u("LET'S PLAY, line 163"),
            _u("Wild Card, lines 134-135"),
            *B_WILD,
            _s("Wild, line 25"),
        ),
        related=("wild-any-time", "first-card-wild", "wild-draw-four"),
        aliases=(
            "wild",
            "wild card",
            "what does a wild do",
            "can i call the same colour",
            "wild on a wild",
            "change colour",
            "who picks the colour after a wild",
        ),
    ),
    Entry(
        slug="wild-colour-unnamed",
        title="A Wild's colour: not named, or changed after",
        answer=(
            "Whoever plays a Wild or a +4 picks the colour play continues in, and the general "
            "summary has them say it out loud for the next player. No sheet covers what "
            "happens when nobody names a colour, or whether a colour once named may be taken "
            "back and changed. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            _u("Wild Card, line 134"),
            _u("Wild Draw 4 Card, line 142"),
            *B_WILD,
            *B_WD4,
            _s("Wild, line 25"),
            _s("Wild Draw Four, line 26"),
        ),
        related=("wild", "wild-draw-four"),
        aliases=(
            "forgot to call a colour",
            "wild with no colour called",
            "can i change the colour i called",
            "changed my mind on the colour",
            "take back the colour",
        ),
    ),
    Entry(
        slug="wild-any-time",
        title="A Wild when you have a matching card",
        answer=(
            "Yes, that's allowed. A plain Wild may go down on your turn even if you hold a card "
            "of the right colour or number. Only the Wild Draw Four comes with a restriction."
        ),
        cites=(_u("Wild Card, line 135"), *B_WILD, _s("Wild, line 25")),
        related=("wild", "wd4-matching-number", "wild-draw-four"),
        aliases=(
            "can i play a wild when i have a matching colour",
            "wild when i could play",
            "do i have to play my colour before a wild",
            "wild with a playable card",
            "is it legal to play a wild anytime",
        ),
    ),
    Entry(
        slug="wild-draw-four",
        title="Wild Draw Four (+4)",
        answer=(
            "You name the colour, and the next player takes four cards from the draw pile and "
            "misses their turn. The limit: you may only play it when you hold no card of the "
            "colour showing on the discard pile. Matching numbers or action cards in other "
            "colours don't count against you. A player who suspects a bluff may challenge: if "
            "you did hold that colour, you take the 4 cards instead; if you didn't, the "
            "challenger takes 6."
        ),
        cites=(_u("Wild Draw 4 Card, lines 142-146"), *B_WD4, _s("Wild Draw Four, line 26")),
        related=("wd4-challenge", "wd4-matching-number", "first-card-wd4", "stacking"),
        aliases=(
            "wild draw four",
            "when can i play a wild draw four",
            "wild draw four rule",
            "plus four card",
            "wild draw four limit",
            "can a wild draw four go on anything",
        ),
        house_rules=("stack-draw",),
    ),
    Entry(
        slug="wd4-matching-number",
        title="+4 while holding a matching card",
        answer=(
            "It depends on what matches. A card of the colour showing: not allowed, so play "
            "it anyway and a challenge catches you. Only a matching number or action card in "
            "another colour: legal, as the limit is about colour only. If the pile shows a "
            "red 5 and you hold a blue 5 but no red card, you may play it."
        ),
        cites=(_u("Wild Draw 4 Card, lines 143-145"), *B_WD4),
        related=("wild-draw-four", "wd4-challenge", "wild-any-time"),
        aliases=(
            "can i play a wild draw four if i have a matching number",
            "wild draw four with same number",
            "wild draw four when i have an action card",
            "plus four matching number different colour",
            "wild draw four with a card that matches the number",
            "wild draw four while holding the colour in play",
        ),
    ),
    Entry(
        slug="wd4-challenge",
        title="Challenging a Wild Draw Four",
        answer=(
            "If you think a Wild Draw Four went down while its player held a card of the "
            "showing colour, you may challenge. They show their hand to you. Caught bluffing, "
            "they take the 4 cards instead of you. If the play was legal, you take the 4 plus "
            "2 more: 6 in total. The sheets differ on who may challenge. Only a Wild Draw Four "
            "can be challenged: not a Draw Two, a Wild or a deck's own wild card."
        ),
        cites=(
            _u("Wild Draw 4 Card, line 146"),
            _u("Wild Draw 4 Card, line 147"),
            _u("FAQ, line 245"),
            *B_CHALLENGE,
            _s("Wild Draw Four, line 26"),
        ),
        related=("wild-draw-four", "wd4-matching-number"),
        aliases=(
            "wild draw four challenge",
            "challenge",
            "how does a challenge work",
            "who can challenge",
            "challenge fails",
            "bluff",
            "lied about wild draw four",
        ),
        variants=(
            Variant(
                (_u("Wild Draw 4 Card, line 147"),),
                "Only the player who has to draw the 4 cards may challenge.",
            ),
            Variant(
                B_CHALLENGE,
                "Written for the player it was played on; nothing about anyone else challenging.",
            ),
            Variant(
                (_s("Wild Draw Four, line 26"),),
                "Mentions a challenge by the other player and sets no limit on who.",
            ),
        ),
        interpretation=(
            "A boxed deck's own sheet speaks only of the player the card was played on, and "
            "the general summary sets no limit on who, so with those decks the challenge "
            "helper logs a challenge from any player. With Classic it follows the Classic "
            "sheet's limit and asks before logging anyone else's."
        ),
    ),
    Entry(
        slug="wd4-last-card-challenge",
        title="Challenging a +4 that was a player's last card",
        answer=(
            "Going out on a +4 still makes the next player pick up 4, which the winner scores; "
            "with no other card in hand, that +4 can't have broken the colour rule. No sheet "
            "covers whether it may still be challenged once the round is over, or whether a "
            "losing challenger's 2 extra cards are scored. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            _u("Wild Draw 4 Card, lines 143-146"),
            _u("GOING OUT, line 174"),
            *B_WD4,
            *B_CHALLENGE,
            *B_LAST_DRAW_CARD,
            _s("Wild Draw Four, line 26"),
            _s("line 18"),
        ),
        related=("wd4-challenge", "going-out-draw-card", "wild-draw-four"),
        aliases=(
            "challenge a wild draw four on the last card",
            "plus four last card challenge",
            "can you challenge someone who went out on a +4",
            "challenge after they go out",
            "last card wild draw four bluff",
        ),
    ),
    Entry(
        slug="wd4-challenge-when",
        title="Challenging a +4 after picking up the cards",
        answer=(
            "The sheets let the player a +4 lands on challenge it, and say who picks up what "
            "either way. No sheet covers by when: before the 4 cards are picked up, after, or "
            "even once play has moved on. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            _u("Wild Draw 4 Card, lines 146-147"),
            _u("FAQ, line 245"),
            *B_CHALLENGE,
            _s("Wild Draw Four, line 26"),
        ),
        related=("wd4-challenge", "wild-draw-four"),
        aliases=(
            "challenge after drawing the four",
            "too late to challenge a wild draw four",
            "when do you have to challenge",
            "can i challenge after i picked up",
            "challenge on my next turn",
        ),
    ),
    Entry(
        slug="wd4-challenge-after",
        title="After a +4 challenge: who plays next",
        answer=(
            "The sheets say who picks up after a challenge: the player of the +4 takes the 4 "
            "if caught, the challenger takes 6 if not. No sheet covers whether the challenger "
            "still misses the turn afterwards, whichever way it goes, or whether the colour "
            "named still stands. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            _u("Wild Draw 4 Card, lines 142-146"),
            _u("FAQ, line 245"),
            *B_WD4,
            *B_CHALLENGE,
            _s("Wild Draw Four, line 26"),
        ),
        related=("wd4-challenge", "wild-draw-four"),
        aliases=(
            "do i still lose my turn after a challenge",
            "who goes after a wild draw four challenge",
            "won the challenge do i play",
            "lost the challenge do i miss my turn",
            "whose turn after the challenge",
        ),
    ),
    # --- Special cards ------------------------------------------------------------------------
    Entry(
        slug="kitty-card",
        title="Kitty card",
        answer=(
            "A Wild with a sting. You choose the colour, and the next player must keep drawing "
            "from the draw pile until they turn up a card showing Sheldon or Penny. They keep "
            "everything they drew and lose their turn. Worth 50 points; 4 in the pack."
        ),
        cites=(
            Cite("kitty", "Kitty Card, lines 97-101"),
            Cite("kitty", "SCORING, line 129"),
            Cite("kitty", "CONTENTS, line 17"),
        ),
        editions=("kitty",),
        related=("deck-kitty", "first-card-kitty", "wild"),
        aliases=(
            "kitty card",
            "kitty",
            "soft kitty",
            "sheldon or penny",
            "what does the kitty do",
            "what can a kitty go on",
            "how many do i draw for kitty",
        ),
        interpretation=(
            "The sheet calls it a wild card as well but never says what it may go on; we read "
            "it as going on any card, like a Wild."
        ),
    ),
    Entry(
        slug="kitty-no-sheldon-left",
        title="Kitty: no Sheldon or Penny card left to draw",
        answer=(
            "The Kitty sheet has the next player keep drawing until a card showing Sheldon or "
            "Penny turns up, and an empty draw pile is rebuilt from the discard pile. No sheet "
            "covers what happens when no Sheldon or Penny card is left to draw, even after "
            "that reshuffle. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            Cite("kitty", "Kitty Card, lines 97-99"),
            Cite("kitty", "GOING OUT, lines 116-117"),
            _s("Note, line 12"),
        ),
        editions=("kitty",),
        related=("kitty-card", "draw-pile-runs-out"),
        aliases=(
            "kitty and no sheldon left",
            "kitty draw pile ran out",
            "no penny cards left kitty",
            "kitty keep drawing forever",
            "kitty drew the whole deck",
        ),
    ),
    Entry(
        slug="cheese-touch-card",
        title="Cheese Touch card",
        answer=(
            "A card you want to be rid of. It can only go down on a yellow card. Once played, "
            "the next player picks up 2 from the draw pile and must carry on with a yellow "
            "card; with no yellow they pick up 2 more, once. After that it counts as an "
            "ordinary yellow card. Worth 50 points; 4 in the pack."
        ),
        cites=(
            Cite("cheese-touch", "Cheese Touch Card, lines 111-131"),
            Cite("cheese-touch", "SCORING, line 158"),
            Cite("cheese-touch", "CONTENTS, line 20"),
        ),
        editions=("cheese-touch",),
        related=("cheese-touch-no-yellow", "deck-cheese-touch", "first-card-cheese-touch"),
        aliases=(
            "cheese touch",
            "cheese touch card",
            "what does the cheese touch do",
            "cooties",
            "what can the cheese touch go on",
            "cheese card",
        ),
        interpretation=(
            "In a Wild Draw Four challenge the app counts a Cheese Touch card in the hand as "
            "yellow. The sheet doesn't say that; it only puts the card on yellow and treats it "
            "as yellow once played."
        ),
    ),
    Entry(
        slug="cheese-touch-no-yellow",
        title="Cheese Touch with no yellow card",
        answer=(
            "The player it is played on (the next one) picks up 2 and goes on with a yellow "
            "card. Holding no yellow card to put on it, that player picks up 2 more (4 in all) "
            "and stops there: the player after them carries on with the Cheese Touch treated "
            "as a normal yellow card."
        ),
        cites=(Cite("cheese-touch", "Cheese Touch Card, lines 117-129"),),
        editions=("cheese-touch",),
        related=("cheese-touch-card",),
        aliases=(
            "no yellow after cheese touch",
            "cheese touch and i have no yellow",
            "what if i cant play yellow on the cheese touch",
            "cheese touch draw more",
        ),
    ),
    Entry(
        slug="cheese-touch-on-cheese",
        title="A Cheese Touch played on a Cheese Touch",
        answer=(
            "The sheet only says a Cheese Touch goes on a yellow card, that the player it hits "
            "picks up 2 and carries on with a yellow card, and that it is an ordinary yellow "
            "card after that. It doesn't say whether that player may answer with a Cheese "
            "Touch of their own, handing the 2 cards on. Agree it at the table."
        ),
        silent=True,  # the answer says the sheet does not cover the case
        cites=(Cite("cheese-touch", "Cheese Touch Card, lines 115-129"),),
        editions=("cheese-touch",),
        related=("cheese-touch-card", "cheese-touch-no-yellow", "stacking"),
        aliases=(
            "cheese touch on a cheese touch",
            "can i pass the cheese touch back",
            "answer cheese touch with cheese touch",
            "stack cheese touch",
            "two cheese touches in a row",
        ),
    ),
    Entry(
        slug="cheese-touch-on-wild",
        title="Cheese Touch on a Wild that named yellow",
        answer=(
            "The Cheese Touch sheet lets the card go down only on yellow cards, and the "
            "general summary describes a Wild as standing for all four colours. No sheet "
            "covers whether a Wild or +4 whose player named yellow counts as a yellow card "
            "for the Cheese Touch. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            Cite("cheese-touch", "Cheese Touch Card, lines 115-117"),
            Cite("cheese-touch", "Wild Card, lines 79-89"),
            Cite("cheese-touch", "Wild Draw 4 Card, lines 95-97"),
            _s("Wild, line 25"),
        ),
        editions=("cheese-touch",),
        related=("cheese-touch-card", "wild"),
        aliases=(
            "cheese touch on a wild",
            "cheese touch after yellow is called",
            "does a yellow wild count for cheese touch",
            "cheese touch on a plus four that named yellow",
        ),
    ),
    Entry(
        slug="water-drop-card",
        title="Water Drop card",
        answer=(
            "When you play it, you also put every blue card in your hand onto the discard "
            "pile: all of them, not just some. With the blues gone, you choose the colour that "
            "play continues in. Worth 50 points; 4 in the pack. The Spanish text calls it the "
            "balde de agua (bucket of water)."
        ),
        cites=(
            Cite("water-drop", "Water Drop Card, lines 89-92; Spanish text: lines 229-232"),
            Cite("water-drop", "Scoring, line 126"),
            Cite("water-drop", "Contents, line 16"),
        ),
        editions=("water-drop",),
        related=("water-drop-open", "deck-water-drop", "first-card-water-drop"),
        aliases=(
            "water drop",
            "water drop card",
            "what does the water drop do",
            "discard all blue cards",
            "balde de agua",
            "put out the fire",
        ),
        interpretation=(
            "The sheet gives the card no colour of its own, so in a Wild Draw Four challenge "
            "the app counts it like a Wild (it never matches the colour in play)."
        ),
    ),
    Entry(
        slug="water-drop-open",
        title="Water Drop: what the sheet leaves open",
        answer=(
            "The sheet only says you empty all your blue cards and then pick the colour. It "
            "doesn't say what a Water Drop may go on, or what happens when you hold no blue "
            "cards: agree these first. An emptied hand is settled, though: a player with no "
            "cards left has gone out and the round is over, as for any last card."
        ),
        silent=True,  # the answer says the sheet does not cover it
        cites=(
            Cite("water-drop", "Water Drop Card, lines 89-92"),
            Cite("water-drop", "Going Out, line 100"),
        ),
        editions=("water-drop",),
        related=("water-drop-card", "round-over"),
        aliases=(
            "water drop with no blue cards",
            "what can a water drop go on",
            "can i go out with a water drop",
            "water drop all blue hand",
        ),
        interpretation=(
            "Our reading of the going-out rule: a player the Water Drop leaves with no cards "
            "has gone out."
        ),
    ),
    # --- Calling UNO --------------------------------------------------------------------------
    Entry(
        slug="call-uno",
        title="When to say UNO",
        answer=(
            "Announce UNO as you go down to your last card, so everyone knows you have one "
            "left. The sheets word the moment slightly differently."
        ),
        cites=(_u("LET'S PLAY, line 165"), _u("GOING OUT, line 171"), *B_UNO, _s("line 16")),
        related=("uno-penalty", "uno-catch-window"),
        aliases=(
            "say uno",
            "when do you say uno",
            "when do i call uno",
            "do i have to say uno",
            "one card left",
            "uno again after drawing",
        ),
        variants=(
            Variant(B_UNO, "Call it while putting down your next-to-last card."),
            Variant(
                (_u("LET'S PLAY, line 165"), _u("GOING OUT, line 171")),
                "Call it before your next-to-last card is down; if you forget but call it "
                "before anyone catches you, you are safe.",
            ),
            Variant(
                (_s("line 16"),),
                "Call it the moment you hold a single card, and again each time you get back "
                "down to one.",
            ),
        ),
        house_rules=("uno-penalty",),
    ),
    Entry(
        slug="uno-penalty",
        title="Forgot to say UNO: the penalty",
        answer=(
            "If another player catches you holding one card without having called UNO, and in "
            "time (see when you can be caught), you take penalty cards from the draw pile. How "
            "many depends on the sheet."
        ),
        cites=(_u("LET'S PLAY, line 165"), _u("FAQ, line 249"), *B_UNO, _s("line 16")),
        related=("call-uno", "uno-catch-window"),
        aliases=(
            "uno penalty",
            "forgot uno",
            "forgot to say uno",
            "didnt call uno",
            "caught not saying uno",
            "how many cards if you dont say uno",
        ),
        variants=(
            Variant((*B_UNO, _s("line 16")), "2 cards."),
            Variant((_u("LET'S PLAY, line 165"), _u("FAQ, line 249")), "4 cards."),
        ),
        house_rules=("uno-penalty",),
    ),
    Entry(
        slug="uno-catch-window",
        title="When can you be caught?",
        answer=(
            "Only until the next player's turn, but the sheets set the deadline at different "
            "moments. unorules.org adds two limits: nobody may catch you before your "
            "next-to-last card has touched the discard pile, and calling UNO yourself before "
            "anyone catches you makes you safe."
        ),
        cites=(
            _u("LET'S PLAY, line 166"),
            _u("GOING OUT, line 171"),
            _u("GOING OUT, lines 172-173"),
            *B_UNO,
            _s("line 16"),
        ),
        related=("uno-penalty", "call-uno"),
        aliases=(
            "too late to catch uno",
            "when can you catch someone",
            "can i still call them out",
            "caught after next player",
            "catch myself",
        ),
        variants=(
            Variant(
                (_u("GOING OUT, lines 172-173"), _u("LET'S PLAY, line 166"), *B_UNO),
                "Until the next player's turn begins. unorules.org says a turn begins when "
                "that player draws from the pile or picks a card out of their hand to play it.",
            ),
            Variant(
                (_s("line 16"),),
                "Up to the point the next player has had their turn, which leaves the window "
                "open while that turn is being played.",
            ),
        ),
    ),
    # --- Going out and the end of a round -------------------------------------------------------
    Entry(
        slug="going-out-draw-card",
        title="Going out on a Draw Two or +4",
        answer=(
            "Allowed. The round ends, but the next player still picks up the 2 or 4 cards, and "
            "those cards count toward the points you score."
        ),
        cites=(_u("GOING OUT, line 174"), *B_LAST_DRAW_CARD),
        related=("end-on-action-card", "scoring-round", "draw-two", "wild-draw-four"),
        aliases=(
            "can i go out on a draw two",
            "last card draw two",
            "finish with a wild draw four",
            "last card a wild draw four",
            "do they still draw if i go out",
        ),
    ),
    Entry(
        slug="end-on-action-card",
        title="Can you finish on an action card?",
        answer=(
            "Yes. No sheet forbids going out on a Skip, Reverse, Wild or any other action "
            "card; the round ends the moment your hand is empty. If that last card is a Draw "
            "Two or a Wild Draw Four, the next player still takes those cards and they are "
            "scored."
        ),
        cites=(
            _u("LET'S PLAY, line 167"),
            _u("GOING OUT, line 174"),
            *B_ROUND_OVER,
            *B_LAST_DRAW_CARD,
        ),
        related=("going-out-draw-card", "round-over"),
        aliases=(
            "can you end on an action card",
            "can you finish on a wild",
            "last card an action card",
            "go out on a skip",
            "win on a special card",
        ),
        interpretation=(
            "That any action card may be your last is our reading: the sheets only spell it out "
            "for a Draw Two or a Wild Draw Four, and none forbids the others."
        ),
    ),
    Entry(
        slug="round-over",
        title="When the round ends",
        answer=(
            "The round stops the moment one player has no cards. That player scores, the cards "
            "are gathered and shuffled, and a new round is dealt, until somebody reaches the "
            "target."
        ),
        cites=(
            _u("LET'S PLAY, line 167"),
            *B_ROUND_OVER,
            Cite("water-drop", "Scoring, lines 128-129"),
            _s("line 18"),
        ),
        related=("scoring-round", "winning-500", "end-on-action-card", "next-dealer"),
        aliases=(
            "when does the round end",
            "end of the hand",
            "someone went out",
            "new hand",
        ),
    ),
    Entry(
        slug="draw-pile-runs-out",
        title="The draw pile runs out",
        answer=(
            "If the draw pile is empty and nobody has gone out, shuffle the discard pile to "
            "make a fresh draw pile and keep playing. Only the Spanish Water Drop text says "
            "what happens to the card on top."
        ),
        cites=(
            _u("GOING OUT, line 175"),
            *B_DEPLETED,
            _s("Note, line 12"),
            Cite("water-drop", "Spanish text: Cerrar el juego, lines 246-247"),
        ),
        related=("draw-discard-piles",),
        aliases=(
            "what happens when the draw pile runs out",
            "no cards left to draw",
            "no more cards to draw",
            "out of cards in the deck",
            "reshuffle the discard pile",
            "empty deck",
        ),
        variants=(
            Variant(
                (_u("GOING OUT, line 175"), *B_DEPLETED, _s("Note, line 12")),
                "Reshuffle the discard pile into a new draw pile; nothing is said about its "
                "top card.",
            ),
            Variant(
                (Cite("water-drop", "Spanish text: Cerrar el juego, lines 246-247"),),
                "Leave the top card of the discard pile where it is and shuffle only the rest.",
            ),
        ),
        interpretation=(
            "Keeping the top card face up, so the next player has something to match, is our "
            "reading for the English sheets as well."
        ),
    ),
    Entry(
        slug="no-cards-to-draw",
        title="Nothing left to draw, even after reshuffling",
        answer=(
            "When the draw pile is empty, the sheets have you shuffle the discard pile into a "
            "new one and play on. No sheet covers what happens when there is nothing to "
            "shuffle, because the players hold every other card. Agree it at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(
            _u("GOING OUT, line 175"),
            *B_DEPLETED,
            Cite("water-drop", "Spanish text: Cerrar el juego, lines 246-247"),
            _s("Note, line 12"),
        ),
        related=("draw-pile-runs-out",),
        aliases=(
            "no cards left anywhere",
            "discard pile is empty too",
            "nothing to reshuffle",
            "no discard pile to reshuffle",
            "cant draw and cant reshuffle",
        ),
    ),
    # --- Scoring and winning ---------------------------------------------------------------------
    Entry(
        slug="card-points",
        title="Card points",
        answer=(
            "Number cards score their face value, so a 0 is worth nothing and a 9 is worth 9. "
            "Draw Two, Reverse and Skip score 20 each. Wild and Wild Draw Four score 50 each, "
            "and so does each edition's special card: Kitty, Cheese Touch and Water Drop. No "
            "sheet gives a value for blank, Swap Hands or Shuffle Hands cards."
        ),
        cites=(*B_SCORING, _u("SCORING AND WINNING, lines 179-203")),
        related=("scoring-round", "winning-500"),
        aliases=(
            "how many points is a skip",
            "card values",
            "points per card",
            "how much is a wild worth",
            "scoring",
            "what is a 0 worth",
            "what are action cards worth",
        ),
        interpretation=(
            "The unorules.org text we have lists the same values (face value, 20, 20, 20, 50, "
            "50) but lost the card names beside them; we read them in the boxed sheets' order."
        ),
    ),
    Entry(
        slug="scoring-round",
        title="Who scores a round",
        answer=(
            "Only the player who goes out scores. Add up the values of the cards still in "
            "every opponent's hand; the total goes on the winner's score. In the alternative "
            "scoring the sheets also give, nobody collects: each player adds the points left "
            "in their own hand, and the lowest total wins."
        ),
        cites=(
            _u("OBJECT, line 90"),
            _u("SCORING AND WINNING, line 179"),
            *B_OBJECT,
            *B_SCORING,
            _u("SCORING AND WINNING, line 205"),
            *B_LOWEST,
        ),
        related=("card-points", "winning-500", "winning-lowest"),
        aliases=(
            "how do you score",
            "who gets the points",
            "count the points",
            "scoring a round",
            "add up the score",
        ),
    ),
    Entry(
        slug="winning-500",
        title="Winning: first to 500",
        answer=(
            "In the standard game the round winners collect points, and the first player whose "
            "total reaches 500 wins the game."
        ),
        cites=(
            _u("OBJECT, line 94"),
            _u("SCORING AND WINNING, line 205"),
            *B_WINNING,
            _s("line 18"),
        ),
        related=("winning-lowest", "target-score", "scoring-round"),
        aliases=(
            "how do you win",
            "first to 500",
            "who wins the game",
            "500 points",
            "how many points to win",
        ),
    ),
    Entry(
        slug="winning-lowest",
        title="Winning: lowest score",
        answer=(
            "An alternative: after each round every player notes the points of the cards they "
            "are still holding, as a running total. Once anyone's total hits 500 the game ends, "
            "and whoever has the smallest total wins."
        ),
        cites=(_u("SCORING AND WINNING, line 205"), *B_LOWEST),
        related=("winning-500", "target-score"),
        aliases=(
            "lowest score wins",
            "alternative scoring",
            "low score",
            "count the points in your own hand",
            "penalty points",
        ),
    ),
    Entry(
        slug="lowest-score-tie",
        title="Alternative scoring: a tie for the lowest score",
        answer=(
            "In the alternative scoring each player keeps a running total of the points left "
            "in their hand, and once somebody reaches 500 the lowest total wins. No sheet "
            "covers what happens when two or more players share that lowest total. Agree it "
            "at the table."
        ),
        silent=True,  # the answer says no sheet covers the case
        cites=(_u("SCORING AND WINNING, line 205"), *B_LOWEST),
        related=("winning-lowest", "scoring-round"),
        aliases=(
            "tie for lowest score",
            "two players tied lowest",
            "tiebreak",
            "same low score who wins",
            "tied on fewest points",
        ),
        interpretation=(
            "Scorekeeper's scoreboard shares the win between the tied players, as it does for "
            "equal best totals in either scoring."
        ),
    ),
    Entry(
        slug="target-score",
        title="Playing to a different target",
        answer=(
            "500 is the usual target. The general summary allows any points target the whole "
            "table agrees on; the printed sheets and unorules.org only ever name 500."
        ),
        cites=(_s("line 18"), _u("OBJECT, line 94"), *B_WINNING),
        related=("winning-500", "winning-lowest"),
        aliases=(
            "play to 200",
            "shorter game",
            "change the target",
            "different winning score",
            "play to a lower score",
            "play to 1000",
        ),
        variants=(
            Variant(
                (_u("OBJECT, line 94"), *B_WINNING),
                "The game is won at 500; no other target is offered.",
            ),
            Variant((_s("line 18"),), "Any target the whole table agrees on."),
        ),
    ),
    Entry(
        slug="two-player",
        title="Two-player rules",
        answer=(
            "unorules.org adds rules for one against one. A Reverse works like a Skip, so you "
            "play again; after a Skip you play again straight away too. After a Draw Two or a "
            "Wild Draw Four, your opponent takes the cards and it is your turn again. The "
            "themed sheets have no two-player rules, so with those decks agree whether to use "
            "these."
        ),
        cites=(_u("TWO PLAYERS, lines 215-221"),),
        related=("reverse", "skip", "player-count"),
        aliases=(
            "two player",
            "two player rules",
            "reverse with two players",
            "just two of us",
            "heads up",
        ),
    ),
    # --- Common arguments and house rules -----------------------------------------------------
    Entry(
        slug="stacking",
        title="Stacking Draw Twos and +4s",
        answer=(
            "Not official. When a Draw Two or a Wild Draw Four hits you, you pick up the cards "
            "and lose your turn; you can't pass it along by adding your own Draw Two or +4. "
            "unorules.org calls stacking a widespread house rule, not an official one, and the "
            "summary rules out a Draw Two on a Draw Two or a +4 in the same turn."
        ),
        cites=(_u("FAQ, lines 251-257"), _s("line 14"), *B_DRAW_TWO, *B_WD4),
        related=("draw-two", "wild-draw-four", "one-card-at-a-time"),
        aliases=(
            "stacking",
            "can you stack draw two",
            "can i put a wild draw four on a draw two",
            "draw two on a draw two",
            "stack wild draw four",
            "pass the draw on",
        ),
        house_rules=("stack-draw",),
        interpretation=(
            "The boxed sheets never mention stacking; we read their rule that the player hit "
            "draws and misses the turn as leaving no room for it. A Draw Two may still go on a "
            "Draw Two in normal play, laid by the next player after the one who picked up."
        ),
    ),
    Entry(
        slug="seven-zero",
        title="The 7-0 rule",
        answer=(
            "No sheet covers this: on every sheet a number card has no effect of its own. "
            "Under the popular 7-0 house rule a 7 lets you swap hands with a player you "
            "choose, and a 0 makes every hand move on one seat in the direction of play. Agree "
            "it before dealing."
        ),
        related=("jump-in", "blank-cards"),
        aliases=(
            "seven zero",
            "swap hands on 7",
            "pass hands on 0",
            "7 swap",
            "0 rotate",
        ),
        house_rules=("seven-zero",),
        matter=(
            "7|7s|seven|sevens and|or|n 0|0s|zero|zeros",
            "0|0s|zero|zeros and|or|n 7|7s|seven|sevens",
            "7|7s|seven|sevens 0|0s|zero|zeros",
            "7|7s|seven|sevens and|or the 0|0s|zero|zeros",
            "swap*|trad*|switch*|exchang*|rotat*|pass* hand|hands",
            "swap*|trad*|switch*|exchang*|rotat*|pass* * hand|hands",
            "hands rotat*|move*",
            "7|7s|seven|sevens|0|0s|zero|zeros + swap*|trad*|switch*|exchang*|rotat*",
            "7|7s|seven|sevens|0|0s|zero|zeros + pass* * cards|hand|hands",
            "7|7s|seven|sevens|0|0s|zero|zeros + took|take*|grab*|steal* * hand",
            "7|7s|seven|sevens|0|0s|zero|zeros + hands",
        ),
    ),
    Entry(
        slug="jump-in",
        title="Jumping in out of turn",
        answer=(
            "No sheet covers this: the sheets only describe play passing from one player to "
            "the next. The jump-in house rule lets anyone holding an identical card (same "
            "colour and same number or symbol) slap it down out of turn, and play continues "
            "from them. Only if the table agreed."
        ),
        related=("one-card-at-a-time", "seven-zero"),
        aliases=(
            "jump in",
            "play out of turn",
            "interrupt with the same card",
            "identical card out of turn",
            "slap down",
        ),
        house_rules=("jump-in",),
        matter=(
            "jump* in",
            "jumpin*",
            "cut* in",
            "out of turn",
            "not * turn",
            "isnt * turn",
            "wasnt * turn",
            "before * turn",
            "interrupt*",
            "slap*",
            "identical",
            "exact* same card|one",
            "same exact card|one",
            "same card|one + immediately|anytime|instantly",
        ),
    ),
    Entry(
        slug="draw-until-play",
        title="Draw until you can play?",
        answer=(
            "Not on any sheet. The sheets have you take one card: play it if it fits, "
            "otherwise your turn ends. Drawing again and again until something fits is a "
            "house rule."
        ),
        cites=(_u("LET'S PLAY, lines 163-164"), *B_DRAW, _s("Game Play, line 8")),
        related=("cant-play-draw", "reneging"),
        aliases=(
            "draw until you can play",
            "keep drawing",
            "do i keep drawing until i get a card",
            "draw till you can go",
            "how many do i draw",
        ),
        house_rules=("draw-until-play",),
    ),
    Entry(
        slug="misdeal",
        title="A misdeal",
        answer=(
            "No sheet covers a misdeal: a card shown while dealing, a wrong count or a player "
            "dealt out of order. They only say the dealer shuffles and gives everyone 7 cards. "
            "Agree at the table whether to redeal."
        ),
        related=("deal-seven", "who-deals"),
        aliases=(
            "misdeal",
            "dealt wrong",
            "wrong number of cards dealt",
            "card flipped during the deal",
            "dealt too many cards",
            "redeal",
        ),
        matter=(
            "misdeal*",
            "redeal*",
            "re deal*",
            "deal*",
            "too many|few cards",
            "6|8|9|10 cards + everyone|others|rest|start*|beginning",
        ),
    ),
    Entry(
        slug="next-dealer",
        title="Who deals the next round",
        answer=(
            "No sheet covers this. They settle the first dealer by a draw, then only say the "
            "cards are shuffled and play starts over for the next round."
        ),
        related=("who-deals", "round-over"),
        aliases=(
            "who deals next",
            "who deals the next round",
            "next dealer",
            "does the deal pass",
            "whose deal is it",
            "deal rotates",
        ),
        interpretation=(
            "The app passes the deal one seat to the left each round, as many tables do; agree "
            "it if yours does something else."
        ),
        matter=(
            "deal*|shuffl*|shufl* + next|again|round|rounds|hand|after",
            "deal*|shuffl*|shufl* + rotat*|same|loser|winner|left",
            "deal*|shuffl*|shufl* + who|whoever lost|won",
            "whose deal",
        ),
    ),
)

_BY_SLUG: dict[str, Entry] = {entry.slug: entry for entry in ENTRIES}


def get_entry(slug: str) -> Entry | None:
    """Return the entry with this slug, or None."""
    return _BY_SLUG.get(slug)


def entries_for_edition(edition: str) -> tuple[Entry, ...]:
    """Entries that apply to a deck edition, in library order.

    Raises ValueError for an edition we don't know.
    """
    if edition not in EDITIONS:
        raise ValueError(f"There is no edition called {edition!r}.")
    return tuple(entry for entry in ENTRIES if edition in entry.editions)
