import copy

import pytest

from scorekeeper.domain import (
    DEFAULT_TARGET,
    FORMAT,
    RuleError,
    Scoring,
    hand_points,
    rank,
    score_game,
    scored_game,
)
from scorekeeper.domain.scoring import distance_to_target

ISSUE_EXAMPLE = {
    "format": "scorekeeper-game/1",
    "edition": "classic",
    "scoring": "standard",
    "target": 500,
    "players": ["Ann", "Ben", "Cat"],
    "rounds": [{"winner": "Ann", "hands": {"Ben": "R7 W", "Cat": 12}}],
}


def make_game(rounds=(), **fields):
    return {"players": ["Ann", "Ben", "Cat"], "rounds": list(rounds), **fields}


def a_round(winner="Ann", **hands):
    others = {"Ann": 10, "Ben": 10, "Cat": 10}
    others.pop(winner)
    return {"winner": winner, "hands": {**others, **hands}}


def refusal(game) -> str:
    with pytest.raises(ValueError) as caught:
        score_game(game)
    assert isinstance(caught.value, RuleError)
    return str(caught.value)


# --- the example in the issue and the output shape ---


def test_the_issue_example_scores_69_for_ann():
    scored = score_game(ISSUE_EXAMPLE)
    assert scored["rounds"][0]["points"] == {"Ann": 69, "Ben": 0, "Cat": 0}
    assert scored["result"] == {
        "totals": {"Ann": 69, "Ben": 0, "Cat": 0},
        "finished": False,
        "winners": [],
    }


def test_the_output_is_the_game_in_canonical_form():
    assert score_game(ISSUE_EXAMPLE) == {
        "format": "scorekeeper-game/1",
        "edition": "classic",
        "scoring": "standard",
        "target": 500,
        "players": ["Ann", "Ben", "Cat"],
        "rounds": [
            {
                "winner": "Ann",
                "hands": {"Ben": "R7 W", "Cat": 12},
                "points": {"Ann": 69, "Ben": 0, "Cat": 0},
            }
        ],
        "result": {"totals": {"Ann": 69, "Ben": 0, "Cat": 0}, "finished": False, "winners": []},
    }


def test_score_game_does_not_change_its_input():
    game = copy.deepcopy(ISSUE_EXAMPLE)
    game["rounds"][0]["hands"]["Ben"] = ["r7", "w"]
    before = copy.deepcopy(game)
    score_game(game)
    assert game == before


def test_defaults_are_classic_standard_and_500():
    scored = score_game({"players": ["Ann", "Ben"]})
    assert scored["format"] == FORMAT == "scorekeeper-game/1"
    assert scored["edition"] == "classic"
    assert scored["scoring"] == "standard"
    assert scored["target"] == DEFAULT_TARGET == 500
    assert scored["rounds"] == []
    assert scored["result"] == {"totals": {"Ann": 0, "Ben": 0}, "finished": False, "winners": []}


def test_the_default_target_is_500():
    just_short = make_game([a_round(Ben=499, Cat=0)])
    assert score_game(just_short)["result"]["finished"] is False
    reached = make_game([a_round(Ben=499, Cat=1)])
    assert score_game(reached)["result"]["finished"] is True


def test_edition_and_scoring_are_written_canonically():
    scored = score_game(make_game(edition=" Kitty", scoring="LOWEST"))
    assert scored["edition"] == "kitty"
    assert scored["scoring"] == "lowest"


def test_each_rounds_points_name_every_player():
    game = make_game([a_round("Ben", Ann=5, Cat=7), a_round("Cat", Ann=1, Ben=2)])
    for scored_round in score_game(game)["rounds"]:
        assert list(scored_round["points"]) == ["Ann", "Ben", "Cat"]


def test_totals_follow_seat_order():
    game = {"players": ["Cat", "Ann", "Ben"], "rounds": [a_round("Ann", Ben=3, Cat=4)]}
    assert list(score_game(game)["result"]["totals"]) == ["Cat", "Ann", "Ben"]


