"""A crew's deck as data: its cards score, limit and key exactly as the deck says."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.domain import (
    RuleError,
    check_against_deck,
    draw_for_deal,
    hand_points,
    judge_challenge,
    keypad_keys,
    parse_cards,
    score_game,
)
from scorekeeper.domain.decks import SUGGESTED_CARDS, house_card_data, parse_deck
from scorekeeper.domain.editions import BUILT_IN_COUNTS, EDITIONS
from tests.deck_samples import BOX

TWO_SIDED = {
    "name": "Flip box",
    "base": "classic",
    "sides": [
        {
            "name": "Light",
            "cards": [{"token": "F", "name": "Flip", "kind": "action", "count": 1, "points": 20}],
        },
        {
            "name": "Dark",
            "cards": [
                {"token": "F", "name": "Flip", "kind": "action", "count": 1, "points": 20},
                {
                    "token": "DC",
                    "name": "Wild Draw Colour",
                    "name_es": "Comodín roba color",
                    "kind": "wild",
                    "count": 4,
                    "points": 60,
                },
            ],
            "remove": ["W+4"],
        },
    ],
}


def game(deck, *rounds):
    return {"players": ["Ann", "Ben"], "deck": deck, "rounds": list(rounds)}


def test_the_issue_s_box_scores_a_blank_and_a_swap_hands_card():
    scored = score_game(game(BOX, {"winner": "Ann", "hands": {"Ann": "", "Ben": "R7 BL SH"}}))
    assert scored["rounds"][0]["points"] == {"Ann": 87, "Ben": 0}
    assert scored["deck"] == BOX
    assert scored["edition"] == "classic"


def test_a_deck_holds_its_own_cards_and_the_keypad_shows_them_last():
    deck = parse_deck(BOX).sides[0]
    assert deck.deck_size == 108 + 5
    keys = keypad_keys(deck)
    assert [(k.token, k.label, k.points, k.most, k.coloured) for k in keys[-2:]] == [
        ("BL", "Blank", 40, 4, False),
        ("SH", "Swap Hands", 40, 1, False),
    ]
    assert keys[-2].spoken == "Blank (40 points)"  # said once, not "Blank, Blank"
    with pytest.raises(RuleError, match="2 × SH .*only one"):
        check_against_deck([parse_cards("SH SH", deck)], deck)


def test_a_coloured_crew_card_takes_a_colour_like_a_built_in_one():
    flip = parse_deck(TWO_SIDED).sides[0]
    cards = parse_cards("RF *F f", flip)
    assert [str(card) for card in cards] == ["RF", "*F", "*F"]
    assert [card.points for card in cards] == [20, 20, 20]
    assert str(cards[0].label(flip)) == "red Flip"
    assert judge_challenge("R", "RF G3", flip).guilty
    assert not judge_challenge("B", "RF", flip).guilty
    with pytest.raises(RuleError, match="5 × Flip entered across the hands"):
        check_against_deck([parse_cards("RF GF BF YF *F", flip)], flip)


def test_each_side_scores_its_own_cards_and_a_round_says_which_side_was_up():
    dark = {"winner": "Ann", "side": 2, "hands": {"Ann": "", "Ben": "DC F 5"}}
    scored = score_game(game(TWO_SIDED, dark))
    assert scored["rounds"][0]["points"]["Ann"] == 85
    assert scored["rounds"][0]["side"] == 2
    with pytest.raises(RuleError, match="Round 1: .*'DC' is not a card of this deck"):
        score_game(game(TWO_SIDED, {**dark, "side": 1}))
    with pytest.raises(RuleError, match="no Wild Draw Four"):
        score_game(game(TWO_SIDED, {**dark, "hands": {"Ann": "", "Ben": "W+4"}}))
    with pytest.raises(RuleError, match="say which side"):
        score_game(game(TWO_SIDED, {"winner": "Ann", "hands": {"Ann": "", "Ben": "5"}}))
    with pytest.raises(RuleError, match="Side 3: this deck has sides 1 and 2"):
        score_game(game(TWO_SIDED, {**dark, "side": 3}))
    with pytest.raises(RuleError, match="names a side, but the game's deck has only one"):
        score_game({"players": ["Ann", "Ben"], "rounds": [dark]})


def test_a_removed_card_leaves_the_keypad_and_the_deck():
    deck = parse_deck({"name": "No +4", "base": "kitty", "remove": ["W+4", "X"]}).sides[0]
    tokens = [key.token for key in keypad_keys(deck)]
    assert "W+4" not in tokens and "X" not in tokens
    assert deck.deck_size == 108 - 4
    assert not deck.has_special


def test_a_crew_card_counts_by_its_kind_in_the_draw_for_deal():
    deck = parse_deck(
        {
            "name": "Tens",
            "base": "kitty",  # a boxed sheet: numbers by value, other cards zero
            "cards": [
                {"token": "T", "name": "Ten", "kind": "number", "count": 1, "points": 10},
                {"token": "Z", "name": "Zap", "kind": "wild", "count": 1, "points": 90},
            ],
        }
    ).sides[0]
    drawn = draw_for_deal({"Ann": "RT", "Ben": "Z", "Cy": "9"}, deck)
    assert drawn.values == {"Ann": 10, "Ben": 0, "Cy": 9}
    assert drawn.dealer == "Ann"


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ({**BOX, "cards": [{**BOX["cards"][0], "token": "RS"}]}, "RS already means red Skip"),
        ({**BOX, "cards": [{**BOX["cards"][0], "token": "W4"}]}, "already means Wild Draw Four"),
        ({**BOX, "cards": [{**BOX["cards"][0], "token": "X"}], "base": "kitty"}, "Kitty card"),
        (
            {**BOX, "cards": [BOX["cards"][0], {**BOX["cards"][1], "token": "BL"}]},
            "clashes with Blank: both would be written BL",
        ),
        (
            {
                **BOX,
                "cards": [
                    {"token": "L", "name": "Lamp", "kind": "action", "count": 1, "points": 5},
                    BOX["cards"][0],
                ],
            },
            "clashes with Lamp: both would be written BL",
        ),
        ({**BOX, "cards": [{**BOX["cards"][0], "points": 501}]}, "from 0 to 500, not 501"),
        ({**BOX, "cards": [{**BOX["cards"][0], "points": -1}]}, "from 0 to 500, not -1"),
        ({**BOX, "cards": [{**BOX["cards"][0], "count": 0}]}, "from 1 to 100, not 0"),
        ({**BOX, "cards": [{**BOX["cards"][0], "count": 101}]}, "from 1 to 100, not 101"),
        ({**BOX, "cards": [{**BOX["cards"][0], "count": True}]}, "not True"),
        (
            {**BOX, "cards": [{**BOX["cards"][0], "kind": "action", "count": 100}]},
            "holds 508 cards; a deck holds at most 500",
        ),
        ({**BOX, "name": "x" * 41}, "is longer than 40 characters"),
        ({**BOX, "name": "Box\x07"}, "control character"),
        ({**BOX, "name": "  "}, "The deck's name .* must not be empty"),
        ({**BOX, "cards": [{**BOX["cards"][0], "name": "B\u202el"}]}, "control character"),
        ({**BOX, "cards": [{**BOX["cards"][0], "token": "B L"}]}, "1 to 4 letters"),
        ({**BOX, "cards": [{**BOX["cards"][0], "kind": "joker"}]}, "number, action or wild"),
        ({**BOX, "cards": [{**BOX["cards"][0], "rule": "one\ntwo"}]}, "keep it to one line"),
        ({**BOX, "cards": [{**BOX["cards"][0], "colour": "R"}]}, "'colour'"),
        ({**BOX, "base": "flip"}, "starts from one of classic"),
        ({**BOX, "remove": ["X"]}, "not a card to remove"),
        ({"name": "One", "sides": [TWO_SIDED["sides"][0]]}, "exactly two sides"),
        (
            {"name": "Same", "sides": [TWO_SIDED["sides"][0], TWO_SIDED["sides"][0]]},
            "different names",
        ),
        ({"name": "All gone", "remove": list(BUILT_IN_COUNTS)}, "holds no cards"),
    ],
)
def test_a_bad_deck_is_refused_in_words(deck, message):
    with pytest.raises(RuleError, match=message):
        parse_deck(deck)


def test_the_same_cards_are_the_same_deck_and_other_cards_another():
    first, again = parse_deck(BOX).sides[0], parse_deck(dict(BOX)).sides[0]
    other = parse_deck({**BOX, "cards": [{**BOX["cards"][0], "points": 30}]}).sides[0]
    assert first is again
    assert first.slug.startswith("classic~") and first.slug != other.slug


def test_two_decks_of_the_same_cards_keep_their_own_names():
    """Two crews' decks (one process) with the same cards: each refusal names its own deck."""
    cards = {"base": "classic", "remove": ["+2"]}
    first = parse_deck({"name": "Ann's no-Draw-Two box", **cards}).sides[0]
    second = parse_deck({"name": "Ben's no-Draw-Two box", **cards}).sides[0]
    assert (first.name, second.name) == ("Ann's no-Draw-Two box", "Ben's no-Draw-Two box")
    assert first.slug != second.slug
    with pytest.raises(RuleError) as refused:
        parse_cards("R+2", second.slug)
    assert "Ben's no-Draw-Two box" in str(refused.value)
    two_sided = {**TWO_SIDED, "name": "Cat's flip box"}
    assert parse_deck(two_sided).sides[1].name == "Cat's flip box (Dark)"


