"""Phones writing at once: requests that really run in parallel, each thread on its own
database connection (SQLite file in WAL mode, or PostgreSQL in CI)."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game, Round
from tests.factories import GameFactory, MembershipFactory, entry_of, play_round
from tests.threads import at_once, failures

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 6


def post_data(winner, number, request_key="", version="", **hands):
    data = {"winner": winner, "number": number, "request_key": request_key, "version": version}
    for index, name in enumerate(["Ann", "Ben", "Cat"]):
        hand = hands.get(name)
        data[f"total_{index}"] = str(hand) if hand is not None else ""
        data[f"cards_{index}"] = ""
    return data


@pytest.fixture
def table():
    """A game of a crew, and one signed-in client per phone (each a different member)."""
    game = GameFactory(players=["Ann", "Ben", "Cat"], target=10_000)
    phones = []
    for _ in range(PHONES):
        client = Client()
        client.force_login(MembershipFactory(crew=game.crew).user)
        phones.append(client)
    return game, phones


def in_parallel(phones, request):
    """Run ``request(index, client)`` on every phone at the same moment; the responses."""
    results = at_once(lambda index: request(index, phones[index]), len(phones))
    assert not failures(results), failures(results)
    return results


def test_phones_saving_the_same_round_number_store_it_once(table):
    game, phones = table
    url = reverse("games:round_create", args=[game.pk])
    responses = in_parallel(
        phones,
        lambda i, client: client.post(
            url, post_data("Ann", 1, request_key=f"phone-{i}", Ben=i, Cat=1), HTTP_HX_REQUEST="true"
        ),
    )
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (PHONES - 1)
    assert Round.objects.filter(game=game).count() == 1
    assert Game.objects.get().version == 1


def test_a_request_resent_at_once_from_several_threads_is_stored_once(table):
    game, phones = table
    url = reverse("games:round_create", args=[game.pk])
    user = MembershipFactory(crew=game.crew).user
    tabs = []
    for _ in range(PHONES):  # one phone's retries: the same user, the same request key
        tab = Client()
        tab.force_login(user)
        tabs.append(tab)
    responses = in_parallel(
        tabs, lambda i, c: c.post(url, post_data("Ann", 1, request_key="same-key", Ben=3, Cat=4))
    )
    # Every resend is answered as a success (the first stores, the others see it stored).
    board = reverse("games:game_detail", args=[game.pk])
    assert [(r.status_code, r["Location"]) for r in responses] == [(302, board)] * PHONES
    assert Round.objects.filter(game=game).count() == 1


def test_parallel_edits_of_one_round_apply_exactly_one(table):
    game, phones = table
    play_round(game, "Ann", number=1, Ben=1, Cat=2)
    url = reverse("games:round_change", args=[game.pk, 1])
    responses = in_parallel(
        phones,
        lambda i, client: client.post(url, post_data("Ann", 1, version=1, Ben=10 + i, Cat=2)),
    )
    applied = [i for i, r in enumerate(responses) if r.status_code == 302]
    refused = [r for r in responses if r.status_code == 409]
    assert len(applied) == 1 and len(refused) == PHONES - 1
    round_ = Round.objects.get(game=game)
    assert round_.version == 2
    assert entry_of(round_)["hands"]["Ben"] == 10 + applied[0]
    assert all("changed on another phone" in r.content.decode() for r in refused)


def test_parallel_delete_last_deletes_one_round(table):
    game, phones = table
    play_round(game, "Ann", number=1, Ben=1, Cat=2)
    play_round(game, "Ben", number=2, Ann=1, Cat=1)
    url = reverse("games:round_delete", args=[game.pk])
    responses = in_parallel(phones, lambda i, client: client.post(url, {"number": 2}))
    assert sorted(r.status_code for r in responses) == [200] + [409] * (PHONES - 1)
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_the_live_view_never_fails_while_rounds_are_edited(table):
    game, phones = table
    play_round(game, "Ann", number=1, Ben=1, Cat=2)
    play_round(game, "Ben", number=2, Ann=1, Cat=1)
    live = reverse("live:live_board", args=[game.share_token])
    board = reverse("games:game_detail", args=[game.pk])
    edit = reverse("games:round_change", args=[game.pk, 1])
    stop = threading.Event()
    statuses: list[int] = []

    def watch(client, url):
        try:
            while not stop.is_set():
                statuses.append(client.get(url).status_code)
        finally:
            connection.close()

    watchers = [
        threading.Thread(target=watch, args=(Client(), live)),
        threading.Thread(target=watch, args=(phones[1], board)),
    ]
    for thread in watchers:
        thread.start()
    editor = phones[0]
    for step in range(15):
        version = Round.objects.get(game=game, number=1).version
        response = editor.post(edit, post_data("Ann", 1, version=version, Ben=step, Cat=step + 1))
        assert response.status_code == 302
    stop.set()
    for thread in watchers:
        thread.join(timeout=60)
    connection.close()
    assert statuses, "the watchers made no request"
    assert set(statuses) <= {200}, sorted(set(statuses))
    assert Round.objects.get(game=game, number=1).version == 16