# --- canonical hands ---


def test_list_hands_become_strings():
    scored = score_game(make_game([a_round(Ben=["R7", "W"], Cat=["*+2"])]))
    assert scored["rounds"][0]["hands"] == {"Ben": "R7 W", "Cat": "*+2"}


def test_lowercase_cards_become_uppercase_and_separators_single_spaces():
    scored = score_game(make_game([a_round(Ben="r7,w+4 , g+2", Cat="x")], edition="kitty"))
    assert scored["rounds"][0]["hands"] == {"Ben": "R7 W+4 G+2", "Cat": "X"}


def test_totals_stay_numbers():
    scored = score_game(make_game([a_round(Ben=0, Cat=31)]))
    assert scored["rounds"][0]["hands"] == {"Ben": 0, "Cat": 31}


def test_the_winners_empty_hand_is_dropped():
    scored = score_game(make_game([{"winner": "Ann", "hands": {"Ann": 0, "Ben": 3, "Cat": 4}}]))
    assert scored["rounds"][0]["hands"] == {"Ben": 3, "Cat": 4}


@pytest.mark.parametrize("empty", [0, "", [], " , "])
def test_the_winner_may_be_given_an_empty_hand(empty):
    game = make_game([{"winner": "Ann", "hands": {"Ann": empty, "Ben": 3, "Cat": 4}}])
    assert score_game(game)["result"]["totals"]["Ann"] == 7


# --- extra keys ---


def test_game_level_extra_keys_pass_through_untouched():
    extras = {
        "night": {"date": "2025-03-14", "name": "Pi night"},
        "started_at": "2025-03-14T19:30:00+01:00",
        "finished_at": None,
        "first_dealer": "Ben",
        "house_rules": {"agreed": {"stacking": True, "seven_o": False}, "note": "no jump-ins"},
        "challenges": [
            {
                "challenger": "Ben",
                "challenged": "Ann",
                "colour": "R",
                "hand": "R7 W",
                "guilty": True,
                "drawer": "challenged",
                "cards": 4,
                "at": "2025-03-14T19:45:00+01:00",
            }
        ],
        "anything_else": [1, {"nested": "value"}],
    }
    scored = score_game({**ISSUE_EXAMPLE, **extras})
    for key, value in extras.items():
        assert scored[key] == value


def test_extra_keys_are_copied_not_shared():
    game = {**ISSUE_EXAMPLE, "house_rules": {"agreed": {"stacking": True}}}
    scored = score_game(game)
    scored["house_rules"]["agreed"]["stacking"] = False
    assert game["house_rules"]["agreed"]["stacking"] is True


def test_round_level_extra_keys_pass_through_untouched():
    game = make_game([{**a_round(Ben=1, Cat=2), "dealer": "Cat", "note": {"why": "fast"}}])
    scored_round = score_game(game)["rounds"][0]
    assert scored_round["dealer"] == "Cat"
    assert scored_round["note"] == {"why": "fast"}


def test_stale_points_and_result_in_the_input_are_recomputed():
    game = make_game([{**a_round(Ben=1, Cat=2), "points": {"Ann": 999}}])
    game["result"] = {"totals": {"Ann": 999}, "finished": True, "winners": ["Ann"]}
    scored = score_game(game)
    assert scored["rounds"][0]["points"] == {"Ann": 3, "Ben": 0, "Cat": 0}
    assert scored["result"] == {
        "totals": {"Ann": 3, "Ben": 0, "Cat": 0},
        "finished": False,
        "winners": [],
    }


def test_scoring_the_output_again_gives_the_same_output():
    game = make_game(
        [a_round(Ben=["r7", "w"], Cat=12), {**a_round("Cat", Ann="g+2", Ben=0), "x": 1}],
        night={"date": "2025-01-01", "name": "New year"},
    )
    once = score_game(game)
    assert score_game(once) == once


# --- standard mode ---


