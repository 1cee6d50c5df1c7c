from collections import Counter

import pytest

from scorekeeper.domain import COLOURS, EDITIONS, Edition, RuleError, get_edition
from scorekeeper.domain.cards import deck_limits

SPECIAL_EDITIONS = ["kitty", "cheese-touch", "water-drop"]


def classic_composition() -> Counter[str]:
    """The classic deck written out by hand, card by card, from the rules."""
    deck: Counter[str] = Counter()
    for colour in "RGBY":
        deck[f"{colour}0"] += 1
        for number in range(1, 10):
            deck[f"{colour}{number}"] += 2
        for action in ("+2", "S", "R"):
            deck[f"{colour}{action}"] += 2
    deck["W"] += 4
    deck["W+4"] += 4
    return deck


def test_the_editions_are_exactly_these():
    assert set(EDITIONS) == {"classic", *SPECIAL_EDITIONS}


def test_the_classic_deck_holds_108_cards_exactly():
    exact, _ = deck_limits("classic")
    assert exact == dict(classic_composition())
    assert sum(exact.values()) == 108
    assert get_edition("classic").deck_size == 108
    assert not get_edition("classic").has_special


@pytest.mark.parametrize("slug", SPECIAL_EDITIONS)
def test_special_decks_add_four_special_cards_to_112(slug):
    exact, _ = deck_limits(slug)
    expected = classic_composition()
    expected["X"] = 4
    assert exact == dict(expected)
    assert get_edition(slug).deck_size == 112
    assert get_edition(slug).special_count == 4
    assert get_edition(slug).has_special


@pytest.mark.parametrize("slug", EDITIONS)
def test_deck_limits_add_up_to_the_deck_size(slug):
    exact, by_value = deck_limits(slug)
    size = get_edition(slug).deck_size
    assert sum(exact.values()) == size
    assert sum(by_value.values()) == size


def test_limits_by_value_count_all_colours():
    _, by_value = deck_limits("classic")
    assert by_value["0"] == 4
    assert by_value["7"] == 8
    assert by_value["+2"] == 8
    assert by_value["S"] == 8
    assert by_value["R"] == 8
    assert by_value["W"] == 4
    assert by_value["W+4"] == 4
    assert "X" not in by_value
    assert deck_limits("kitty")[1]["X"] == 4


@pytest.mark.parametrize("slug", EDITIONS)
def test_every_edition_has_a_display_name(slug):
    edition = get_edition(slug)
    assert edition.slug == slug
    assert edition.name.strip()
    assert edition.deck_name.strip()


@pytest.mark.parametrize(
    ("slug", "special_name"),
    [
        ("kitty", "Kitty card"),
        ("cheese-touch", "Cheese Touch card"),
        ("water-drop", "Water Drop card"),
    ],
)
def test_special_editions_name_and_summarise_their_card(slug, special_name):
    edition = get_edition(slug)
    assert edition.special_name == special_name
    summary = edition.special_summary
    assert summary.strip()
    assert "\n" not in summary
    # One line, one sentence: it ends with a full stop and has no other sentence end.
    assert summary.endswith(".")
    assert summary.count(". ") == 0


def test_classic_has_no_special_card():
    classic = get_edition("classic")
    assert classic.special_name is None
    assert classic.special_count == 0


def test_the_cheese_touch_card_counts_as_yellow_and_the_others_are_wild():
    assert get_edition("cheese-touch").special_colour == "Y"
    assert get_edition("kitty").special_colour is None
    assert get_edition("water-drop").special_colour is None


def test_the_kitty_card_is_from_the_big_bang_theory_and_cheese_touch_from_wimpy_kid():
    assert "Big Bang Theory" in get_edition("kitty").deck_name
    assert "Wimpy Kid" in get_edition("cheese-touch").deck_name


@pytest.mark.parametrize("text", ["Kitty", " CLASSIC ", "Cheese-Touch"])
def test_edition_slugs_ignore_case_and_spaces(text):
    assert get_edition(text).slug == text.strip().lower()


def test_an_edition_passes_through():
    kitty = get_edition("kitty")
    assert get_edition(kitty) is kitty
    assert isinstance(kitty, Edition)


@pytest.mark.parametrize("text", ["uno", "", "cheese touch", "waterdrop", None])
def test_an_unknown_edition_is_refused_naming_it(text):
    with pytest.raises(ValueError) as caught:
        get_edition(text)
    assert repr(text) in str(caught.value)
    assert "classic" in str(caught.value)


def test_colours_are_the_four_letters():
    assert COLOURS == ("R", "G", "B", "Y")


@pytest.mark.parametrize("value", [[], {}, ["classic"], {"slug": "classic"}, None, 3])
def test_a_value_that_is_no_slug_is_refused_in_words(value):
    with pytest.raises(RuleError, match="Unknown edition"):
        get_edition(value)


def test_a_stored_slug_and_a_typed_one_find_the_same_edition():
    assert get_edition("classic") is get_edition(" Classic ") is get_edition(get_edition("classic"))
