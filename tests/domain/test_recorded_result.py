"""A game recorded with its final totals only (a play from BG Stats): no rounds, a ``result``
that names its winners, kept as given and checked like the rest of a game file."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain import RuleError, rank, score_game, scored_game
from scorekeeper.domain.dealing import first_player_seat
from scorekeeper.domain.scoring import MAX_TOTAL, is_recorded, placed

RECORDED = {
    "format": "scorekeeper-game/1",
    "scoring": "standard",
    "players": ["Ann", "Ben", "Cat"],
    "rounds": [],
    "result": {"totals": {"Ann": 520, "Ben": 140, "Cat": 75}, "winners": ["Ann"]},
}


def recorded(**result):
    return {**RECORDED, "result": {**RECORDED["result"], **result}}


def test_a_game_without_rounds_keeps_the_totals_and_winners_it_was_recorded_with():
    scored = score_game(RECORDED)
    assert scored["result"] == {
        "totals": {"Ann": 520, "Ben": 140, "Cat": 75},
        "finished": True,
        "winners": ["Ann"],
    }
    assert score_game(scored) == scored  # scoring stays idempotent
    game = scored_game(RECORDED)
    assert game.recorded and game.finished and game.rounds == ()
    assert [(p.place, p.name, p.total, p.rounds_won) for p in game.standings] == [
        (1, "Ann", 520, 0),
        (2, "Ben", 140, 0),
        (3, "Cat", 75, 0),
    ]


def test_its_seats_have_no_round_figures():
    figures = scored_game(RECORDED).seat_figures()
    assert figures["Ann"].won and not figures["Ben"].won
    assert {(f.rounds_won, f.collected, f.best_round, f.held_hands) for f in figures.values()} == {
        (0, 0, None, 0)
    }


def test_ties_are_shared_and_the_winners_are_listed_in_seat_order():
    game = scored_game(recorded(totals={"Ann": 30, "Ben": 10, "Cat": 10}, winners=["Cat", "Ben"]))
    game_lowest = scored_game({**RECORDED, "scoring": "lowest", "result": game.data["result"]})
    assert game.winners == game_lowest.winners == ("Ben", "Cat")
    assert [(p.place, p.name) for p in game.standings] == [(1, "Ben"), (1, "Cat"), (3, "Ann")]


def test_a_recorded_winner_goes_first_even_when_the_totals_alone_would_not_say_so():
    game = scored_game(recorded(winners=["Ben"]))
    assert [(p.place, p.name, p.winner) for p in game.standings] == [
        (1, "Ben", True),
        (2, "Ann", False),
        (3, "Cat", False),
    ]


def test_names_are_read_as_the_seats_write_them():
    game = scored_game(recorded(totals={" Ann ": 1, "Ben": 2, "Cat": 3}, winners=["Cat "]))
    assert game.totals == {"Ann": 1, "Ben": 2, "Cat": 3} and game.winners == ("Cat",)


def test_an_exported_game_that_has_not_started_is_still_in_play():
    """An export's result names no winner until a round is played: read as before."""
    unplayed = score_game({**RECORDED, "result": None})
    assert not is_recorded(unplayed["result"])
    again = score_game(unplayed)
    assert again["result"] == {
        "totals": {"Ann": 0, "Ben": 0, "Cat": 0},
        "finished": False,
        "winners": [],
    }


def test_with_rounds_the_result_is_worked_out_again():
    played = {
        **RECORDED,
        "target": 100,
        "rounds": [{"winner": "Cat", "hands": {"Ann": 3, "Ben": 4}}],
    }
    assert score_game(played)["result"]["totals"] == {"Ann": 0, "Ben": 0, "Cat": 7}


@pytest.mark.parametrize(
    "result, words",
    [
        ({"totals": [520, 140, 75]}, "'totals' must map each player"),
        ({"totals": {"Ann": 520, "Ben": 140}}, "no final total for Cat"),
        ({"totals": {"Ann": 5, "Ben": 1, "Cat": 1, "Dan": 2}}, "'Dan', who is not a player"),
        ({"totals": {"Ann": -5, "Ben": 1, "Cat": 1}}, "Ann's final total -5 must be from 0"),
        ({"totals": {"Ann": 1.5, "Ben": 1, "Cat": 1}}, "Ann's final total 1.5 must be a whole"),
        ({"totals": {"Ann": True, "Ben": 1, "Cat": 1}}, "must be a whole number"),
        ({"totals": {"Ann": "5", "Ben": 1, "Cat": 1}}, "must be a whole number"),
        ({"totals": {"Ann": MAX_TOTAL + 1, "Ben": 1, "Cat": 1}}, "must be from 0 to 10,000,000"),
        ({"winners": ["Dan"]}, "The winner 'Dan' is not a player"),
        ({"winners": "Ann"}, "'winners' must be a list of player names"),
        ({"winners": [1]}, "'winners' must be a list of player names"),
    ],
)
def test_a_recorded_result_that_a_game_cannot_hold_is_refused_in_words(result, words):
    with pytest.raises(RuleError, match=words):
        score_game(recorded(**result))


def test_a_recorded_game_was_not_ended_early():
    with pytest.raises(RuleError, match="can't also be ended early"):
        score_game({**RECORDED, "ended": "leader"})


totals = st.dictionaries(
    st.sampled_from(["Ann", "Ben", "Cat", "Dan", "Eve"]),
    st.integers(0, 60),
    min_size=2,
    max_size=5,
)


@given(totals, st.sampled_from(["standard", "lowest"]))
def test_a_played_games_standings_are_its_ranking(totals, scoring):
    """A scored game's winners hold the best total: winners first is the ranking itself."""
    best = (max if scoring == "standard" else min)(totals.values())
    winners = [name for name, total in totals.items() if total == best]
    assert placed(totals, winners, scoring) == rank(totals, scoring)
    assert placed(totals, [], scoring) == rank(totals, scoring)


def test_the_first_dealers_left_neighbour_plays_first():
    assert [first_player_seat(dealer, 3) for dealer in range(3)] == [1, 2, 0]
