"""Migration 0010 on rows as the previous release wrote them: games gain an empty ``origin`` (the
id of the file a copy came from), keep everything else, and one crew cannot hold two copies of
one file; unapplied, the games are as they were."""

import uuid

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0009_game_deck_round_side")]
AFTER = [("games", "0010_game_origin")]


def migrate(targets):
    """Migrate to ``targets``; the apps (historical models) as of that state."""
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def old_games():
    """Two crews' games stored the previous release's way; the database goes back to the
    latest state afterwards, whatever the test did."""
    apps = migrate(BEFORE)
    try:
        Crew = apps.get_model("games", "Crew")
        Night = apps.get_model("games", "GameNight")
        Game = apps.get_model("games", "Game")
        games = []
        for name in ("Old", "Other"):
            crew = Crew.objects.create(name=name)
            night = Night.objects.create(crew=crew, date="2026-11-20")
            games.append(
                Game.objects.create(
                    crew=crew, night=night, share_token=f"t-{name}", target=250, uid=uuid.uuid4()
                )
            )
        yield {game.pk: (game.crew_id, game.uid, game.target) for game in games}
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_games_keep_their_rows_and_gain_an_empty_origin(old_games):
    Game = migrate(AFTER).get_model("games", "Game")
    assert {g.pk: (g.crew_id, g.uid, g.target) for g in Game.objects.all()} == old_games
    assert set(Game.objects.values_list("origin", flat=True)) == {None}
    Game = migrate(BEFORE).get_model("games", "Game")
    assert {g.pk: (g.crew_id, g.uid, g.target) for g in Game.objects.all()} == old_games


def test_a_crew_holds_one_copy_of_a_files_game(old_games):
    Game = migrate(AFTER).get_model("games", "Game")
    first, second = Game.objects.order_by("pk")
    source = uuid.uuid4()
    Game.objects.filter(pk=first.pk).update(origin=source)
    Game.objects.filter(pk=second.pk).update(origin=source)  # another crew: allowed
    copy = Game.objects.get(pk=first.pk)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(
            crew_id=copy.crew_id, night_id=copy.night_id, share_token="t-3", origin=source
        )
