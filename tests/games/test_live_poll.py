"""A watcher's poll of an unchanged live board is answered early (scorekeeper/live/middleware.py):
the same 304 as the view's, with the same headers, and only for a poll the view would answer so."""

from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.live.middleware import BOARD_PATH
from tests.factories import GameFactory, play_round

pytestmark = pytest.mark.django_db

# Headers that differ between any two responses, whoever sends them.
PER_RESPONSE = {"Date", "Set-Cookie", "Content-Length"}


def _board(game) -> str:
    return reverse("live:live_board", args=[game.share_token])


def _view_fails():
    """The live views, made to fail: whatever answers now answers before them."""
    return mock.patch("scorekeeper.live.views._live_response", side_effect=AssertionError("view"))


def test_the_path_it_watches_is_the_boards_url():
    match = BOARD_PATH.fullmatch(reverse("live:live_board", args=["abc-DEF_123"]))
    assert match is not None and match["token"] == "abc-DEF_123"
    assert BOARD_PATH.fullmatch(reverse("live:live", args=["abc"])) is None


@pytest.mark.game(players=["Ann", "Ben"])
def test_an_unchanged_board_is_answered_before_the_view_with_the_views_own_headers(
    member_client, game
):
    watcher = Client()
    etag = watcher.get(_board(game))["ETag"]
    member_client.get(_board(game))  # a signed-in watcher's poll goes through the view
    by_view = member_client.get(_board(game), HTTP_IF_NONE_MATCH=etag)
    with _view_fails():
        early = watcher.get(_board(game), HTTP_IF_NONE_MATCH=etag)
    assert by_view.status_code == early.status_code == 304
    assert early["ETag"] == etag and early["Cache-Control"] == "no-cache"
    assert set(early.headers) - PER_RESPONSE == set(by_view.headers) - PER_RESPONSE
    for name in ("X-Frame-Options", "Content-Security-Policy", "Vary", "Content-Language"):
        assert early[name] == by_view[name], name
    assert early.content == b""


@pytest.mark.game(players=["Ann", "Ben"])
def test_a_changed_board_a_signed_in_watcher_and_an_unknown_link_reach_the_view(
    member_client, game
):
    watcher = Client()
    etag = watcher.get(_board(game))["ETag"]
    with _view_fails(), pytest.raises(AssertionError, match="view"):
        member_client.get(_board(game), HTTP_IF_NONE_MATCH=etag)
    with _view_fails(), pytest.raises(AssertionError, match="view"):
        watcher.get(reverse("live:live_board", args=["no-such-link"]), HTTP_IF_NONE_MATCH=etag)
    play_round(game, "Ann", Ben=9)
    changed = watcher.get(_board(game), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "9" in changed.content.decode()


def test_a_watcher_in_another_language_or_zone_gets_their_own_board(db):
    game = GameFactory(players=["Ann", "Ben"])
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    etag = english.get(_board(game))["ETag"]
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    assert spanish.get(_board(game), HTTP_IF_NONE_MATCH=etag).status_code == 200
    abroad = Client(HTTP_ACCEPT_LANGUAGE="en")
    abroad.cookies["tz"] = "Asia/Tokyo"
    assert abroad.get(_board(game), HTTP_IF_NONE_MATCH=etag).status_code == 200
    assert english.get(_board(game), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_early_answer_leaves_the_servers_zone_in_force(db, django_assert_num_queries):
    game = GameFactory(players=["Ann", "Ben"])
    watcher = Client()
    watcher.cookies["tz"] = "Asia/Tokyo"
    etag = watcher.get(_board(game))["ETag"]
    with django_assert_num_queries(1):  # the game's version and its crew's zone
        assert watcher.get(_board(game), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE


def test_a_poll_to_a_host_not_allowed_is_refused_as_every_request_is(db):
    game = GameFactory(players=["Ann", "Ben"])
    watcher = Client()
    etag = watcher.get(_board(game))["ETag"]
    assert watcher.get(_board(game), HTTP_IF_NONE_MATCH=etag).status_code == 304
    elsewhere = watcher.get(_board(game), HTTP_IF_NONE_MATCH=etag, HTTP_HOST="evil.example")
    assert elsewhere.status_code == 400
