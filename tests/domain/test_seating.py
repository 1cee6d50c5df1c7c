import pytest

from scorekeeper.domain.scoring import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS
from scorekeeper.domain.seating import Seating, edit_seats, posted_seats, seat_count_problem

ROSTER = ("Ann", "Ben", "Cat")


def test_posted_seats_are_trimmed_cut_and_each_name_seated_once():
    long_name = "x" * (MAX_NAME_LENGTH + 5)
    assert posted_seats([" Ann ", "", "ann", "Ben", "  ", long_name]) == [
        "Ann",
        "Ben",
        "x" * MAX_NAME_LENGTH,
    ]


def test_add_seats_a_crew_player_once():
    assert edit_seats(["Ann"], "add:Ben", roster=ROSTER) == Seating(["Ann", "Ben"])
    assert edit_seats(["Ann"], "add:Ann", roster=ROSTER) == Seating(["Ann"])


def test_add_ignores_a_name_not_in_the_crew():
    assert edit_seats(["Ann"], "add:Zed", roster=ROSTER) == Seating(["Ann"])


def test_new_seats_a_name_with_its_spaces_folded():
    assert edit_seats([], "new", roster=ROSTER, new_name="  Dee   Dee ") == Seating(["Dee Dee"])


def test_new_with_a_crew_players_name_seats_that_player():
    assert edit_seats([], "new", roster=ROSTER, new_name="cat") == Seating(["Cat"])


@pytest.mark.parametrize(
    ("new_name", "message"),
    [
        ("   ", "Type the new player's name, then tap Add."),
        ("y" * (MAX_NAME_LENGTH + 1), f"A name can be at most {MAX_NAME_LENGTH} characters."),
        ("ANN", "ANN is already seated."),
    ],
)
def test_new_refuses_with_a_sentence_and_keeps_the_seats(new_name, message):
    assert edit_seats(["Ann"], "new", roster=ROSTER, new_name=new_name) == Seating(["Ann"], message)


@pytest.mark.parametrize(
    ("action", "seats"),
    [
        ("up:1", ["Ben", "Ann", "Cat"]),
        ("up:0", ["Ann", "Ben", "Cat"]),
        ("down:1", ["Ann", "Cat", "Ben"]),
        ("down:2", ["Ann", "Ben", "Cat"]),
        ("remove:1", ["Ann", "Cat"]),
        ("remove:3", ["Ann", "Ben", "Cat"]),
        ("remove:-1", ["Ann", "Ben", "Cat"]),
        ("remove:x", ["Ann", "Ben", "Cat"]),
        ("start", ["Ann", "Ben", "Cat"]),
        ("", ["Ann", "Ben", "Cat"]),
    ],
)
def test_moves_and_removals_stay_inside_the_list(action, seats):
    assert edit_seats(["Ann", "Ben", "Cat"], action, roster=ROSTER) == Seating(seats)


def test_the_given_list_is_not_changed():
    seats = ["Ann", "Ben"]
    edit_seats(seats, "remove:0", roster=ROSTER)
    assert seats == ["Ann", "Ben"]


def test_a_game_starts_with_the_allowed_number_of_seats():
    assert seat_count_problem(["p"] * MIN_PLAYERS) is None
    assert seat_count_problem(["p"] * MAX_PLAYERS) is None
    assert seat_count_problem(["Ann"]) == (
        f"Seat {MIN_PLAYERS} to {MAX_PLAYERS} players to start (1 seated)."
    )
    assert seat_count_problem(["p"] * (MAX_PLAYERS + 1)) is not None
