import pytest

from scorekeeper.rules import EDITIONS, KINDS, first_card, get_entry
from scorekeeper.rules.first_card import CLOCKWISE, COUNTER_CLOCKWISE

PLAIN_KINDS = [kind for kind in KINDS if kind != "special"]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("kind", PLAIN_KINDS)
def test_every_outcome_is_complete_and_points_at_a_real_entry(kind, edition):
    outcome = first_card(kind, edition)
    assert outcome.kind == kind and outcome.edition == edition
    assert outcome.summary.endswith(".")
    assert get_entry(outcome.entry) is not None
    if outcome.returned:
        assert outcome.first_player == "" and outcome.direction == ""
    else:
        assert outcome.first_player
        assert outcome.direction in (CLOCKWISE, COUNTER_CLOCKWISE)


def test_a_number_just_starts_play():
    outcome = first_card("number", "classic")
    assert outcome.first_player == "left of dealer"
    assert outcome.direction == CLOCKWISE
    assert not outcome.returned and outcome.draws == "" and outcome.variants == []


def test_a_draw_two_makes_the_first_player_draw_and_miss_the_turn():
    outcome = first_card("draw-two", "kitty")
    assert outcome.draws == "the player left of the dealer draws 2 and is skipped"
    assert outcome.skipped == "left of dealer"
    assert outcome.first_player == "two seats left of dealer"


def test_a_skip_skips_the_player_left_of_the_dealer():
    outcome = first_card("skip", "water-drop")
    assert outcome.skipped == "left of dealer"
    assert outcome.first_player == "two seats left of dealer"
    assert outcome.draws == ""


def test_a_reverse_lets_the_dealer_start_going_right_and_shows_the_unorules_reading():
    outcome = first_card("reverse", "classic")
    assert outcome.first_player == "dealer"
    assert outcome.direction == COUNTER_CLOCKWISE
    assert outcome.direction_label == "counter-clockwise (to the right)"
    sources = {sources: text for sources, text in outcome.variants}
    assert ("unorules",) in sources
    assert "right" in sources[("unorules",)]
    assert any("kitty" in key for key in sources)


def test_a_wild_lets_the_first_player_choose_but_unorules_set_up_returns_it():
    outcome = first_card("wild", "cheese-touch")
    assert outcome.chooses_colour == "left of dealer"
    assert not outcome.returned
    [unorules] = [text for sources, text in outcome.variants if sources == ("unorules",)]
    assert "back" in unorules


def test_a_wild_draw_four_goes_back():
    outcome = first_card("wild-draw-four", "classic")
    assert outcome.returned
    assert outcome.first_player == ""
    assert len(outcome.variants) == 2  # the summary adds a shuffle


def test_the_kitty_sheet_covers_its_own_card():
    outcome = first_card("special", "kitty")
    assert outcome.entry == "first-card-kitty"
    assert outcome.chooses_colour == "left of dealer"
    assert outcome.draws == ""
    assert not outcome.silent
    assert outcome.variants == []


@pytest.mark.parametrize("edition", ["cheese-touch", "water-drop"])
def test_silent_sheets_say_so_and_show_the_kitty_comparison(edition):
    outcome = first_card("special", edition)
    assert outcome.silent
    assert "doesn't say" in outcome.summary
    assert outcome.entry == f"first-card-{edition}"
    assert (edition,) in [sources for sources, _ in outcome.variants]
    assert ("kitty",) in [sources for sources, _ in outcome.variants]


def test_a_cheese_touch_first_makes_the_first_player_draw():
    assert "draws 2" in first_card("special", "cheese-touch").draws


def test_classic_has_no_special_card():
    with pytest.raises(ValueError, match="Classic"):
        first_card("special", "classic")


@pytest.mark.parametrize(("kind", "edition"), [("joker", "classic"), ("wild", "mario")])
def test_unknown_kinds_and_editions_are_refused(kind, edition):
    with pytest.raises(ValueError) as error:
        first_card(kind, edition)
    assert str(error.value).endswith(".")
