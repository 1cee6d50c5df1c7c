"""The hot reads whose SQL is built once (scorekeeper/prepared.py): the scoreboard's game row,
the session's user and the session itself come out exactly as Django's own queries make them,
in one query, on every thread's own connection."""

from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.sessions.models import Session
from django.db import connection, connections
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorekeeper.crews.preferences import PreferenceModelBackend
from scorekeeper.decks.services import deck_create
from scorekeeper.games.kept import _MEMBERS_GAME
from scorekeeper.games.models import Game
from scorekeeper.prepared import Prepared
from tests.factories import GameFactory, MembershipFactory, UserFactory
from tests.threads import at_once, failures

BY_PK = Prepared(
    lambda game_id: Game.objects.select_related("crew", "night").filter(pk=game_id), game_id=int
)


def _fields(obj) -> dict:
    return {key: value for key, value in vars(obj).items() if not key.startswith("_")}


def test_a_members_game_comes_out_as_the_orm_reads_it(member, crew):
    deck = deck_create(crew=crew, name="Our box", base="classic")
    game = GameFactory(crew=crew, deck=deck.current)
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now(), version=7)

    read = _MEMBERS_GAME.get(crew_id=crew.pk, user_id=member.pk, game_id=game.pk)
    expected = (
        Game.objects.filter(crew_id=crew.pk, crew__memberships__user=member)
        .select_related("crew", "night", "deck")
        .get(pk=game.pk)
    )

    assert _fields(read) == _fields(expected)
    assert read.finished_at == expected.finished_at and read.finished_at.tzinfo is not None
    for relation in ("crew", "night", "deck"):  # came with the row, as select_related makes them
        assert Game._meta.get_field(relation).is_cached(read)
        assert _fields(getattr(read, relation)) == _fields(getattr(expected, relation))
    assert read.version == 7 and not read._state.adding


def test_another_crews_member_and_an_unknown_game_read_nothing(member, crew, game):
    outsider = MembershipFactory(user=UserFactory()).user
    assert _MEMBERS_GAME.get(crew_id=crew.pk, user_id=outsider.pk, game_id=game.pk) is None
    assert _MEMBERS_GAME.get(crew_id=crew.pk, user_id=member.pk, game_id=game.pk + 1000) is None


def test_each_read_is_one_query_and_its_sql_is_built_only_once(db):
    game = GameFactory()
    BY_PK.get(game_id=game.pk)  # built here, if no earlier test on this connection built it
    with (
        mock.patch.object(
            SQLCompiler, "as_sql", autospec=True, side_effect=SQLCompiler.as_sql
        ) as built,
        CaptureQueriesContext(connection) as queries,
    ):
        first, second = BY_PK.get(game_id=game.pk), BY_PK.get(game_id=game.pk)
    assert first.pk == second.pk == game.pk
    assert len(queries) == 2
    assert built.call_count == 0


def test_a_value_of_the_wrong_kind_is_refused_before_any_query(db):
    with CaptureQueriesContext(connection) as queries, pytest.raises(TypeError, match="game_id"):
        BY_PK.get(game_id="1")
    assert len(queries) == 0


def test_an_argument_the_query_changes_on_its_way_is_refused():
    shifted = Prepared(lambda game_id: Game.objects.filter(pk=game_id + 1), game_id=int)
    with pytest.raises(ValueError, match="game_id"):
        shifted.get(game_id=1)


def test_two_rows_are_refused_as_get_refuses_them(db):
    GameFactory.create_batch(2)
    everyone = Prepared(lambda floor: Game.objects.filter(pk__gte=floor), floor=int)
    with pytest.raises(Game.MultipleObjectsReturned):
        everyone.get(floor=0)


def test_all_reads_every_row_in_the_query_s_order_as_the_orm_does(db):
    from scorekeeper.games.models import Seat

    game = GameFactory(players=["Cat", "Ann", "Ben"])
    seats = Prepared(
        lambda game_id: Seat.objects.select_related("player").filter(game_id=game_id),
        game_id=int,
    )
    read = seats.all(game_id=game.pk)
    expected = list(Seat.objects.select_related("player").filter(game_id=game.pk))
    assert (
        [s.player.name for s in read] == [s.player.name for s in expected] == ["Cat", "Ann", "Ben"]
    )
    assert [_fields(s) for s in read] == [_fields(s) for s in expected]
    assert seats.all(game_id=game.pk + 1000) == []
    with CaptureQueriesContext(connection) as queries:
        seats.all(game_id=game.pk)
    assert len(queries) == 1


@pytest.mark.django_db(transaction=True)
def test_threads_read_at_once_each_on_its_own_connection():
    games = [GameFactory() for _ in range(4)]

    def read(index: int) -> tuple[int, int]:
        for _ in range(20):
            game = BY_PK.get(game_id=games[index].pk)
        assert BY_PK._local.default.connection is connections["default"]  # its own
        return game.pk, game.crew.pk

    found = at_once(read, len(games), timeout=60)
    assert not failures(found), failures(found)
    assert found == [(game.pk, game.crew_id) for game in games]


def test_the_sessions_user_comes_with_their_preference_and_an_inactive_one_is_no_user(member):
    backend = PreferenceModelBackend()
    with CaptureQueriesContext(connection) as queries:
        user = backend.get_user(member.pk)
        user.preference if hasattr(user, "preference") else None  # noqa: B018 - no query
    assert user == member and len(queries) == 1
    member.is_active = False
    member.save()
    assert backend.get_user(member.pk) is None
    assert backend.get_user(member.pk + 1000) is None


def test_an_expired_session_signs_nobody_in(member_client):
    home = reverse("games:home")
    assert member_client.get(home).wsgi_request.user.is_authenticated
    key = member_client.session.session_key
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    assert not member_client.get(home).wsgi_request.user.is_authenticated


def test_a_deleted_session_signs_nobody_in_on_the_next_request(member_client):
    """Signing out elsewhere (another server, another worker) deletes the row: nothing of the
    session is remembered in the process that read it before."""
    home = reverse("games:home")
    assert member_client.get(home).wsgi_request.user.is_authenticated
    Session.objects.filter(session_key=member_client.session.session_key).delete()
    assert not member_client.get(home).wsgi_request.user.is_authenticated