def test_standard_the_winner_scores_everyone_elses_points():
    game = make_game([a_round("Ben", Ann="R7 W", Cat=12), a_round("Ann", Ben="G+2", Cat="*S B0")])
    scored = score_game(game)
    assert [r["points"] for r in scored["rounds"]] == [
        {"Ann": 0, "Ben": 69, "Cat": 0},
        {"Ann": 40, "Ben": 0, "Cat": 0},
    ]
    assert scored["result"]["totals"] == {"Ann": 40, "Ben": 69, "Cat": 0}


def test_standard_the_first_to_the_target_wins_and_the_game_ends_there():
    first = a_round("Ben", Ann=60, Cat=40)
    assert score_game(make_game([first], target=100))["result"] == {
        "totals": {"Ann": 0, "Ben": 100, "Cat": 0},
        "finished": True,
        "winners": ["Ben"],
    }
    # Ann would also reach 100 in a second round, but the game was already over.
    assert "Round 2" in refusal(make_game([first, a_round("Ann", Ben=50, Cat=50)], target=100))


def test_standard_reaching_the_target_ends_the_game_with_that_winner():
    game = make_game([a_round("Ben", Ann=30, Cat=20), a_round("Ann", Ben=70, Cat=30)], target=100)
    assert score_game(game)["result"] == {
        "totals": {"Ann": 100, "Ben": 50, "Cat": 0},
        "finished": True,
        "winners": ["Ann"],
    }


def test_standard_passing_the_target_also_ends_the_game():
    game = make_game([a_round("Cat", Ann=300, Ben=250)])
    assert score_game(game)["result"] == {
        "totals": {"Ann": 0, "Ben": 0, "Cat": 550},
        "finished": True,
        "winners": ["Cat"],
    }


def test_standard_just_below_the_target_goes_on():
    game = make_game([a_round("Cat", Ann=50, Ben=49)], target=100)
    assert score_game(game)["result"]["finished"] is False
    assert score_game(game)["result"]["winners"] == []


# --- lowest mode ---


def test_lowest_each_player_adds_their_own_hand():
    game = make_game(
        [a_round("Ann", Ben="R7 W", Cat=12), a_round("Ben", Ann="G+2", Cat=3)], scoring="lowest"
    )
    scored = score_game(game)
    assert [r["points"] for r in scored["rounds"]] == [
        {"Ann": 0, "Ben": 57, "Cat": 12},
        {"Ann": 20, "Ben": 0, "Cat": 3},
    ]
    assert scored["result"] == {
        "totals": {"Ann": 20, "Ben": 57, "Cat": 15},
        "finished": False,
        "winners": [],
    }


def test_lowest_when_someone_reaches_the_target_the_lowest_total_wins():
    game = make_game([a_round("Ann", Ben=100, Cat=40)], scoring="lowest", target=100)
    assert score_game(game)["result"] == {
        "totals": {"Ann": 0, "Ben": 100, "Cat": 40},
        "finished": True,
        "winners": ["Ann"],
    }


def test_lowest_equal_lowest_totals_share_the_win():
    game = make_game(
        [a_round("Ann", Ben=10, Cat=60), a_round("Ben", Ann=10, Cat=50)],
        scoring="lowest",
        target=100,
    )
    assert score_game(game)["result"] == {
        "totals": {"Ann": 10, "Ben": 10, "Cat": 110},
        "finished": True,
        "winners": ["Ann", "Ben"],
    }


def test_lowest_winners_stay_empty_until_the_target_is_reached():
    game = make_game([a_round("Ann", Ben=10, Cat=99)], scoring="lowest", target=100)
    assert score_game(game)["result"]["winners"] == []


def test_lowest_mode_uses_the_default_target_too():
    game = make_game([a_round("Ann", Ben=499, Cat=0)], scoring="lowest")
    assert not score_game(game)["result"]["finished"]
    game = make_game([a_round("Ann", Ben=500, Cat=0)], scoring="lowest")
    assert score_game(game)["result"]["winners"] == ["Ann", "Cat"]


