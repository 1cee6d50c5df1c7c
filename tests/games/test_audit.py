"""The audit trail: who changed what, in words, in the export, and kept by an import."""

import json

import pytest

from scorekeeper.domain import RuleError
from scorekeeper.gamefiles.files import export_game, import_game
from scorekeeper.games.audit import trail_for
from scorekeeper.games.models import Game
from scorekeeper.games.services import (
    game_set_dealer,
    locked_game,
    round_delete_last,
    round_restore,
)
from tests.factories import CrewFactory, GameFactory, UserFactory, play_round


def reload(game):
    return Game.objects.with_rounds().get(pk=game.pk)


@pytest.fixture
def played(db):
    """A game with a saved, deleted and restored round and a dealer change, by bob."""
    bob = UserFactory(username="bob")
    game = GameFactory(players=["Ann", "Ben"], target=500)
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        game_set_dealer(game=locked, player=locked.seats.all()[1].player, by=bob)
    play_round(game, "Ann", number=1, by=bob, Ben=12)
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        board = round_delete_last(game=locked, number=1, by=bob)
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        round_restore(game=locked, deletion=board.deleted.history_id, by=bob)
    return reload(game)


def test_the_trail_names_each_change_in_order(played):
    texts = [entry.text for entry in trail_for(played)]
    assert texts[0].startswith("Game started at ")
    assert texts[1].startswith("Settings changed by bob at ")
    assert texts[1].endswith(": first dealer: — → Ben.")
    assert [t.split(" at ")[0] for t in texts[2:]] == [
        "Round 1 saved by bob",
        "Round 1 deleted by bob",
        "Round 1 restored by bob",
    ]


def test_a_restored_round_keeps_its_creation_time_and_author(played):
    round_ = played.rounds.get()
    first = round_.history.order_by("history_id").first()
    assert (round_.created_at, round_.created_by.username) == (first.created_at, "bob")
    assert round_.version == 2


def test_export_import_export_keeps_the_trail(played):
    first = export_game(played)
    assert [entry["action"] for entry in first["audit"]] == [
        "game-started",
        "settings",
        "round-saved",
        "round-deleted",
        "round-restored",
    ]
    copy = import_game(crew=CrewFactory(), data=json.loads(json.dumps(first)))
    second = export_game(reload(copy))
    # Another crew's copy gets an id of its own: the original still holds the file's id.
    assert second["id"] != first["id"]
    assert {**second, "id": first["id"]} == first


@pytest.mark.parametrize(
    ("audit", "message"),
    [
        ("lots", "'audit' must be a list"),
        ([5], "Audit entry 1 must be an object"),
        ([{"at": "yesterday", "text": "x"}], "not an ISO date"),
        ([{"at": "2026-11-20T21:04:00+00:00", "text": "x" * 1001}], "at most 1000"),
        ([{"at": "2026-11-20T21:04:00+00:00", "round": "3"}], "'round' must be"),
        ([{"at": "2026-11-20T21:04:00+00:00", "secret": 1}], "must be an object with"),
    ],
)
def test_a_file_with_a_malformed_trail_is_refused(db, audit, message):
    data = {"format": "scorekeeper-game/1", "players": ["Ann", "Ben"], "audit": audit}
    with pytest.raises(RuleError, match=message):
        import_game(crew=CrewFactory(), data=data)
    assert Game.objects.count() == 0
