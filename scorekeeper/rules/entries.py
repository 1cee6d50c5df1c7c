"""The rules library as data: one frozen record per question people argue about at the table.

Every answer is written in our own words and cites the sheets it comes from (see ``SHEETS``).
Where the sheets disagree, the entry carries one ``Variant`` per position, each with its source,
so the app can show both instead of silently picking one.

This module is pure Python and imports nothing from Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.domain.editions import EDITIONS as EDITION_REGISTRY

# The edition slugs, in the registry's order; names and titles stay on the domain's Edition.
EDITIONS: tuple[str, ...] = tuple(EDITION_REGISTRY)
ALL = EDITIONS


@dataclass(frozen=True, slots=True)
class Sheet:
    id: str
    title: str
    filename: str


SHEETS: dict[str, Sheet] = {
    sheet.id: sheet
    for sheet in (
        Sheet("unorules", "Classic rules as restated by unorules.org", "classic-unorules-org.txt"),
        Sheet("kitty", "The Big Bang Theory edition sheet", "kitty-edition-sheet.txt"),
        Sheet(
            "cheese-touch", "Diary of a Wimpy Kid edition sheet", "cheese-touch-edition-sheet.txt"
        ),
        Sheet(
            "water-drop",
            "Water Drop edition sheet (English and Spanish)",
            "water-drop-edition-sheet-en-es.txt",
        ),
        Sheet("summary", "General rules summary", "general-rules-summary.txt"),
    )
}

# Shorthands for the source tuples that recur most.
BOXED = ("kitty", "cheese-touch", "water-drop")
ALL_SHEETS = ("unorules", *BOXED, "summary")
RULEBOOKS = ("unorules", *BOXED)  # the sheets with scoring, going out and the full card list


@dataclass(frozen=True, slots=True)
class Variant:
    """One sheet's answer where the sheets disagree."""

    sources: tuple[str, ...]
    answer: str


@dataclass(frozen=True, slots=True)
class Entry:
    slug: str
    title: str
    answer: str
    sources: tuple[str, ...]
    editions: tuple[str, ...] = ALL
    related: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()
    house_rules: tuple[str, ...] = ()

    @property
    def disputed(self) -> bool:
        """True when the sheets give different answers (shown as variants)."""
        return len(self.variants) >= 2


