"""`make screenshots`: phone-sized pictures of each screen, saved under docs/screenshots/.

Not part of `make test` (the file name does not start with test_); run it by path.
"""

from pathlib import Path

import pytest
from playwright.sync_api import Page

from scorekeeper.games.services import round_record
from tests.factories import GameFactory

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
pytestmark = pytest.mark.django_db(transaction=True)


def shot(page: Page, name: str, full_page: bool = False) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=full_page)


def test_screens(live_server, page: Page, member):
    page.goto(live_server.url + "/signup/")
    shot(page, "01-sign-up")
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")

    _, crew = member
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat", "Dan"], edition="kitty")
    round_record(game=game, winner="Ann", hands={"Ben": "*7 W X", "Cat": 12, "Dan": "*5"})
    round_record(game=game, winner="Cat", hands={"Ann": 33, "Ben": "*+2 *S", "Dan": 8})
    page.goto(live_server.url + "/")
    shot(page, "02-dashboard")

    page.goto(live_server.url + "/games/new/")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        page.get_by_role("button", name=f"+ {name}").click()
        page.locator(".seat-name", has_text=name).wait_for()
    shot(page, "03-new-game")

    page.goto(live_server.url + f"/games/{game.pk}/")
    shot(page, "04-scoreboard")
    page.get_by_role("radio", name="Ben", exact=True).check()
    pad = page.get_by_role("group", name="Card keypad")
    page.locator('[data-pick="Ann"]').click()
    for key in ("Wild (", "Wild (", "Wild (", "Kitty card ("):
        pad.get_by_role("button", name=key).first.click()
    page.locator('[data-pick="Cat"]').click()
    for key in ("Wild (", "Wild ("):
        pad.get_by_role("button", name=key).first.click()
    page.locator('[data-pick="Dan"]').click()
    page.get_by_label("…or type Dan's total").fill("9")
    page.locator("#round-form h2").scroll_into_view_if_needed()
    shot(page, "05-keypad")
    page.get_by_role("button", name="Save round 3").click()
    page.get_by_role("alert").first.wait_for()
    page.locator("#round-errors").scroll_into_view_if_needed()
    shot(page, "06-refused-round")

    page.goto(live_server.url + f"/live/{game.share_token}/")
    shot(page, "07-live-view")

    round_record(game=game, winner="Ann", hands={"Ben": 400, "Cat": 20, "Dan": 10})
    page.goto(live_server.url + f"/games/{game.pk}/")
    shot(page, "08-winner")
    for path, name in (
        ("/rules/?q=can+you+stack+draw+2", "09-rules-search"),
        ("/rules/challenge/", "10-challenge"),
        ("/nights/", "11-nights"),
        ("/players/", "12-players"),
        (f"/games/{game.pk}/record/", "13-game-record"),
    ):
        if page.goto(live_server.url + path).status == 200:
            shot(page, name)