@pytest.mark.parametrize(
    ("total", "scoring", "said"),
    [
        (30, "standard", "70 to go"),
        (30, "lowest", "70 before the target"),
        (100, "standard", "target reached"),
        (120, "lowest", "target reached"),
    ],
)
def test_a_row_says_its_distance_to_the_target_in_the_modes_words(total, scoring, said):
    words = distance_to_target(total, 100, scoring)
    assert words % words.values == said


# --- ranking ---


def test_rank_shares_places_for_equal_totals():
    assert rank({"Ann": 10, "Ben": 30, "Cat": 10}, "standard") == [
        (1, "Ben", 30),
        (2, "Ann", 10),
        (2, "Cat", 10),
    ]
    assert rank({"Ann": 10, "Ben": 30, "Cat": 10}, "lowest") == [
        (1, "Ann", 10),
        (1, "Cat", 10),
        (3, "Ben", 30),
    ]


# --- validation: game level ---


@pytest.mark.parametrize("count", [0, 1, 11, 12])
def test_a_game_needs_2_to_10_players(count):
    message = refusal({"players": [f"P{i}" for i in range(count)]})
    assert str(count) in message


@pytest.mark.parametrize("count", [2, 10])
def test_2_and_10_players_are_allowed(count):
    assert len(score_game({"players": [f"P{i}" for i in range(count)]})["players"]) == count


@pytest.mark.parametrize(("first", "second"), [("Ann", "ann"), ("Ann", "ANN"), ("Ann", " Ann ")])
def test_names_are_distinct_ignoring_case(first, second):
    assert second.strip() in refusal({"players": [first, "Ben", second]})


@pytest.mark.parametrize("name", ["", "   ", None, 7])
def test_a_name_must_be_text(name):
    assert repr(name) in refusal({"players": ["Ann", name]})


def test_players_must_be_a_list():
    assert "'Ann, Ben'" in refusal({"players": "Ann, Ben"})
    assert "None" in refusal({})


@pytest.mark.parametrize("edition", ["uno", "Classic 108", ""])
def test_an_unknown_edition_is_refused(edition):
    assert repr(edition) in refusal(make_game(edition=edition))


@pytest.mark.parametrize("scoring", ["highest", "", "std", None])
def test_an_unknown_scoring_mode_is_refused(scoring):
    assert repr(scoring) in refusal(make_game(scoring=scoring))


@pytest.mark.parametrize("target", [0, -1, -500, True, False, 500.0, 1.5, "500", None, [500]])
def test_the_target_must_be_a_positive_whole_number(target):
    assert repr(target) in refusal(make_game(target=target))


@pytest.mark.parametrize("target", [1, 100, 10_000])
def test_any_positive_whole_number_target_is_allowed(target):
    assert score_game(make_game(target=target))["target"] == target


def test_an_unknown_format_is_refused():
    assert "'scorekeeper-game/2'" in refusal(make_game(format="scorekeeper-game/2"))


def test_rounds_must_be_a_list():
    assert "rounds" in refusal(make_game() | {"rounds": {"winner": "Ann"}})


def test_a_game_must_be_an_object():
    assert "object" in refusal([ISSUE_EXAMPLE])


# --- validation: rounds ---


@pytest.mark.parametrize("winner", ["Dan", "ann", None, ""])
def test_the_winner_must_be_a_player(winner):
    message = refusal(make_game([{"winner": winner, "hands": {"Ben": 1, "Cat": 2}}]))
    assert repr(winner) in message
    assert "Round 1" in message


def test_a_round_must_be_an_object():
    assert "Round 1" in refusal(make_game(["Ann"]))


@pytest.mark.parametrize("hand", ["R7", ["W"], 5, False, 0.0, "Q9", None])
def test_the_winner_holds_no_cards(hand):
    message = refusal(make_game([{"winner": "Ann", "hands": {"Ann": hand, "Ben": 1, "Cat": 2}}]))
    assert "Ann" in message
    assert "no cards" in message


def test_every_other_hand_must_be_given():
    message = refusal(make_game([{"winner": "Ann", "hands": {"Ben": 1}}]))
    assert "Cat" in message
    assert "missing" in message
    message = refusal(make_game([{"winner": "Ann"}]))
    assert "Ben" in message


