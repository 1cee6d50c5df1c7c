"""The nouns move to their rooms (crews, roster, nights, game files) on a database made by the
release before: every row stays where it was and reads through the models' new homes, the
content types follow their models, and unapplying the move gives the old state back."""

import datetime
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.crews.models import Crew, Invite, Membership, Preference
from scorekeeper.gamefiles.models import DeletedGame
from scorekeeper.games.models import Game, Seat
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player

pytestmark = pytest.mark.django_db(transaction=True)

# Where each app stood in the release before the move (None: the app had no migrations).
BEFORE = [
    ("games", "0012_crew_results_pending"),
    ("crews", "0001_initial"),
    ("roster", "0001_initial"),
    ("decks", "0001_initial"),
    ("history", "0003_seat_result_records"),
    ("nights", None),
    ("gamefiles", None),
]
MOVED = {
    Crew: "crew",
    Membership: "membership",
    Invite: "invite",
    Preference: "preference",
    Player: "player",
    GameNight: "gamenight",
    DeletedGame: "deletedgame",
}


def migrate(targets):
    MigrationExecutor(connection).migrate(targets)
    applied = [target for target in targets if target[1] is not None]
    return MigrationExecutor(connection).loader.project_state(applied).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def old_rows():
    """A crew with a member, an invite, a preference, two players, a night, a game with its
    seats and a deleted game, written by the previous release's models."""
    apps = migrate(BEFORE)
    try:
        user = apps.get_model("auth", "User").objects.create(username="ann")
        old = {name: apps.get_model("games", name) for name in MOVED_NAMES}
        crew = old["Crew"].objects.create(name="Old crew", time_zone="Europe/Madrid")
        old["Membership"].objects.create(crew=crew, user=user)
        invite = old["Invite"].objects.create(crew=crew, token="tok", created_by=user)
        old["Preference"].objects.create(user=user, language="es")
        ann = old["Player"].objects.create(crew=crew, name="Ann", user=user)
        ben = old["Player"].objects.create(crew=crew, name="Ben")
        night = old["GameNight"].objects.create(crew=crew, date="2026-11-20", name="Friday")
        game = apps.get_model("games", "Game").objects.create(
            crew=crew, night=night, share_token="share", target=200, uid=uuid.uuid4()
        )
        for number, player in enumerate([ann, ben]):
            apps.get_model("games", "Seat").objects.create(
                crew=crew, game=game, player=player, number=number
            )
        gone = old["DeletedGame"].objects.create(
            crew=crew, uid=uuid.uuid4(), label="Gone", data={"v": 1}, deleted_by=user
        )
        yield {
            "user": user.pk,
            "crew": crew.pk,
            "invite": invite.pk,
            "players": [ann.pk, ben.pk],
            "night": night.pk,
            "game": game.pk,
            "gone": gone.pk,
        }
    finally:
        migrate(latest())


MOVED_NAMES = ("Crew", "Membership", "Invite", "Preference", "Player", "GameNight", "DeletedGame")


def test_every_row_reads_through_the_models_new_homes(old_rows):
    migrate(latest())
    crew = Crew.objects.get(pk=old_rows["crew"])
    assert (crew.name, crew.time_zone) == ("Old crew", "Europe/Madrid")
    assert list(crew.members.values_list("pk", flat=True)) == [old_rows["user"]]
    invite = Invite.objects.get(pk=old_rows["invite"])
    assert (invite.crew, invite.token, invite.created_by_id) == (crew, "tok", old_rows["user"])
    user = get_user_model().objects.get(pk=old_rows["user"])
    assert Preference.objects.get(user=user).language == "es"
    assert list(crew.players.order_by("pk").values_list("pk", "name", "user_id")) == [
        (old_rows["players"][0], "Ann", old_rows["user"]),
        (old_rows["players"][1], "Ben", None),
    ]
    night = GameNight.objects.get(pk=old_rows["night"])
    assert (night.crew, night.date, night.name) == (crew, datetime.date(2026, 11, 20), "Friday")
    game = Game.objects.get(pk=old_rows["game"])
    assert (game.crew, game.night, game.target) == (crew, night, 200)
    assert (
        list(Seat.objects.filter(game=game).values_list("player_id", flat=True))
        == (old_rows["players"])
    )
    gone = DeletedGame.objects.get(pk=old_rows["gone"])
    assert (gone.crew, gone.label, gone.data) == (crew, "Gone", {"v": 1})


def test_the_moved_models_can_be_written_after_the_move(old_rows):
    migrate(latest())
    crew = Crew.objects.get(pk=old_rows["crew"])
    player = Player.objects.create(crew=crew, name="Cat")
    night = GameNight.objects.create(crew=crew, date="2026-11-21")
    assert player.pk > max(old_rows["players"]) and night.pk > old_rows["night"]
    assert set(crew.nights.values_list("pk", flat=True)) == {old_rows["night"], night.pk}


def test_the_content_types_follow_their_models(old_rows):
    ContentType.objects.clear_cache()
    migrate(latest())
    ContentType.objects.clear_cache()
    for model, name in MOVED.items():
        assert ContentType.objects.get_for_model(model).model == name
        assert not ContentType.objects.filter(app_label="games", model=name).exists()


def test_unapplied_the_rows_are_the_old_models_again(old_rows):
    migrate(latest())
    apps = migrate(BEFORE)
    OldCrew = apps.get_model("games", "Crew")
    OldPlayer = apps.get_model("games", "Player")
    crew = OldCrew.objects.get(pk=old_rows["crew"])
    assert crew.name == "Old crew"
    assert (
        sorted(OldPlayer.objects.filter(crew=crew).values_list("pk", flat=True))
        == (old_rows["players"])
    )
    assert apps.get_model("games", "GameNight").objects.get(pk=old_rows["night"]).crew == crew
