"""Roster changes while the table writes: requests that really run in parallel, each thread on
its own database connection (SQLite in WAL mode here, PostgreSQL in CI's second run).

Whatever the order, a merge and a round saved on one of the merged player's games are both
applied or one is refused with a message: never a round whose entry or hands name a player
who is gone, never a seat left behind.
"""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.entries import named_entry
from scorekeeper.games.models import Game, Hand, Round, Seat
from scorekeeper.roster import services
from scorekeeper.roster.models import Player
from scorekeeper.roster.services import RosterError
from tests.factories import CrewFactory, GameFactory, MembershipFactory, PlayerFactory, round_form
from tests.games.test_concurrency import in_parallel
from tests.threads import at_once, failures

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 4
SEATS = ["Ann", "Bne", "Cat"]  # each phone's game; Bne is a typo for Ben


def assert_whole(crew):
    """No row and no stored entry names a player who is not seated in that game."""
    players = set(Player.objects.filter(crew=crew).values_list("pk", flat=True))
    assert set(Seat.objects.filter(crew=crew).values_list("player_id", flat=True)) <= players
    for round_ in Round.objects.filter(crew=crew):
        seated = dict(
            Seat.objects.filter(game=round_.game).values_list("player_id", "player__name")
        )
        keys = {int(key) for key in round_.entry["hands"]} | {round_.entry["winner"]}
        assert keys <= set(seated), (round_.entry, seated)
        hands = set(Hand.objects.filter(round=round_).values_list("player_id", flat=True))
        assert hands == {int(key) for key in round_.entry["hands"]}
        assert set(named_entry(round_.entry, seated)["hands"]) <= set(seated.values())


@pytest.fixture
def crew_with_a_typo():
    """Bne (a typo for Ben) sat at one game per phone; Ben played elsewhere."""
    crew = CrewFactory()
    games = [GameFactory(crew=crew, players=SEATS) for _ in range(PHONES)]
    GameFactory(crew=crew, players=["Ben", "Dan"])
    phones = []
    for _ in range(PHONES + 1):
        client = Client()
        client.force_login(MembershipFactory(crew=crew).user)
        phones.append(client)
    return crew, games, phones


@pytest.mark.parametrize("winner", ["Ann", "Bne"])
def test_a_merge_while_rounds_are_saved_on_that_players_games(crew_with_a_typo, winner):
    crew, games, phones = crew_with_a_typo
    ben, bne = Player.objects.get(name="Ben"), Player.objects.get(name="Bne")

    def act(index, client):
        if index == PHONES:  # the last phone merges
            return services.merge(crew=crew, keep_id=ben.pk, gone_id=bne.pk)
        url = reverse("games:round_create", args=[games[index].pk])
        totals = {"Ann": 5, "Bne": 7, "Cat": 9}
        del totals[winner]  # the winner holds nothing
        data = round_form(winner, seats=SEATS, **totals)
        return client.post(url, data, HTTP_HX_REQUEST="true")

    results = in_parallel(phones, act)
    assert not Player.objects.filter(pk=bne.pk).exists()
    assert list(Seat.objects.filter(player__name="Ben").values_list("game__crew", flat=True))
    saved = [r for r in results[:PHONES] if r.status_code == 200]
    refused = [r for r in results[:PHONES] if r.status_code != 200]
    assert Round.objects.filter(crew=crew).count() == len(saved)
    if winner == "Ann":  # the totals are by seat: every round is saved, before or after
        assert not refused
    for response in refused:  # after the merge, "Bne" is no longer at the table
        assert response.status_code == 422
        assert "Pick the player who went out from this game" in response.content.decode()
    assert_whole(crew)
    # Every saved round reads under the kept name.
    for game in games:
        board = Game.objects.with_rounds().get(pk=game.pk)
        names = {seat.player.name for seat in board.seats.all()}
        assert names == {"Ann", "Ben", "Cat"}


def test_a_rename_while_rounds_are_saved_keeps_every_round(crew_with_a_typo):
    crew, games, phones = crew_with_a_typo
    bne = Player.objects.get(name="Bne")

    def act(index, client):
        if index == PHONES:
            return services.rename(crew=crew, player_id=bne.pk, name="Bo")
        url = reverse("games:round_create", args=[games[index].pk])
        return client.post(
            url, round_form("Ann", seats=SEATS, Bne=4, Cat=6), HTTP_HX_REQUEST="true"
        )

    results = in_parallel(phones, act)
    assert all(r.status_code == 200 for r in results[:PHONES])
    assert Player.objects.get(pk=bne.pk).name == "Bo"
    assert Round.objects.filter(crew=crew).count() == PHONES
    assert_whole(crew)


def test_a_merge_while_new_games_seat_the_merged_player(crew_with_a_typo):
    """A game started with Bne as the merge runs either starts first (and is merged too) or
    is refused with a message; never a game seating a player who is gone."""
    crew, _, phones = crew_with_a_typo
    ben, bne = Player.objects.get(name="Ben"), Player.objects.get(name="Bne")
    setup = {"edition": "classic", "scoring": "standard", "target": "500", "target_choice": "500"}

    def act(index, client):
        if index == PHONES:
            return services.merge(crew=crew, keep_id=ben.pk, gone_id=bne.pk)
        data = {**setup, "seat": ["Bne", f"Eve{index}"], "action": "start"}
        return client.post(reverse("newgame:game_new"), data)

    results = in_parallel(phones, act)
    started = [r for r in results[:PHONES] if r.status_code == 302]
    for response in results[:PHONES]:
        if response.status_code != 302:
            assert response.status_code == 422
            assert "just merged into another" in response.content.decode()
    assert Game.objects.filter(crew=crew).count() == PHONES + 1 + len(started)
    assert not Player.objects.filter(pk=bne.pk).exists()
    assert_whole(crew)


def test_two_renames_to_one_name_at_once_apply_one():
    crew = CrewFactory()
    players = [PlayerFactory(crew=crew, name=f"P{i}") for i in range(PHONES)]
    outcomes = at_once(
        lambda index: services.rename(crew=crew, player_id=players[index].pk, name="Max"),
        PHONES,
        timeout=60,
    )
    refused = [o for o in outcomes if isinstance(o, RosterError)]
    assert len(refused) == PHONES - 1 == len(failures(outcomes))
    assert all("Max" in str(error) for error in refused)
    assert Player.objects.filter(crew=crew, name="Max").count() == 1
