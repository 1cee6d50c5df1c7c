"""`make screenshots`: phone-sized pictures of each screen, light and dark, under docs/screenshots/.

Not part of `make test` (the file name does not start with test_); run it by path. Dark pictures
carry "-dark" in their names (04-scoreboard.png, 04-scoreboard-dark.png). SCREENSHOTS_DIR=/tmp/x
writes them elsewhere.
"""

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Page

from scorekeeper.roster.models import Player
from tests.browser.conftest import log_in
from tests.factories import ChallengeFactory, GameFactory, play_round

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
OUT = Path(os.environ.get("SCREENSHOTS_DIR", DOCS))
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screens(live_server, page: Page, table_member, scheme):
    suffix = "" if scheme == "light" else "-dark"
    url = live_server.url

    def shot(name: str) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(OUT / f"{name}{suffix}.png"))

    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.goto(url + reverse("accounts:signup"))
    shot("01-sign-up")
    log_in(page, url)

    _, crew = table_member
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat", "Dan"], edition="kitty")
    play_round(game, "Ann", Ben="*7 W X", Cat=12, Dan="*5")
    play_round(game, "Cat", Ann=33, Ben="*+2 *S", Dan=8)
    ChallengeFactory(game=game, challenger="Ben", challenged="Cat")
    # A history to look back on, going back from the day before tonight.
    call_command("seed_demo", games=24, crew=crew.name, user="", stdout=io.StringIO())
    page.goto(url + reverse("games:home"))
    shot("02-dashboard")

    page.goto(url + reverse("newgame:game_new"))
    for name in ("Ann", "Ben", "Cat", "Dan"):
        page.get_by_role("button", name=f"+ {name}").click()
        page.locator(".seat-name", has_text=name).wait_for()
    shot("03-new-game")

    page.goto(url + reverse("games:game_detail", args=[game.pk]))
    shot("04-scoreboard")
    page.get_by_role("radio", name="Ben", exact=True).check()
    pad = page.get_by_role("group", name="Card keypad")
    page.locator('[data-pick="Ann"]').click()
    for token in ("W", "W", "W", "X"):
        pad.locator(f'[data-key="{token}"]').click()
    page.locator('[data-pick="Cat"]').click()
    for token in ("W", "W", "*7"):
        pad.locator(f'[data-key="{token}"]').click()
    page.locator('[data-pick="Dan"]').click()
    for token in ("*+2", "*5"):
        pad.locator(f'[data-key="{token}"]').click()
    page.locator("#round-form").scroll_into_view_if_needed()
    shot("05-keypad")
    page.get_by_role("button", name="Save round 3").click()
    page.get_by_role("alert").first.wait_for()
    page.locator("#round-errors").scroll_into_view_if_needed()
    shot("06-refused-round")

    page.goto(url + reverse("live:live", args=[game.share_token]))
    shot("07-live-view")

    play_round(game, "Ann", Ben=400, Cat=20, Dan=10)
    page.goto(url + reverse("games:game_detail", args=[game.pk]))
    shot("08-winner")

    night = crew.nights.exclude(pk=game.night_id).order_by("date").last()
    finished = night.games.order_by("pk").first()
    first, second = Player.objects.filter(crew=crew).order_by("name")[:2]
    for path, name in (
        (reverse("referee:rules_search") + "?q=can+you+stack+draw+2", "09-rules-search"),
        (reverse("referee:rules_challenge"), "10-challenge"),
        (reverse("nights:night_list"), "11-nights"),
        (reverse("history:player_list"), "12-players"),
        (reverse("history:game_record", args=[finished.pk]), "13-game-record"),
        (reverse("nights:night_detail", args=[night.pk]), "14-night"),
        (reverse("history:player_detail", args=[first.pk]), "15-player"),
        (
            reverse("history:head_to_head") + f"?a={first.pk}&b={second.pk}",
            "16-head-to-head",
        ),
        (reverse("referee:first_card"), "17-first-card"),
    ):
        response = page.goto(url + path)
        assert response and response.status == 200, path
        shot(name)