def test_a_hand_for_someone_not_playing_is_refused():
    message = refusal(make_game([a_round(Dan=4)]))
    assert "'Dan'" in message


@pytest.mark.parametrize("total", [-1, -50])
def test_a_hand_total_must_not_be_negative(total):
    message = refusal(make_game([a_round(Ben=total)]))
    assert "Ben" in message
    assert str(total) in message


@pytest.mark.parametrize("total", [1.5, 7.0, True, None, {"R7": 1}])
def test_a_hand_total_must_be_a_whole_number(total):
    message = refusal(make_game([a_round(Ben=total)]))
    assert "Ben" in message
    assert repr(total) in message


@pytest.mark.parametrize("hand", ["", [], " ,"])
def test_a_losers_hand_must_not_be_empty(hand):
    assert "Ben" in refusal(make_game([a_round(Ben=hand)]))


def test_a_bad_card_in_a_hand_is_refused_naming_the_card_and_player():
    message = refusal(make_game([a_round(Ben="R7 Q9")]))
    assert "'Q9'" in message
    assert "Ben" in message
    assert "Round 1" in message


def test_the_special_card_is_refused_on_the_classic_deck():
    message = refusal(make_game([a_round(Ben="X")]))
    assert "'X'" in message


def test_refusals_name_the_round():
    game = make_game([a_round(Ben=1, Cat=2), a_round(Ben=-3, Cat=2)])
    assert refusal(game).startswith("Round 2:")


# --- validation: deck limits within one round ---


@pytest.mark.parametrize(
    ("hands", "named"),
    [
        ({"Ben": "R0", "Cat": "r0"}, "R0"),
        ({"Ben": "R0 R0"}, "R0"),
        ({"Ben": "R7 R7", "Cat": "R7"}, "R7"),
        ({"Ben": "G+2 G+2 G+2"}, "G+2"),
        ({"Ben": "BS BS BS"}, "BS"),
        ({"Ben": "YR", "Cat": "YR YR"}, "YR"),
        ({"Ben": "W W W", "Cat": "W W"}, "W"),
        ({"Ben": "W+4 W+4 W+4 W+4 W+4"}, "W+4"),
    ],
)
def test_no_card_appears_more_often_than_the_deck_holds_it(hands, named):
    hands = {"Ben": 1, "Cat": 1, **hands}
    message = refusal(make_game([{"winner": "Ann", "hands": hands}]))
    assert named in message
    assert "Round 1" in message


@pytest.mark.parametrize(
    "hands",
    [
        {"Ben": "R0", "Cat": "G0 B0 Y0"},
        {"Ben": "R7 R7", "Cat": "G7 G7"},
        {"Ben": "W W", "Cat": "W W W+4 W+4 W+4 W+4"},
        {"Ben": "*7 *7 *7 *7", "Cat": "R7 R7 G7 G7"},
        {"Ben": "*0 *0 *0 *0"},
        {"Ben": "*S " * 8, "Cat": "*R " * 8},
    ],
)
def test_exactly_what_the_deck_holds_is_allowed(hands):
    hands = {"Ben": 1, "Cat": 1, **hands}
    scored = score_game(make_game([{"winner": "Ann", "hands": hands}], target=10_000))
    assert scored["result"]["totals"]["Ann"] == sum(
        hand if isinstance(hand, int) else hand_points(hand) for hand in hands.values()
    )


def test_colourless_cards_count_by_value_eight_sevens():
    message = refusal(make_game([a_round(Ben="*7 *7 *7 *7 *7", Cat="R7 R7 G7 B7")]))
    assert "9" in message
    assert "7" in message


def test_colourless_cards_count_by_value_four_zeros():
    message = refusal(make_game([a_round(Ben="*0 *0", Cat="Y0 *0 *0")]))
    assert "5 × 0" in message


