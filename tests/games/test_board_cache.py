"""The scoreboard's standings and rounds are rendered once per game version, language and
copy (the table's, with edit links, or the live one), and never shown stale."""

import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.urls import reverse

from scorekeeper.games.models import Game
from tests.factories import round_form

HTMX = {"HTTP_HX_REQUEST": "true"}


def board_key(game: Game, language: str = "en", editable: bool = True) -> str:
    return make_template_fragment_key("board", [game.uid, game.version, editable, language])


def totals_on(page: str) -> dict[str, int]:
    return {
        name: int(total)
        for name, total in re.findall(r'data-standing="([^"]+)" data-total="(\d+)"', page)
    }


@pytest.mark.game(rounds=[("Ann", {"Ben": 10, "Cat": 5})])
def test_the_board_is_kept_for_its_version_and_a_new_round_shows_at_once(crew_client, game):
    client, _ = crew_client
    url = reverse("games:game_detail", args=[game.pk])
    first = client.get(url).content.decode()
    assert totals_on(first) == {"Ann": 15, "Ben": 0, "Cat": 0}
    assert cache.get(board_key(game)) is not None  # rendered once, kept for this version
    saved = client.post(
        reverse("games:round_create", args=[game.pk]),
        round_form("Ben", number=2, Ann=7, Cat=3),
        **HTMX,
    )
    assert saved.status_code == 200
    assert totals_on(saved.content.decode()) == {"Ann": 15, "Ben": 10, "Cat": 0}
    assert totals_on(client.get(url).content.decode())["Ben"] == 10


@pytest.mark.game(players=["Ann", "Ben"], rounds=[("Ann", {"Ben": 10})])
def test_each_language_and_each_copy_has_its_own_board(crew_client, game):
    client, _ = crew_client
    english = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    spanish = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Round by round" in english and "Round by round" not in spanish
    assert "Ronda a ronda" in spanish and "Ronda a ronda" not in english
    live = client.get(reverse("live:live", args=[game.share_token])).content.decode()
    assert "edit-link" in english and "edit-link" not in live
