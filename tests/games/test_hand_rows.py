"""A round's hand rows have one shape, written by one function (``hand_rows``) for the table
and for the file store."""

from scorekeeper.gamefiles.files import export_game, import_game
from scorekeeper.games.entries import hand_rows
from scorekeeper.games.models import Hand
from tests.factories import CrewFactory, GameFactory, play_round


def test_hand_rows_keep_cards_only_for_hands_entered_card_by_card():
    entry = {"winner": 1, "hands": {"2": "R5 W", "3": 12}, "points": {"2": 55, "3": 12}}
    assert hand_rows(entry) == [(2, 55, "R5 W"), (3, 12, "")]
    assert hand_rows({"winner": 1, "hands": {}, "points": {}}) == []


def _rows(game) -> list[tuple[int, str, int, str]]:
    return sorted(
        Hand.objects.filter(round__game=game).values_list(
            "round__number", "player__name", "points", "cards"
        )
    )


def test_the_table_and_the_file_store_write_the_same_hand_rows(db):
    game = GameFactory(players=["Ann", "Ben", "Cat"])
    for winner, hands in (("Ann", {"Ben": "R5 Y9", "Cat": 7}), ("Cat", {"Ann": 0, "Ben": "W"})):
        play_round(game, winner, **hands)
    written_by_the_table = _rows(game)
    assert (1, "Ben", 14, "R5 Y9") in written_by_the_table
    assert (1, "Cat", 7, "") in written_by_the_table
    copy = import_game(crew=CrewFactory(), data=export_game(game))
    assert _rows(copy) == written_by_the_table
