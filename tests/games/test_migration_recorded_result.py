"""Migration 0011 (a game's ``source``, a seat's recorded total and win) keeps every existing row:
the games of the release before it read as played here, their totals worked out from the rounds,
and unapplying it gives the database back as it was."""

from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.gamefiles.files import export_game
from scorekeeper.games.models import Game as CurrentGame
from scorekeeper.games.models import Seat as CurrentSeat

pytestmark = pytest.mark.django_db(transaction=True)

MIGRATION = "0011_game_source_seat_recorded_result"


def _before() -> tuple[str, str]:
    """The games migration this one follows (whatever the release before it ended on)."""
    module = import_module(f"scorekeeper.games.migrations.{MIGRATION}")
    (previous,) = [dep for dep in module.Migration.dependencies if dep[0] == "games"]
    return previous


def migrate(target: tuple[str, str]):
    MigrationExecutor(connection).migrate([target])
    return MigrationExecutor(connection).loader.project_state([target]).apps


def test_the_games_of_the_release_before_keep_their_rows_and_read_as_played_here():
    apps = migrate(_before())
    try:
        Crew = apps.get_model("games", "Crew")
        Player = apps.get_model("games", "Player")
        Night = apps.get_model("games", "GameNight")
        Game = apps.get_model("games", "Game")
        Seat = apps.get_model("games", "Seat")
        Round = apps.get_model("games", "Round")
        crew = Crew.objects.create(name="Old")
        ann, ben = (Player.objects.create(crew=crew, name=n) for n in ("Ann", "Ben"))
        night = Night.objects.create(crew=crew, date="2026-11-20")
        game = Game.objects.create(
            crew=crew, night=night, share_token="t", target=100, status="finished"
        )
        for number, player in enumerate([ann, ben]):
            Seat.objects.create(crew=crew, game=game, player=player, number=number)
        entry = {"winner": ann.pk, "hands": {str(ben.pk): 120}, "points": {str(ann.pk): 120}}
        Round.objects.create(crew=crew, game=game, number=1, winner=ann, entry=entry)
        game_id = game.pk

        migrate(("games", MIGRATION))
        # Read by today's models: the migrations after this one too (they add other columns).
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
        seats = CurrentSeat.objects.filter(game_id=game_id)
        assert [(s.player_id, s.recorded_total, s.recorded_won) for s in seats] == [
            (ann.pk, None, None),
            (ben.pk, None, None),
        ]
        migrated = CurrentGame.objects.with_rounds().get(pk=game_id)
        assert migrated.source == ""
        data = export_game(migrated)
        assert "source" not in data and len(data["rounds"]) == 1
        assert data["result"] == {
            "totals": {"Ann": 120, "Ben": 0},
            "finished": True,
            "winners": ["Ann"],
        }

        apps = migrate(_before())
        old_seats = apps.get_model("games", "Seat").objects.filter(game_id=game_id)
        assert old_seats.count() == 2
        assert apps.get_model("games", "Round").objects.filter(game_id=game_id).count() == 1
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
