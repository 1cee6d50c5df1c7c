"""The scoreboard at 390×844: standings first, the last rounds, the bottom bar, the share sheet
with a QR code another phone can open, and a game's life (stop early, resume, delete, undo)."""

import io
import re
from urllib.parse import urlsplit

import pytest
import segno
from playwright.sync_api import Page, expect

from scorekeeper import addresses
from scorekeeper.games.models import Game
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll

LOOPBACK = re.compile(r"127\.0\.0\.1|localhost|\[::1\]", re.I)

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors); the
# game has five rounds saved (Ann 70, Ben 12, Cat 8 of 500).
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("console_errors"),
    pytest.mark.game(
        rounds=[
            ("Ann", {"Ben": 30, "Cat": 20}),
            ("Ben", {"Ann": 5, "Cat": 5}),
            ("Cat", {"Ann": 4, "Ben": 4}),
            ("Ann", {"Ben": 10, "Cat": 10}),
            ("Ben", {"Ann": 1, "Cat": 1}),
        ]
    ),
]


def open_board(page: Page, live_server, game) -> None:
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("[data-standing]")).to_have_count(3)


def test_standings_first_the_last_rounds_and_the_bottom_bar(live_server, logged_in_page, game):
    page = logged_in_page
    open_board(page, live_server, game)
    # Standings come before the rounds, which show the last three until "Show all".
    standings = page.locator(".standings").bounding_box()
    assert standings["y"] < page.locator("#rounds").bounding_box()["y"]
    rows = page.locator("#rounds tbody tr")
    expect(rows.filter(visible=True)).to_have_count(3)
    page.get_by_role("button", name="Show all 5 rounds").click()
    expect(rows.filter(visible=True)).to_have_count(5)
    for link in page.get_by_role("link", name=re.compile(r"^Edit round")).all():
        box = link.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    # The bottom bar stays within thumb reach wherever the page is scrolled.
    bar = page.get_by_role("navigation", name="Game tools")
    for name in ("Score", "Rules", "Challenge"):
        expect(bar.get_by_role("link", name=name)).to_be_visible()
    expect(bar.get_by_role("button", name="Share")).to_be_visible()
    for scroll in (0, 10_000):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        box = bar.bounding_box()
        assert box["y"] + box["height"] <= 844 and box["y"] >= 844 - 80
    assert_no_sideways_scroll(page)
    assert_accessible(page)


def test_the_share_sheet_never_shows_a_loopback_address(
    live_server, logged_in_page, game, monkeypatch
):
    # The test server listens on 127.0.0.1: the sheet must offer this machine's LAN address.
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.20")
    page = logged_in_page
    open_board(page, live_server, game)
    page.get_by_role("navigation", name="Game tools").get_by_role("button", name="Share").click()
    sheet = page.get_by_role("dialog", name="Let the other phones watch")
    expect(sheet).to_be_visible()
    qr = sheet.get_by_role("img", name="QR code of the live scoreboard link")
    expect(qr).to_be_visible()
    encoded = qr.get_attribute("data-url")
    link = sheet.get_by_role("textbox", name="Live scoreboard link").input_value()
    port = urlsplit(live_server.url).port
    assert encoded == link == f"http://192.168.1.20:{port}/live/{game.share_token}/"
    assert not LOOPBACK.search(encoded)
    # The image is the QR code of exactly that address (drawn again the same way).
    drawn = page.request.get(live_server.url + qr.get_attribute("src")).body()
    expected = io.BytesIO()
    segno.make(encoded, error="m").save(expected, kind="svg", scale=5, dark="#000", light="#fff")
    assert drawn == expected.getvalue()
    assert not LOOPBACK.search(drawn.decode())
    # Big enough to scan across a table.
    assert qr.bounding_box()["width"] >= 280
    assert_accessible(page)
    sheet.get_by_role("button", name="Copy").click()
    expect(sheet.get_by_role("button", name="Copied")).to_be_visible()
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()


def test_ending_early_shows_the_game_over_moment_and_can_be_undone(
    live_server, logged_in_page, game
):
    page = logged_in_page
    open_board(page, live_server, game)
    page.get_by_text("End early, abandon or delete").click()
    page.get_by_role("button", name="End now: Ann wins").click()
    confirm = page.get_by_role("dialog", name="End the game now: Ann wins?")
    expect(confirm).to_be_visible()
    assert_accessible(page)
    confirm.get_by_role("button", name="End the game").click()
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    expect(page.get_by_text("Ended early", exact=True)).to_be_visible()
    expect(page.get_by_role("list", name="Final standings")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Rematch"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Save round"))).to_have_count(0)
    assert_accessible(page)
    page.get_by_role("button", name="Resume the game").click()
    expect(page.get_by_role("button", name="Save round 6")).to_be_visible()
    assert Game.objects.get(pk=game.pk).ended == ""


def test_a_deleted_game_comes_back_with_undo_on_the_home_page(live_server, logged_in_page, game):
    page = logged_in_page
    open_board(page, live_server, game)
    page.get_by_text("End early, abandon or delete").click()
    page.get_by_role("button", name="Delete the game").first.click()
    confirm = page.get_by_role("dialog", name="Delete this game?")
    confirm.get_by_role("button", name="Delete the game").click()
    page.wait_for_url(live_server.url + "/")
    expect(page.get_by_text("Game of Ann, Ben, Cat deleted by ann")).to_be_visible()
    assert not Game.objects.filter(pk=game.pk).exists()
    assert_accessible(page)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-standing]")).to_have_count(3)
    back = Game.objects.get(uid=game.uid)
    assert page.url == f"{live_server.url}/games/{back.pk}/"
    expect(page.locator('[data-standing="Ann"]')).to_have_attribute("data-total", "70")


def test_the_home_page_continues_the_game_in_play(live_server, logged_in_page, game):
    page = logged_in_page
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Continue: round 6").click()
    expect(page.get_by_role("button", name="Save round 6")).to_be_visible()