ENTRIES: tuple[Entry, ...] = (
    # --- What is in each deck -------------------------------------------------------------
    Entry(
        slug="deck-classic",
        title="What's in a Classic deck",
        answer=(
            "Classic play uses 108 cards. Each of the four colours (red, yellow, green, blue) "
            "has 19 number cards, 0 to 9 (one 0 and two of every other number), plus two "
            "Draw Two, two Reverse and two Skip cards. Add 4 Wild and 4 Wild Draw Four cards. "
            "Packs sold as 112 cards include extra blank or hand-swapping cards that Classic "
            "play leaves out."
        ),
        sources=("unorules",),
        editions=("classic",),
        related=("blank-cards", "card-points", "player-count"),
        aliases=(
            "classic deck",
            "how many cards in the deck",
            "what cards are in uno",
            "deck contents",
            "108 cards",
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
        sources=("kitty",),
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
        sources=("cheese-touch",),
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
        sources=("water-drop",),
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
        sources=("unorules",),
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
            "Two to ten players, from age 7 up, on every sheet that gives a number. Two-player "
            "games have a few extra rules on unorules.org."
        ),
        sources=("unorules", "kitty", "cheese-touch", "summary"),
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
        slug="who-deals",
        title="Who deals",
        answer=(
            "Each player turns up one card and the highest card deals. The sheets differ on "
            "what an action card is worth in this draw. The dealer shuffles and hands out the "
            "cards."
        ),
        sources=("unorules", *BOXED),
        related=("deal-seven", "who-goes-first", "card-points"),
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
                BOXED,
                "Highest number deals; any card with a symbol (every action card and Wild) "
                "counts as zero.",
            ),
            Variant(
                ("unorules",),
                "The card with the highest point value deals. Read literally, action cards then "
                "count at their scoring value (20 or 50) and beat any number card.",
            ),
        ),
    ),
    Entry(
        slug="deal-seven",
        title="How many cards each",
        answer=(
            "Every player gets 7 cards, dealt face down. Whatever is left over becomes the draw "
            "pile."
        ),
        sources=ALL_SHEETS,
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
        sources=ALL_SHEETS,
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
        sources=ALL_SHEETS,
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
        sources=ALL_SHEETS,
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
        sources=ALL_SHEETS,
        related=("who-goes-first", "matching"),
        aliases=(
            "first card is a number",
            "starting card number",
            "first card is just a number",
            "what if the first card is normal",
        ),
    ),
    Entry(
        slug="first-card-draw-two",
        title="First card: Draw Two",
        answer=(
            "It works as if it had just been played: the player on the dealer's left picks up "
            "two cards and loses the turn, so the next player along opens."
        ),
        sources=ALL_SHEETS,
        related=("draw-two", "who-goes-first"),
        aliases=(
            "first card is a draw two",
            "starting card draw two",
            "draw two turned up at the start",
            "flip a draw two to start",
        ),
    ),
    Entry(
        slug="first-card-reverse",
        title="First card: Reverse",
        answer=(
            "The game starts going right (counter-clockwise) instead of left. The sheets "
            "disagree about who opens."
        ),
        sources=ALL_SHEETS,
        related=("reverse", "direction-of-play", "who-goes-first"),
        aliases=(
            "first card is a reverse",
            "starting card reverse",
            "reverse turned up at the start",
            "flip a reverse to start",
        ),
        variants=(
            Variant(
                (*BOXED, "summary"),
                "The dealer opens, then play carries on to the dealer's right.",
            ),
            Variant(
                ("unorules",),
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
        sources=ALL_SHEETS,
        related=("skip", "who-goes-first"),
        aliases=(
            "first card is a skip",
            "starting card skip",
            "skip turned up at the start",
            "flip a skip to start",
        ),
        variants=(
            Variant(
                RULEBOOKS,
                "The player on the dealer's left is skipped; the player sitting on their left "
                "opens.",
            ),
            Variant(
                ("summary",),
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
        sources=ALL_SHEETS,
        related=("wild", "first-card-wd4"),
        aliases=(
            "first card is a wild",
            "starting card wild",
            "wild turned up at the start",
            "flip a wild to start",
        ),
        variants=(
            Variant(
                (*BOXED, "summary"),
                "The player on the dealer's left picks the colour and plays first.",
            ),
            Variant(
                ("unorules",),
                "Its set-up section says any Wild goes back into the deck and another card is "
                "turned up; its Wild card section instead agrees with the boxed sheets.",
            ),
        ),
    ),
    Entry(
        slug="first-card-wd4",
        title="First card: Wild Draw Four",
        answer=(
            "Nobody draws and nobody names a colour: it goes back and a new starting card is "
            "turned up."
        ),
        sources=ALL_SHEETS,
        related=("wild-draw-four", "first-card-wild"),
        aliases=(
            "first card a wild draw four",
            "starting card wild draw four",
            "wild draw four turned up at the start",
            "flip a wild draw four to start",
        ),
        variants=(
            Variant(RULEBOOKS, "Put it back in the deck and turn up another card."),
            Variant(
                ("summary",),
                "Put it back in the draw pile, shuffle that pile, then turn up another card.",
            ),
        ),
    ),
    Entry(
        slug="first-card-kitty",
        title="First card: Kitty card",
        answer=(
            "Treat it like a Wild turned up first: the player on the dealer's left picks the "
            "starting colour. The sheet makes nobody draw for it."
        ),
        sources=("kitty",),
        editions=("kitty",),
        related=("kitty-card", "first-card-wild"),
        aliases=(
            "first card is a kitty",
            "starting card kitty",
            "kitty turned up at the start",
            "flip a kitty to start",
        ),
    ),
    Entry(
        slug="first-card-cheese-touch",
        title="First card: Cheese Touch",
        answer=(
            "The Cheese Touch sheet doesn't cover this, so agree before dealing. Following the "
            "general summary's rule for action cards, the player on the dealer's left takes the "
            "effect: picks up 2, then plays a yellow card or picks up 2 more."
        ),
        sources=("cheese-touch", "summary", "kitty"),
        editions=("cheese-touch",),
        related=("cheese-touch-card", "first-card-draw-two"),
        aliases=(
            "first card is a cheese touch",
            "starting card cheese touch",
            "cheese touch turned up at the start",
            "flip a cheese touch to start",
        ),
        variants=(
            Variant(("cheese-touch",), "Silent: no rule for a Cheese Touch turned up first."),
            Variant(
                ("summary",),
                "An action card that starts the discard pile acts on the first player, except "
                "Wilds and Wild Draw Fours.",
            ),
            Variant(
                ("kitty",),
                "For comparison, only the Kitty sheet covers its own special card turned up "
                "first: the player on the dealer's left picks the colour.",
            ),
        ),
    ),
    Entry(
        slug="first-card-water-drop",
        title="First card: Water Drop",
        answer=(
            "The Water Drop sheet doesn't cover this, so agree before dealing. Nobody played "
            "it, so nobody empties their blue cards; the simplest reading treats it like a "
            "Wild turned up first, with the player on the dealer's left picking the colour."
        ),
        sources=("water-drop", "kitty"),
        editions=("water-drop",),
        related=("water-drop-card", "first-card-wild"),
        aliases=(
            "first card is a water drop",
            "starting card water drop",
            "water drop turned up at the start",
            "flip a water drop to start",
        ),
        variants=(
            Variant(("water-drop",), "Silent: no rule for a Water Drop turned up first."),
            Variant(
                ("kitty",),
                "For comparison, only the Kitty sheet covers its own special card turned up "
                "first: the player on the dealer's left picks the colour.",
            ),
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
        sources=ALL_SHEETS,
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
            "If nothing in your hand fits, take a single card off the draw pile. If it fits, "
            "you may put it down straight away; if not, keep it and the turn passes on. "
            "That one card is all you draw."
        ),
        sources=ALL_SHEETS,
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
        house_rules=("draw-until-play",),
    ),
    Entry(
        slug="reneging",
        title="Choosing not to play (reneging)",
        answer=(
            "You never have to play a card just because you can. Instead you draw one card "
            "from the draw pile. If it fits you may play that drawn card, but nothing else "
            "from your hand this turn. unorules.org calls this reneging; the boxed sheets and "
            "the summary allow it too."
        ),
        sources=ALL_SHEETS,
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
            "A turn is one card. You can't put down two cards together, not even a pair of "
            "the same number, and you can't add a second Draw Two or Wild Draw Four on top of "
            "your own. The general summary spells this out; the other sheets only ever "
            "describe single plays."
        ),
        sources=("summary", "unorules", *BOXED),
        related=("stacking", "two-player", "jump-in"),
        aliases=(
            "can i play two cards",
            "play two of the same number",
            "play doubles",
            "multiple cards at once",
            "play a pair",
        ),
    ),
    # --- Action cards ----------------------------------------------------------------------
    Entry(
        slug="draw-two",
        title="Draw Two (+2)",
        answer=(
            "The next player picks up two cards and misses their turn. Play it on a card of "
            "its colour or on another Draw Two. Officially the player it hits can't pass it on "
            "with a Draw Two of their own: that would be stacking, a house rule."
        ),
        sources=ALL_SHEETS,
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
            "other way about. Play it on a card of its colour or on another Reverse. With "
            "only two players it acts like a Skip."
        ),
        sources=ALL_SHEETS,
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
        sources=ALL_SHEETS,
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
                (*BOXED, "summary"),
                "It goes on the same colour or on another Skip.",
            ),
            Variant(
                ("unorules",),
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
        sources=ALL_SHEETS,
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
        slug="wild-any-time",
        title="A Wild when you have a matching card",
        answer=(
            "Yes, that's allowed. A plain Wild may go down on your turn even if you hold a card "
            "of the right colour or number. Only the Wild Draw Four comes with a restriction."
        ),
        sources=ALL_SHEETS,
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
            "colours don't count against you. A player who suspects a bluff may challenge."
        ),
        sources=ALL_SHEETS,
        related=("wd4-challenge", "wd4-matching-number", "first-card-wd4", "stacking"),
        aliases=(
            "wild draw four",
            "when can i play a wild draw four",
            "wild draw four rule",
            "plus four card",
            "wild draw four limit",
        ),
        house_rules=("stack-draw",),
    ),
    Entry(
        slug="wd4-matching-number",
        title="+4 while holding a matching number",
        answer=(
            "Legal. The Wild Draw Four limit is about colour only. If the pile shows a red 5 "
            "and you hold a blue 5 but no red card, you may play it. Holding any red card "
            "would make it illegal."
        ),
        sources=ALL_SHEETS,
        related=("wild-draw-four", "wd4-challenge", "wild-any-time"),
        aliases=(
            "can i play a wild draw four if i have a matching number",
            "wild draw four with same number",
            "wild draw four when i have an action card",
            "plus four matching number different colour",
            "wild draw four with a card that matches the number",
        ),
    ),
    Entry(
        slug="wd4-challenge",
        title="Challenging a Wild Draw Four",
        answer=(
            "If you think a Wild Draw Four went down while its player held a card of the "
            "showing colour, you may challenge. They show their hand to you. Caught bluffing, "
            "they take the 4 cards instead of you. If the play was legal, you take the 4 plus "
            "2 more: 6 in total."
        ),
        sources=ALL_SHEETS,
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
                ("unorules",),
                "Only the player who has to draw the 4 cards may challenge.",
            ),
            Variant(
                BOXED,
                "Written for the player it was played on; nothing about anyone else challenging.",
            ),
            Variant(
                ("summary",),
                "Mentions a challenge by the other player and sets no limit on who.",
            ),
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
        sources=("kitty",),
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
    ),
    Entry(
        slug="cheese-touch-card",
        title="Cheese Touch card",
        answer=(
            "A yellow card you want to be rid of. It can only go down on a yellow card. Once "
            "played, the next player picks up 2 from the draw pile and must carry on with a "
            "yellow card; with no yellow they pick up 2 more. After that it counts as an "
            "ordinary yellow card. Worth 50 points; 4 in the pack."
        ),
        sources=("cheese-touch",),
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
    ),
    Entry(
        slug="cheese-touch-no-yellow",
        title="Cheese Touch with no yellow card",
        answer=(
            "First you pick up 2. If you still have no yellow card to put on it, you pick up 2 "
            "more (4 in all), and the player after you carries on with the Cheese Touch "
            "treated as a normal yellow card."
        ),
        sources=("cheese-touch",),
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
        slug="water-drop-card",
        title="Water Drop card",
        answer=(
            "When you play it, you also put every blue card in your hand onto the discard "
            "pile: all of them, not just some. With the blues gone, you choose the colour that "
            "play continues in. Worth 50 points; 4 in the pack. The Spanish text calls it the "
            "balde de agua (bucket of water)."
        ),
        sources=("water-drop",),
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
    ),
    Entry(
        slug="water-drop-open",
        title="Water Drop: what the sheet leaves open",
        answer=(
            "The sheet only says you empty all your blue cards and then pick the colour. It "
            "doesn't say what a Water Drop may go on, what happens when you hold no blue "
            "cards, or whether emptying your hand this way wins. Agree these first. Under the "
            "sheet's going-out rule, a player left with no cards has gone out."
        ),
        sources=("water-drop",),
        editions=("water-drop",),
        related=("water-drop-card", "round-over"),
        aliases=(
            "water drop with no blue cards",
            "what can a water drop go on",
            "can i go out with a water drop",
            "water drop all blue hand",
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
        sources=ALL_SHEETS,
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
            Variant(BOXED, "Call it while putting down your next-to-last card."),
            Variant(
                ("unorules",),
                "Call it before your next-to-last card is down; if you forget but call it "
                "before anyone catches you, you are safe.",
            ),
            Variant(
                ("summary",),
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
            "If another player catches you holding one card without having called UNO, before "
            "the next player starts their turn, you take penalty cards from the draw pile. How "
            "many depends on the sheet."
        ),
        sources=ALL_SHEETS,
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
            Variant((*BOXED, "summary"), "2 cards."),
            Variant(("unorules",), "4 cards."),
        ),
        house_rules=("uno-penalty",),
    ),
    Entry(
        slug="uno-catch-window",
        title="When can you be caught?",
        answer=(
            "Only within a window. It opens once the next-to-last card has landed on the "
            "discard pile and shuts when the next player starts their turn, either by drawing "
            "or by picking a card to play. Too late, and there's no penalty. Calling it "
            "yourself before anyone catches you also makes you safe (unorules.org)."
        ),
        sources=ALL_SHEETS,
        related=("uno-penalty", "call-uno"),
        aliases=(
            "too late to catch uno",
            "when can you catch someone",
            "can i still call them out",
            "caught after next player",
            "catch myself",
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
        sources=RULEBOOKS,
        related=("end-on-action-card", "scoring-round", "draw-two", "wild-draw-four"),
        aliases=(
            "can i go out on a draw two",
            "last card draw two",
            "finish with a wild draw four",
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
        sources=RULEBOOKS,
        related=("going-out-draw-card", "round-over"),
        aliases=(
            "can you end on an action card",
            "can you finish on a wild",
            "last card an action card",
            "go out on a skip",
            "win on a special card",
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
        sources=ALL_SHEETS,
        related=("scoring-round", "winning-500", "end-on-action-card"),
        aliases=(
            "when does the round end",
            "end of the hand",
            "someone went out",
            "next round",
            "new hand",
        ),
    ),
    Entry(
        slug="draw-pile-runs-out",
        title="The draw pile runs out",
        answer=(
            "If the draw pile is empty and nobody has gone out, shuffle the discard pile to "
            "make a fresh draw pile and keep playing. The Spanish Water Drop text keeps the "
            "top card back."
        ),
        sources=ALL_SHEETS,
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
                ALL_SHEETS,
                "Shuffle the whole discard pile into a new draw pile (the English Water Drop "
                "text says the same).",
            ),
            Variant(
                ("water-drop",),
                "The Spanish Water Drop text leaves the top card of the discard pile in place "
                "and shuffles only the rest.",
            ),
        ),
    ),
    # --- Scoring and winning ---------------------------------------------------------------------
    Entry(
        slug="card-points",
        title="Card points",
        answer=(
            "Number cards score their face value, so a 0 is worth nothing and a 9 is worth 9. "
            "Draw Two, Reverse and Skip score 20 each. Wild and Wild Draw Four score 50 each, "
            "and so does each edition's special card: Kitty, Cheese Touch and Water Drop."
        ),
        sources=RULEBOOKS,
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
    ),
    Entry(
        slug="scoring-round",
        title="Who scores a round",
        answer=(
            "Only the player who goes out scores. Add up the values of the cards still in "
            "every opponent's hand; the total goes on the winner's score."
        ),
        sources=ALL_SHEETS,
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
        sources=ALL_SHEETS,
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
        sources=RULEBOOKS,
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
        slug="target-score",
        title="Playing to a different target",
        answer=(
            "500 is the usual target, but the general summary allows any points target as "
            "long as the whole table agrees on it before the start."
        ),
        sources=("summary",),
        related=("winning-500", "winning-lowest"),
        aliases=(
            "play to 200",
            "shorter game",
            "change the target",
            "different winning score",
            "play to a lower score",
        ),
    ),
    Entry(
        slug="two-player",
        title="Two-player rules",
        answer=(
            "unorules.org adds rules for one against one. A Reverse works like a Skip, so you "
            "play again; after a Skip you play again straight away too. After a Draw Two or a "
            "Wild Draw Four, your opponent takes the cards and it is your turn again."
        ),
        sources=("unorules",),
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
            "unorules.org calls stacking a widespread house rule, and the summary allows one "
            "card per turn. A Draw Two can still go on a Draw Two in normal play: the "
            "player after the one who picked up may lay it, and it hits the next player."
        ),
        sources=ALL_SHEETS,
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
    ),
    Entry(
        slug="seven-zero",
        title="The 7-0 rule",
        answer=(
            "Not in any of our sheets: number cards have no effect of their own. Under this "
            "popular house rule a 7 lets you swap hands with a player you choose, and a 0 makes "
            "every hand move on one seat in the direction of play. Agree it before dealing."
        ),
        sources=("unorules", "summary"),
        related=("jump-in", "blank-cards"),
        aliases=(
            "seven zero",
            "swap hands on 7",
            "pass hands on 0",
            "7 swap",
            "0 rotate",
        ),
        house_rules=("seven-zero",),
    ),
    Entry(
        slug="jump-in",
        title="Jumping in out of turn",
        answer=(
            "Not official: every sheet has players go strictly in turn. The jump-in house rule "
            "lets anyone holding an identical card (same colour and same number or symbol) "
            "slap it down out of turn, and play continues from them. Only if the table agreed."
        ),
        sources=("unorules", "summary"),
        related=("one-card-at-a-time", "seven-zero"),
        aliases=(
            "jump in",
            "play out of turn",
            "interrupt with the same card",
            "identical card out of turn",
            "slap down",
        ),
        house_rules=("jump-in",),
    ),
    Entry(
        slug="draw-until-play",
        title="Draw until you can play?",
        answer=(
            "Not official. The sheets have you take one card: play it if it fits, otherwise "
            "your turn ends. Drawing again and again until something fits is a house rule."
        ),
        sources=ALL_SHEETS,
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
