"""The table screens on small and dark phones: no sideways scroll, big tap targets, contrast."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll

# A Water Drop game of four with one round saved.
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.game(
        players=["Ann", "Ben", "Cat", "Dan"],
        edition="water-drop",
        rounds=[("Ann", {"Ben": "*7 W X", "Cat": 12, "Dan": "*5"})],
    ),
]

SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'main button, main .btn, main .choice, main input[type=text], main select, .topbar a'))
  .filter(el => el.offsetParent !== null && !el.classList.contains('visually-hidden'))
  .filter(el => el.getBoundingClientRect().height < 44)
  .map(el => el.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_table_fits_small_phones_with_big_tap_targets(
    live_server, logged_in_page: Page, game, width
):
    page = logged_in_page
    page.set_viewport_size({"width": width, "height": 780})
    for path in ("/", "/games/new/", f"/games/{game.pk}/"):
        page.goto(live_server.url + path)
        assert_no_sideways_scroll(page)
        assert page.evaluate(SMALL_TARGETS) == []


def test_dark_mode_passes_the_contrast_checks(live_server, logged_in_page: Page, game):
    page = logged_in_page
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + f"/games/{game.pk}/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(14, 21, 18)"  # the dark card table (--bg in app.css)
    assert_accessible(page)
    page.goto(live_server.url + f"/live/{game.share_token}/")
    assert_accessible(page)


def test_a_failed_save_says_so_and_keeps_the_entry(live_server, logged_in_page: Page, game):
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/")
    page.get_by_role("radio", name="Ben", exact=True).check()
    for name in ("Ann", "Cat", "Dan"):
        page.locator(f'[data-pick="{name}"]').click()
        page.get_by_label(f"…or type {name}'s total").fill("5")
    page.route("**/rounds/", lambda route: route.abort())
    page.get_by_role("button", name="Save round 2").click()
    # The entry is kept on the phone (offline-rounds.js) and the form moves on to round 3.
    expect(page.locator("[data-queue-notice]")).to_contain_text(
        "Round 2 is saved on this phone and will be sent when the connection returns"
    )
    expect(page.locator('[data-queued-round="2"]')).to_have_text("Round 2 — waiting to send")
    expect(page.get_by_role("button", name="Save round 3")).to_be_visible()
    expect(page.locator("#offline-banner")).to_be_hidden()
    assert game.rounds.count() == 1
    page.unroute("**/rounds/")
    expect(page.locator("[data-queued-round]")).to_have_count(0, timeout=20_000)
    assert game.rounds.count() == 2
