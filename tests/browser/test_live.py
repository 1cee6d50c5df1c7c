"""The live scoreboard follows the table: a watcher's phone keeps its link through a rematch."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Game
from scorekeeper.games.services import game_rematch, locked_game
from tests.browser.conftest import assert_accessible
from tests.factories import play_round

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


@pytest.mark.game(target=100)
def test_the_live_link_survives_a_rematch(live_server, page: Page, table_member, game):
    _, crew = table_member
    page.goto(f"{live_server.url}/live/{game.share_token}/")
    expect(page.locator("[data-standing]")).to_have_count(3)
    play_round(game, "Ann", Ben=60, Cat=50)
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible(timeout=10_000)
    assert_accessible(page)
    with locked_game(game_id=game.pk, crew=crew) as locked:
        rematch = game_rematch(game=locked)
    # The same page, never reloaded, now shows the rematch: a fresh board at 0.
    expect(page.locator(f'#live-board[data-game="{rematch.pk}"]')).to_be_visible(timeout=20_000)
    expect(page.get_by_role("heading", name="Ann wins!")).to_have_count(0)
    expect(page.locator('[data-standing="Ann"]')).to_have_attribute("data-total", "0")


@pytest.mark.game(players=["Ann", "Ben", "Cat", "Dan"])
def test_the_big_screen_layout_shows_totals_large(live_server, page: Page, game):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/live/{game.share_token}/")
    size = page.locator(".standing .total").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    # About 1/60 of the viewing distance reads comfortably: 3 m wants letters of 5 cm and more.
    assert size >= 120, size
    tops = page.locator(".standing").evaluate_all("rows => rows.map(r => r.offsetTop)")
    assert len(set(tops)) < len(tops)  # side by side, not one under the other


@pytest.mark.game(target=100)
def test_the_live_page_follows_a_rematch_tapped_at_the_table(
    live_server, logged_in_page: Page, browser, game
):
    Game.objects.filter(pk=game.pk).update(first_dealer=game.seats.get(number=0).player)
    play_round(game, "Ben", Ann=5, Cat=5)
    watcher = browser.new_page(viewport={"width": 390, "height": 844})
    watcher.goto(f"{live_server.url}/live/{game.share_token}/")
    # Who deals next, and the round history.
    expect(watcher.locator('[data-standing="Ben"]')).to_contain_text("Deals next")
    expect(watcher.get_by_role("table").locator("tbody tr")).to_have_count(1)
    table = logged_in_page
    table.goto(f"{live_server.url}/games/{game.pk}/")
    table.get_by_text("End early, abandon or delete").click()
    table.get_by_role("button", name="End now: Ben wins").click()
    table.get_by_role("dialog").get_by_role("button", name="End the game").click()
    expect(watcher.get_by_role("heading", name="Ben wins!")).to_be_visible(timeout=10_000)
    table.get_by_role("button", name=re.compile("^Rematch")).click()
    expect(table.get_by_role("button", name="Save round 1")).to_be_visible()
    rematch = Game.objects.get(rematch_of=game)
    # The watcher's page, never reloaded, moves on to the rematch.
    expect(watcher.locator(f'#live-board[data-game="{rematch.pk}"]')).to_be_visible(timeout=20_000)
    expect(watcher.get_by_role("heading", name="Ben wins!")).to_have_count(0)
    assert_accessible(watcher)
    watcher.close()


@pytest.mark.game(players=["Ann", "Ben"], target=100)
def test_a_watcher_follows_a_rematch_at_the_quick_pace(live_server, page: Page, table_member, game):
    """Issue 26, defect 10: a game that just ended is still polled every few seconds, so a
    rematch tapped right after the end shows within the normal interval, not up to 12 s late."""
    _, crew = table_member
    page.goto(f"{live_server.url}/live/{game.share_token}/")
    play_round(game, "Ann", Ben=120)
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible(timeout=10_000)
    # The rematch is tapped just after the watcher's poll swapped in the finished board.
    with locked_game(game_id=game.pk, crew=crew) as locked:
        rematch = game_rematch(game=locked)
    expect(page.locator(f'#live-board[data-game="{rematch.pk}"]')).to_be_visible(timeout=6_000)
