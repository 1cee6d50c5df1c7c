"""A crew's own deck at the table (issue 22), in a phone-sized Chromium: make a deck with a
40-point blank card, start a game with it, enter a round with the blank card on the keypad, see
the total, export the game and import it on a fresh crew with the same totals."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from scorekeeper.crews.models import Crew, Membership
from tests.browser.conftest import PASSWORD, assert_accessible, assert_no_sideways_scroll
from tests.browser.test_table_flows import hand_status, save_round, start_game, tap

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


def make_deck_with_a_blank_card(page: Page, base_url: str) -> None:
    page.goto(base_url + "/decks/")
    page.get_by_label("Name of the deck").fill("Our 112-card box")
    page.get_by_role("button", name="Make the deck").click()
    expect(page.get_by_role("heading", level=1, name="Our 112-card box")).to_be_visible()
    blank = page.get_by_label("Blank card ×4, points")
    blank.fill("40")
    page.locator("form.suggestion", has=blank).get_by_role("button", name="Add").click()
    expect(page.get_by_text("Blank card added.")).to_be_visible()
    expect(page.get_by_text("112 cards in all.")).to_be_visible()


def test_a_game_with_the_crew_s_blank_card_scores_exports_and_imports(
    live_server, logged_in_page: Page, browser: Browser, console_errors
):
    page = logged_in_page
    make_deck_with_a_blank_card(page, live_server.url)
    assert_accessible(page)
    assert_no_sideways_scroll(page)

    start_game(page, live_server, ["Dee", "Ben"], edition="Our 112-card box", target="500")
    page.get_by_role("radio", name="Dee", exact=True).check()
    blank_key = page.get_by_role("button", name=re.compile(r"^Blank card \(40 points\)"))
    expect(blank_key).to_have_class(re.compile("card-house"))
    tap(page, "Ben", "Blank card", "7")
    expect(hand_status(page, "Ben")).to_have_text("Ben: 2 cards · 47 points")
    assert_accessible(page)
    assert_no_sideways_scroll(page)
    save_round(page, 1)
    expect(page.locator(".standing", has_text="Dee").locator(".total")).to_have_text("47")

    # The game's file carries its deck; a fresh crew on this server imports it.
    game_path = urlsplit_path(page.url)
    exported = page.request.get(live_server.url + game_path + "export/").json()
    assert exported["deck"]["cards"] == [
        {
            "token": "BL",
            "name": "Blank card",
            "name_es": "Carta en blanco",
            "kind": "wild",
            "count": 4,
            "points": 40,
        }
    ]
    user = get_user_model().objects.create_user("cy", password=PASSWORD)
    crew = Crew.objects.create(name="Sunday club")
    Membership.objects.create(crew=crew, user=user)
    other = browser.new_page(viewport={"width": 390, "height": 844})
    console_errors.watch(other)
    other.goto(live_server.url + "/login/")
    other.get_by_label("Username").fill("cy")
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Log in").click()
    other.goto(live_server.url + "/games/import/")
    other.get_by_label("Game file (.json)").set_input_files(
        files=[
            {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(exported).encode(),
            }
        ]
    )
    other.get_by_role("button", name="Import").click()
    expect(other.get_by_role("heading", level=1)).to_contain_text("Our 112-card box")
    copy = other.request.get(live_server.url + urlsplit_path(other.url) + "export/").json()
    assert (
        copy["result"]
        == exported["result"]
        == {"totals": {"Dee": 47, "Ben": 0}, "finished": False, "winners": []}
    )
    assert copy["deck"] == exported["deck"]
    assert crew.decks.get().name == "Our 112-card box"


def urlsplit_path(url: str) -> str:
    """/games/12/ from the page's address."""
    match = re.search(r"/games/\d+/", url)
    assert match, url
    return match.group(0)


def test_a_two_sided_deck_shows_the_keys_of_the_side_that_was_up(
    live_server, logged_in_page: Page, table_member
):
    from scorekeeper.decks import services

    _, crew = table_member
    deck = services.deck_create(crew=crew, name="Flip box", base="classic", sides=("Light", "Dark"))
    colour = {"token": "DC", "name": "Draw Colour", "kind": "wild", "count": 4, "points": 60}
    services.deck_add_card(deck=deck, side=2, card=colour)
    services.deck_leave_out(deck=deck, side=2, values=["W+4"])
    page = logged_in_page
    start_game(page, live_server, ["Dee", "Ben"], edition="Flip box", target="500")
    page.get_by_role("radio", name="Dee", exact=True).check()
    draw_colour = page.get_by_role("button", name=re.compile(r"^Draw Colour \(60 points\)"))
    wild_four = page.get_by_role("button", name=re.compile(r"Wild Draw Four \(50 points\)"))
    expect(page.get_by_role("radio", name="Light")).to_be_checked()
    expect(draw_colour).to_be_hidden()
    expect(wild_four).to_be_visible()
    page.get_by_role("radio", name="Dark").check()
    expect(wild_four).to_be_hidden()
    tap(page, "Ben", "Draw Colour", "5")
    expect(hand_status(page, "Ben")).to_have_text("Ben: 2 cards · 65 points")
    assert_accessible(page)
    save_round(page, 1)
    expect(page.locator(".standing", has_text="Dee").locator(".total")).to_have_text("65")
    # The next round starts on the side the last one ended on.
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
