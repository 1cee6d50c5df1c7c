import pytest

from scorekeeper.domain import (
    EDITIONS,
    KIND_NAMES,
    Key,
    Kind,
    RuleError,
    draw_options,
    get_edition,
    keypad_keys,
    kind_name,
    parse_card,
)
from scorekeeper.domain.cards import deck_limits

ROUND_TOKENS = [f"*{n}" for n in range(10)] + ["*+2", "*S", "*R", "W", "W+4"]


def test_the_classic_keypad_is_the_numbers_the_actions_and_the_wilds():
    keys = keypad_keys("classic")
    assert [key.token for key in keys] == ROUND_TOKENS
    assert [key.label for key in keys][10:] == ["+2", "Skip", "Rev", "Wild", "+4"]
    assert [key.name for key in keys][10:] == [
        "Draw Two",
        "Skip",
        "Reverse",
        "Wild",
        "Wild Draw Four",
    ]
    assert [key.points for key in keys] == [*range(10), 20, 20, 20, 50, 50]


def test_a_number_key_is_named_by_its_number():
    seven = keypad_keys("classic")[7]
    assert seven == Key(
        token="*7", label="7", name="7", points=7, kind=Kind.NUMBER, most=8, coloured=True
    )
    assert seven.coloured and seven.value == "7"


def test_a_special_deck_ends_with_its_card_named_without_card():
    *_, special = keypad_keys("kitty")
    assert special == Key(
        token="X", label="Kitty", name="Kitty card", points=50, kind=Kind.SPECIAL, most=4
    )
    assert not special.coloured and special.value == "X"
    assert [key.token for key in keypad_keys("kitty")] == [*ROUND_TOKENS, "X"]


@pytest.mark.parametrize("slug", EDITIONS)
def test_every_key_is_a_card_of_its_deck_worth_its_points(slug):
    exact, by_value = deck_limits(slug)
    for key in keypad_keys(slug):
        card = parse_card(key.token, slug)
        assert card.kind is key.kind
        assert card.points == key.points
        assert card.value_key in by_value  # the deck holds it
        if key.coloured:
            assert f"R{key.value}" in exact  # a colour in front makes an exact card
    assert len(keypad_keys(slug)) == len(by_value)  # one key per value the deck holds


@pytest.mark.parametrize("slug", EDITIONS)
def test_every_key_knows_how_many_the_deck_holds_all_colours_counted(slug):
    _, by_value = deck_limits(slug)
    most = {key.token: key.most for key in keypad_keys(slug)}
    assert most["*0"] == 4 and most["*7"] == 8 and most["*+2"] == 8
    assert most["W"] == most["W+4"] == 4
    assert sum(most.values()) == sum(by_value.values()) == get_edition(slug).deck_size
    words = {key.token: key.most_in_words for key in keypad_keys(slug)}
    assert words["W+4"] == "four" and words["*7"] == "8"  # as Save's refusal says it


@pytest.mark.parametrize("slug", EDITIONS)
def test_an_edition_has_the_special_key_exactly_when_its_deck_has_the_card(slug):
    tokens = [key.token for key in keypad_keys(slug)]
    assert ("X" in tokens) == get_edition(slug).has_special


def test_the_keypad_refuses_an_unknown_edition():
    with pytest.raises(RuleError, match="Unknown edition"):
        keypad_keys("uno-flip")


def test_the_draw_for_deal_counts_numbers_and_zero_for_the_rest():
    options = draw_options("water-drop")
    assert options[:10] == [(f"*{n}", str(n)) for n in range(10)]
    assert options[10:] == [
        ("*+2", "Draw Two (counts 0)"),
        ("*S", "Skip (counts 0)"),
        ("*R", "Reverse (counts 0)"),
        ("W", "Wild (counts 0)"),
        ("W+4", "Wild Draw Four (counts 0)"),
        ("X", "Water Drop card (counts 0)"),
    ]
    assert [token for token, _ in draw_options("classic")] == ROUND_TOKENS


def test_the_classic_draw_for_deal_counts_point_values_as_its_sheet_says():
    options = dict(draw_options("classic"))
    assert options["*7"] == "7"
    assert options["*S"] == "Skip (counts 20)"
    assert options["W+4"] == "Wild Draw Four (counts 50)"


def test_every_kind_has_one_name_and_the_special_card_is_named_by_its_deck():
    assert set(KIND_NAMES) == set(Kind) - {Kind.SPECIAL, Kind.HOUSE}
    assert kind_name("draw-two") == "Draw Two"
    assert kind_name(Kind.WILD_DRAW_FOUR, "kitty") == "Wild Draw Four"
    assert kind_name("special", "cheese-touch") == "Cheese Touch card"
    with pytest.raises(RuleError, match="no special card"):
        kind_name("special", "classic")
    with pytest.raises(RuleError, match="no card kind"):
        kind_name("joker")


def test_a_keys_spoken_name_holds_the_text_printed_on_it():
    spoken = {key.label: key.spoken for key in keypad_keys("kitty")}
    assert spoken["7"] == "7 (7 points)"
    assert spoken["1"] == "1 (1 point)"  # not "1 points"
    assert spoken["0"] == "0 (0 points)"
    assert spoken["Skip"] == "Skip (20 points)"
    assert spoken["+2"] == "+2, Draw Two (20 points)"
    assert spoken["Rev"] == "Rev, Reverse (20 points)"
    assert spoken["+4"] == "+4, Wild Draw Four (50 points)"
    assert spoken["Kitty"] == "Kitty card (50 points)"
    for label, name in spoken.items():
        assert label in name.replace(",", " ").split()
