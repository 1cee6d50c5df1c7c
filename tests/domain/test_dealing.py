"""The draw for deal follows each deck's own sheet."""

import pytest

from scorekeeper.domain import EDITIONS, RuleError, draw_for_deal, get_edition


def test_classic_ranks_by_point_value_so_a_wild_beats_a_nine():
    result = draw_for_deal({"Ann": "R9", "Ben": "W", "Cat": "GS"}, "classic")
    assert result.dealer == "Ben"
    assert result.values == {"Ann": 9, "Ben": 50, "Cat": 20}


@pytest.mark.parametrize("edition", ["kitty", "cheese-touch", "water-drop"])
def test_the_boxed_decks_rank_by_number_with_symbols_at_zero(edition):
    result = draw_for_deal({"Ann": "R9", "Ben": "W", "Cat": "X"}, edition)
    assert result.dealer == "Ann"
    assert result.values == {"Ann": 9, "Ben": 0, "Cat": 0}


def test_a_tie_for_best_draws_again_in_both_rankings():
    assert draw_for_deal({"Ann": "R+2", "Ben": "YS", "Cat": "B9"}, "classic").redraw == (
        "Ann",
        "Ben",
    )
    assert draw_for_deal({"Ann": "R+2", "Ben": "YS", "Cat": "B0"}, "kitty").redraw == (
        "Ann",
        "Ben",
        "Cat",
    )


def test_a_missing_card_is_refused_in_words():
    with pytest.raises(RuleError, match="Enter the card Ben drew"):
        draw_for_deal({"Ann": "R5", "Ben": " "}, "classic")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_table_is_told_the_rule_of_its_own_deck(edition):
    rule = get_edition(edition).deal_rule
    if edition == "classic":
        assert "point value" in rule and "20" in rule and "50" in rule
    else:
        assert "count as zero" in rule
    assert "tie" in rule and "our rule" in rule