def test_colourless_actions_count_by_value():
    message = refusal(make_game([a_round(Ben="*+2 " * 5, Cat="R+2 R+2 B+2 B+2")]))
    assert "Draw Two" in message


@pytest.mark.parametrize("edition", ["kitty", "cheese-touch", "water-drop"])
def test_special_cards_are_limited_to_four(edition):
    assert score_game(make_game([a_round(Ben="X X", Cat="X X")], edition=edition))
    message = refusal(make_game([a_round(Ben="X X X", Cat="X X")], edition=edition))
    assert "X" in message
    assert "four" in message


def test_totals_are_not_counted_against_the_deck():
    scored = score_game(make_game([a_round(Ben="R0", Cat=0)]))
    assert scored["rounds"][0]["hands"] == {"Ben": "R0", "Cat": 0}


def test_deck_limits_apply_within_one_round_only():
    full_round = {"Ben": "R0 W W W W", "Cat": "*7 *7 *7 *7 *7 *7 *7 *7"}
    game = make_game([a_round("Ann", **full_round), a_round("Ann", **full_round)])
    scored = score_game(game)
    assert scored["result"]["totals"]["Ann"] == 2 * (0 + 200 + 56)


# --- no round after the game is over ---


def test_no_round_after_the_game_is_over():
    game = make_game(
        [a_round("Ann", Ben=60, Cat=40), a_round("Ben", Ann=1, Cat=1), a_round()], target=100
    )
    message = refusal(game)
    assert "Round 2" in message
    assert "round 1" in message


def test_no_round_after_the_game_is_over_in_lowest_mode():
    game = make_game(
        [a_round("Ann", Ben=60, Cat=40), a_round("Ann", Ben=50, Cat=1), a_round()],
        scoring="lowest",
        target=100,
    )
    message = refusal(game)
    assert "Round 3" in message
    assert "round 2" in message


def test_rank_takes_the_scoring_mode_as_text_or_enum():
    totals = {"Ann": 10, "Ben": 30}
    assert (
        rank(totals, Scoring.STANDARD)
        == rank(totals, "standard")
        == [
            (1, "Ben", 30),
            (2, "Ann", 10),
        ]
    )
    assert (
        rank(totals, Scoring.LOWEST) == rank(totals, "lowest") == [(1, "Ann", 10), (2, "Ben", 30)]
    )


def test_rank_refuses_an_unknown_scoring_mode():
    with pytest.raises(ValueError, match="'highest'"):
        rank({"Ann": 1}, "highest")


@pytest.mark.parametrize(
    ("scoring", "totals", "winners"),
    [
        ("standard", {"Ann": 45, "Ben": 50, "Cat": 0}, ["Ben"]),
        ("lowest", {"Ann": 50, "Ben": 14, "Cat": 31}, ["Ben"]),
    ],
)
def test_seat_figures_count_what_each_seat_won_and_held(scoring, totals, winners):
    game = {
        "format": FORMAT,
        "scoring": scoring,
        "target": 500,
        "ended": "leader",
        "players": ["Ann", "Ben", "Cat"],
        "rounds": [
            {"winner": "Ann", "hands": {"Ben": "R5 Y9", "Cat": 31}},  # 14 + 31 = 45
            {"winner": "Ben", "hands": {"Ann": "W", "Cat": 0}},  # 50 + 0 = 50
        ],
    }
    scored = scored_game(game)
    figures = scored.seat_figures()
    assert figures["Ann"].rounds_won == 1 and figures["Ann"].collected == 45
    assert figures["Ann"].best_round == 45 and figures["Cat"].best_round is None
    assert (figures["Ann"].held_points, figures["Ann"].held_hands) == (50, 1)
    assert (figures["Cat"].held_points, figures["Cat"].held_hands) == (31, 2)
    assert [name for name, f in figures.items() if f.won] == winners == list(scored.winners)
    assert {name: f.total for name, f in figures.items()} == dict(scored.totals) == totals
    best = figures[winners[0]]
    assert best.place == 1 and sorted(f.place for f in figures.values()) == [1, 2, 3]
