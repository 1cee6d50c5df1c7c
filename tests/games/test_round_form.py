"""The round form: the fields the round screen posts, read as the keypad's label promises."""

import pytest

from scorekeeper.games.forms import RoundForm

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def form(edition="classic", **fields):
    data = {"winner": "Ann", "number": "1", "went_out_on": "other", "request_key": "k1"}
    for index in range(len(PLAYERS)):
        data[f"cards_{index}"] = ""
        data[f"total_{index}"] = ""
    data.update(fields)
    return RoundForm(data, players=PLAYERS, edition=edition)


def test_bare_cards_colours_stars_and_totals_are_taken_as_typed():
    entry = form(cards_1="7 7 W", cards_2="R0 R5", cards_3="*S, skip +4")
    assert entry.is_valid(), entry.errors
    assert entry.cleaned_data["hands"] == {"Ben": "7 7 W", "Cat": "R0 R5", "Dan": "*S, skip +4"}
    assert entry.cleaned_data["went_out_on"] == "other"

    typed = form(total_1="64", cards_2="x", total_3=" 0 ", edition="kitty")
    assert typed.is_valid(), typed.errors
    assert typed.cleaned_data["hands"] == {"Ben": 64, "Cat": "x", "Dan": 0}


def test_the_winners_own_fields_are_not_read():
    entry = form(cards_0="Q9 nonsense", total_0="x", cards_1="7", cards_2="8", cards_3="9")
    assert entry.is_valid(), entry.errors
    assert "Ann" not in entry.cleaned_data["hands"]


def test_a_token_that_is_no_card_is_named_on_its_hand_with_what_to_write():
    entry = form(cards_1="7 Q9 W", cards_2="8", cards_3="9")
    assert not entry.is_valid()
    [message] = entry.errors["cards_1"]
    assert "'Q9' is not a card" in message
    assert "7, +2, Skip, Rev" in message  # the bare forms the label promises
    assert set(entry.errors) == {"cards_1"}


def test_the_special_card_on_a_deck_without_one_is_refused_in_words():
    entry = form(cards_1="X", cards_2="8", cards_3="9")
    assert not entry.is_valid()
    assert entry.errors["cards_1"] == ["Ben's hand: 'X': the Classic deck has no special card."]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cards_2": "8", "cards_3": "9"}, "Enter Ben's cards or their total."),
        ({"cards_1": "7", "total_1": "7", "cards_2": "8", "cards_3": "9"}, "not both"),
        ({"total_1": "7.5", "cards_2": "8", "cards_3": "9"}, "must be a whole number"),
    ],
)
def test_a_hand_that_is_missing_doubled_or_not_a_number_says_so(fields, message):
    entry = form(**fields)
    assert not entry.is_valid()
    assert message in entry.errors["cards_1"][0]


@pytest.mark.parametrize("card", ["+2", "+4", "other"])
def test_the_card_the_round_ended_on_is_one_of_three(card):
    entry = form(went_out_on=card, cards_1="7", cards_2="8", cards_3="9")
    assert entry.is_valid(), entry.errors
    assert entry.cleaned_data["went_out_on"] == card


def test_an_old_form_without_the_card_still_saves_and_another_value_is_refused():
    data = form(cards_1="7", cards_2="8", cards_3="9").data.copy()
    del data["went_out_on"]
    old = RoundForm(data, players=PLAYERS, edition="classic")
    assert old.is_valid(), old.errors
    assert old.cleaned_data["went_out_on"] == ""

    bad = form(went_out_on="+3", cards_1="7", cards_2="8", cards_3="9")
    assert not bad.is_valid()
    assert bad.errors["went_out_on"] == [
        "Pick the card the round ended on: Draw Two, Wild Draw Four or another card."
    ]


def test_the_edit_form_starts_on_the_stored_card():
    entry = RoundForm(initial={"went_out_on": "+4"}, players=PLAYERS, edition="classic")
    checked = [radio for radio in entry["went_out_on"] if "checked" in radio.tag()]
    assert [radio.data["value"] for radio in checked] == ["+4"]