def test_the_classic_sheet_s_extra_cards_are_offered_with_no_points_set():
    tokens = [card.token for card in SUGGESTED_CARDS]
    assert tokens == ["BL", "SWH", "SHH"]
    deck = parse_deck(
        {"name": "Full box", "cards": [house_card_data(card) for card in SUGGESTED_CARDS]}
    )
    assert all(card.points == 0 for card in deck.sides[0].house)


# Tokens that clash with nothing built in, written any way (wild or coloured).
SAFE_TOKENS = ("BL", "SH", "Q", "ZZ", "K9", "M+", "HH", "JK")


@st.composite
def decks(draw):
    tokens = draw(st.lists(st.sampled_from(SAFE_TOKENS), min_size=1, max_size=4, unique=True))
    cards = []
    for token in tokens:
        kind = draw(st.sampled_from(["number", "action", "wild"]))
        cards.append(
            {
                "token": token,
                "name": f"Card {token}",
                "kind": kind,
                "count": draw(st.integers(1, 6)),
                "points": draw(st.integers(0, 500)),
            }
        )
    # "BL" wild and "L" coloured can't both be in one deck: the pool has no bare "L".
    removed = draw(st.lists(st.sampled_from(["W+4", "+2", "7", "W"]), unique=True))
    base = draw(st.sampled_from(list(EDITIONS)))
    return parse_deck({"name": "Drawn", "base": base, "cards": cards, "remove": removed})


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_deck_scores_a_hand_as_the_sum_of_its_cards_points(data):
    deck = data.draw(decks()).sides[0]
    points = {house.token: house.points for house in deck.house}
    colourful = [house.token for house in deck.house if house.coloured]
    pool = [house.token for house in deck.house] + [f"R{t}" for t in colourful] + ["G3", "*5"]
    if "W" not in deck.removed:
        pool.append("W")
    hand = data.draw(st.lists(st.sampled_from(pool), max_size=8))
    expected = 0
    for token in hand:
        bare = token.removeprefix("R")
        if bare in points and (token in points or bare in colourful):
            expected += points[bare]
        else:
            expected += {"G3": 3, "*5": 5, "W": 50}[token]
    assert hand_points(" ".join(hand), deck) == expected


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_validation_refuses_exactly_the_hands_the_deck_cannot_hold(data):
    deck = data.draw(decks()).sides[0]
    held = {house.token: house.total for house in deck.house}
    held.update({"W": 4, "*3": 8})
    held = {token: most for token, most in held.items() if token.lstrip("*") not in deck.removed}
    counts = data.draw(
        st.dictionaries(st.sampled_from(sorted(held)), st.integers(1, 30), max_size=4)
    )
    hands = [[token for token, count in counts.items() for _ in range(count)]]
    too_many = any(count > held[token] for token, count in counts.items())
    cards = [parse_cards(hand, deck) for hand in hands]
    if too_many:
        with pytest.raises(RuleError, match="entered"):
            check_against_deck(cards, deck)
    else:
        check_against_deck(cards, deck)
        assert sum(Counter(hands[0]).values()) == sum(counts.values())
