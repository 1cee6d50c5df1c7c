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
    if outcome.returned or outcome.unsettled:
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


def test_a_classic_reverse_follows_unorules_and_shows_the_summary_disagreeing():
    outcome = first_card("reverse", "classic")
    assert outcome.first_player == "right of dealer"
    assert outcome.direction == COUNTER_CLOCKWISE
    assert outcome.direction_label == "counter-clockwise (to the right)"
    sources = {sources: text for sources, text in outcome.variants}
    assert set(sources) == {("unorules",), ("summary",)}  # no boxed sheet for a Classic deck
    assert "right" in sources[("unorules",)]
    assert "dealer opens" in sources[("summary",)]


@pytest.mark.parametrize("edition", ["kitty", "cheese-touch", "water-drop"])
def test_a_themed_reverse_follows_its_sheet_and_shows_no_classic_variant(edition):
    outcome = first_card("reverse", edition)
    assert outcome.first_player == "dealer"
    assert outcome.variants == []  # its sheet and the summary agree; unorules.org isn't theirs


def test_a_wild_in_a_themed_deck_lets_the_first_player_choose():
    outcome = first_card("wild", "cheese-touch")
    assert outcome.chooses_colour == "left of dealer"
    assert not outcome.returned and not outcome.unsettled
    assert outcome.variants == []


def test_a_classic_wild_is_unsettled_because_its_sheet_says_both():
    outcome = first_card("wild", "classic")
    assert outcome.unsettled
    assert outcome.first_player == "" and outcome.chooses_colour == ""
    assert "set-up" in outcome.summary and "Wild card section" in outcome.summary
    [unorules] = [text for sources, text in outcome.variants if sources == ("unorules",)]
    assert "back" in unorules


def test_a_classic_draw_two_says_what_is_our_reading():
    classic = first_card("draw-two", "classic")
    assert classic.skipped == "left of dealer"
    assert "only says the first player draws 2" in classic.reading
    assert first_card("draw-two", "kitty").reading == ""


def test_a_wild_draw_four_goes_back():
    outcome = first_card("wild-draw-four", "classic")
    assert outcome.returned
    assert outcome.first_player == ""
    assert len(outcome.variants) == 2  # the summary adds a shuffle
    assert [sources for sources, _ in outcome.variants] == [("unorules",), ("summary",)]


def test_the_kitty_sheet_covers_its_own_card():
    outcome = first_card("special", "kitty")
    assert outcome.entry == "first-card-kitty"
    assert outcome.chooses_colour == "left of dealer"
    assert outcome.draws == ""
    assert not outcome.silent
    assert outcome.variants == []
    assert "nobody draw" in outcome.reading


@pytest.mark.parametrize("edition", ["cheese-touch", "water-drop"])
def test_silent_sheets_say_so_and_no_other_decks_sheet_is_shown(edition):
    outcome = first_card("special", edition)
    assert outcome.silent
    assert "doesn't say" in outcome.summary
    assert outcome.entry == f"first-card-{edition}"
    assert outcome.variants == []  # the Kitty sheet is not this deck's
    assert outcome.reading


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
