"""The keypad says so at the tap that would enter more of a card than the deck holds (issue 26,
defect 7): a fifth Wild Draw Four is refused there, not only by Save."""

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Round
from tests.browser.conftest import assert_no_sideways_scroll
from tests.browser.test_round_screen import FOUR, key, open_game
from tests.factories import entry_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


def words(page: Page, player: str):
    return page.locator(f'[data-hand][data-player="{player}"] [data-words]')


def test_a_fifth_wild_draw_four_is_refused_at_its_tap(
    live_server, logged_in_page: Page, table_member
):
    page = logged_in_page
    game = open_game(page, live_server, table_member, FOUR)
    page.get_by_role("radio", name="Ann", exact=True).click()
    for _ in range(3):
        key(page, "Wild Draw Four").click()
    page.locator('[data-pick="Cat"]').click()
    key(page, "Wild Draw Four").click()
    refusal = page.locator("[data-keypad-refusal]")
    expect(refusal).to_be_hidden()  # four fit the deck

    key(page, "Wild Draw Four").click()  # the fifth
    expect(refusal).to_be_visible()
    expect(refusal).to_have_attribute("role", "alert")
    expect(refusal).to_have_text(
        "Wild Draw Four not added: the deck holds only four, and the hands already have them all."
    )
    expect(refusal).to_be_in_viewport()
    expect(words(page, "Cat")).to_have_text("Wild Draw Four — 50 points")  # not added
    assert_no_sideways_scroll(page)

    # The next tap that fits says nothing more; the round saves as entered.
    key(page, "7").click()
    expect(refusal).to_be_hidden()
    expect(words(page, "Cat")).to_have_text("Wild Draw Four, 7 — 57 points")
    page.get_by_role("button", name="Next", exact=True).click()
    key(page, "3").click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator('[data-standing="Ann"]')).to_have_attribute("data-total", "210")
    assert entry_of(Round.objects.get(game=game))["hands"] == {
        "Ben": "W+4 W+4 W+4",
        "Cat": "W+4 *7",
        "Dan": "*3",
    }


def test_typed_cards_count_and_colours_count_together(
    live_server, logged_in_page: Page, table_member
):
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR)
    page.get_by_role("radio", name="Ann", exact=True).click()
    # Eight 7s in the deck, of any colour: four typed with their colour, three tapped.
    page.locator('[data-hand][data-player="Ben"] [data-cards]').fill("R7 R7 G7 G7")
    page.locator('[data-pick="Cat"]').click()
    for _ in range(4):
        key(page, "7").click()
    refusal = page.locator("[data-keypad-refusal]")
    expect(refusal).to_be_hidden()
    key(page, "7").click()  # the ninth 7
    expect(refusal).to_have_text(
        "7 not added: the deck holds only 8, and the hands already have them all."
    )
    expect(words(page, "Cat")).to_have_text("4 × 7 — 28 points")
    # Undo takes a card back and the message goes.
    page.get_by_role("button", name="Undo").click()
    expect(refusal).to_be_hidden()


def test_the_refusal_is_said_in_spanish(live_server, logged_in_page: Page, table_member):
    page = logged_in_page
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "es", "url": live_server.url}]
    )
    open_game(page, live_server, table_member, FOUR, edition="kitty")
    page.get_by_role("radio", name="Ann", exact=True).click()
    for _ in range(5):
        page.locator('[data-key="X"]').click()
    expect(page.locator("[data-keypad-refusal]")).to_have_text(
        "No se añadió carta Kitty: la baraja solo tiene cuatro y ya están todas en las manos."
    )
