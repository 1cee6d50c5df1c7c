"""The live scoreboard follows the table: a watcher's phone keeps its link through a rematch."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.services import game_rematch, locked_game, round_record
from tests.browser.conftest import assert_accessible
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_live_link_survives_a_rematch(live_server, page: Page, member):
    _, crew = member
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat"], target=100)
    page.goto(f"{live_server.url}/live/{game.share_token}/")
    expect(page.locator("[data-standing]")).to_have_count(3)
    with locked_game(game_id=game.pk, crew=crew) as locked:
        round_record(game=locked, winner="Ann", hands={"Ben": 60, "Cat": 50})
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible(timeout=10_000)
    assert_accessible(page)
    with locked_game(game_id=game.pk, crew=crew) as locked:
        rematch = game_rematch(game=locked)
    # The same page, never reloaded, now shows the rematch: a fresh board at 0.
    expect(page.locator(f'#live-board[data-game="{rematch.pk}"]')).to_be_visible(timeout=20_000)
    expect(page.get_by_role("heading", name="Ann wins!")).to_have_count(0)
    expect(page.locator('[data-standing="Ann"]')).to_have_attribute("data-total", "0")


def test_the_big_screen_layout_shows_totals_large(live_server, page: Page, member):
    _, crew = member
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat", "Dan"])
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/live/{game.share_token}/")
    size = page.locator(".standing .total").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    # About 1/60 of the viewing distance reads comfortably: 3 m wants letters of 5 cm and more.
    assert size >= 120, size
    tops = page.locator(".standing").evaluate_all("rows => rows.map(r => r.offsetTop)")
    assert len(set(tops)) < len(tops)  # side by side, not one under the other
