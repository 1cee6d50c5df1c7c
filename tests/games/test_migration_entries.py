"""Migration 0007 on rows as the previous release wrote them: a round's entry (and each copy in
its history) keyed by player name becomes keyed by player id, and back when unapplied.

Also proven by hand on databases made by the previous main (SQLite and PostgreSQL, 300 demo
games and a game with an edit and a deleted round): ``export_game --all`` printed the same bytes
before and after the migration, and after migrating back.
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0005_game_life_went_out_on_preferences"), ("roster", None)]
AFTER = [("games", "0007_entries_by_player_id")]


def migrate(targets):
    """Migrate to ``targets``; the apps (historical models) as of its games migration."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    games = [target for target in targets if target[0] == "games"]
    return MigrationExecutor(connection).loader.project_state(games).apps


@pytest.fixture
def old_rows():
    """A game stored the previous release's way; the database is migrated back to the latest
    state afterwards, whatever the test did."""
    apps = migrate(BEFORE)
    try:
        Crew = apps.get_model("games", "Crew")
        Player = apps.get_model("games", "Player")
        Night = apps.get_model("games", "GameNight")
        Game = apps.get_model("games", "Game")
        Seat = apps.get_model("games", "Seat")
        Round = apps.get_model("games", "Round")
        History = apps.get_model("games", "HistoricalRound")
        crew = Crew.objects.create(name="Old")
        ann, ben = (Player.objects.create(crew=crew, name=n) for n in ("Ann", "Ben"))
        night = Night.objects.create(crew=crew, date="2026-11-20")
        game = Game.objects.create(crew=crew, night=night, share_token="t", edition="classic")
        for number, player in enumerate([ann, ben]):
            Seat.objects.create(crew=crew, game=game, player=player, number=number)
        entry = {"winner": "Ann", "hands": {"Ben": "R5 G7"}, "points": {"Ben": 12}}
        round_ = Round.objects.create(crew=crew, game=game, number=1, winner=ann, entry=entry)
        History.objects.create(
            id=round_.pk, game_id=game.pk, number=1, winner_id=ann.pk,
            entry={"winner": "ben", "hands": {"Ann": 3}, "points": {"Ann": 3}},
            created_at=round_.created_at, version=1, history_date=round_.created_at,
            history_type="~",
        )  # fmt: skip
        yield apps, ann.pk, ben.pk, round_.pk
    finally:
        # Every app to its latest migration (those that depend on 0007 too: ratings, recaps).
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_entries_are_keyed_by_player_id_after_the_migration_and_by_name_before(old_rows):
    _, ann, ben, round_id = old_rows
    apps = migrate(AFTER)
    Round, History = apps.get_model("games", "Round"), apps.get_model("games", "HistoricalRound")
    assert Round.objects.get(pk=round_id).entry == {
        "winner": ann,
        "hands": {str(ben): "R5 G7"},
        "points": {str(ben): 12},
    }
    # The history row was written with another case ("ben"): it is the same player.
    assert History.objects.get(id=round_id).entry == {
        "winner": ben,
        "hands": {str(ann): 3},
        "points": {str(ann): 3},
    }
    apps = migrate(BEFORE)
    back = apps.get_model("games", "Round").objects.get(pk=round_id).entry
    assert back == {"winner": "Ann", "hands": {"Ben": "R5 G7"}, "points": {"Ben": 12}}


def test_a_member_linked_to_two_players_keeps_the_oldest(old_rows):
    apps, ann, ben, _ = old_rows
    User = apps.get_model("auth", "User")
    Player = apps.get_model("games", "Player")
    user = User.objects.create(username="ann")
    Player.objects.filter(pk__in=[ann, ben]).update(user=user)
    apps = migrate(AFTER)
    Player = apps.get_model("games", "Player")
    assert dict(Player.objects.values_list("pk", "user_id")) == {ann: user.pk, ben: None}
