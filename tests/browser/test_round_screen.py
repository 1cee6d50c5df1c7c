"""The round on one screen (issue #12): one shared keypad, hand chips, words not notation."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Round
from tests.browser.conftest import assert_accessible
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db(transaction=True)

FOUR = ["Ann", "Ben", "Cat", "Dan"]
TEN = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def open_game(page: Page, live_server, member, players, edition="classic"):
    _, crew = member
    game = GameFactory(crew=crew, players=players, edition=edition, target=500)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_role("button", name="Save round 1")).to_be_visible()
    return game


def key(page: Page, name: str):
    return page.get_by_role("group", name="Card keypad").get_by_role(
        "button", name=re.compile(rf"(^|, ){re.escape(name)} \(")
    )


def chip(page: Page, player: str):
    return page.locator(f'[data-pick="{player}"]')


def in_view(page: Page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def round_height(page: Page) -> float:
    """From the round's heading to the bottom of the keypad, with the save bar below."""
    return page.evaluate(
        """() => {
          const form = document.getElementById('round-form');
          const top = form.querySelector('h2').getBoundingClientRect().top;
          const pad = form.querySelector('[data-keypad]').getBoundingClientRect().bottom;
          const bar = form.querySelector('.sticky-action').getBoundingClientRect().height;
          return pad - top + bar;
        }"""
    )


def test_a_four_player_round_fits_one_screen_and_takes_winner_cards_and_save(
    live_server, logged_in_page: Page, member
):
    page = logged_in_page
    game = open_game(page, live_server, member, FOUR)
    page.locator("#round-form h2").scroll_into_view_if_needed()
    page.evaluate("document.querySelector('#round-form h2').scrollIntoView()")

    taps = 0

    def tap(locator):
        nonlocal taps
        locator.click()
        taps += 1

    tap(page.get_by_role("radio", name="Ann", exact=True))
    # The first hand after the winner is selected by itself.
    expect(chip(page, "Ben")).to_have_attribute("aria-pressed", "true")
    expect(chip(page, "Ann")).to_be_hidden()
    for name in ("7", "7", "Wild"):
        tap(key(page, name))
    expect(page.locator('[data-hand][data-player="Ben"] [data-words]')).to_have_text(
        "2 × 7, Wild — 64 points"
    )
    tap(chip(page, "Cat"))
    tap(key(page, "Skip"))
    tap(page.get_by_role("button", name="Next", exact=True))
    tap(key(page, "3"))
    expect(chip(page, "Dan")).to_contain_text("1 card · 3 pts")
    # Everything of the round is on the screen at once, without scrolling.
    height = round_height(page)
    for part in (
        page.get_by_role("radio", name="Ann", exact=True),
        chip(page, "Dan"),
        key(page, "Wild"),
        page.get_by_role("button", name="Save round 1"),
    ):
        assert in_view(page, part), part
    cards = 5
    tap(page.get_by_role("button", name="Save round 1"))
    expect(page.locator('[data-standing="Ann"]')).to_have_attribute("data-total", "87")
    moves = taps - 1 - cards - 1
    print(
        f"\n4-player round: {taps} taps = 1 winner + {cards} cards + {moves} hand moves + 1 save; "
        f"round screen {height:.0f} px of 844"
    )
    assert height <= 844
    assert moves == 2  # one per hand after the first: a chip or "Next", nothing else
    stored = Round.objects.get(game=game)
    assert stored.entry["hands"] == {"Ben": "*7 *7 W", "Cat": "*S", "Dan": "*3"}


def test_ten_players_stay_within_two_screens(live_server, logged_in_page: Page, member):
    page = logged_in_page
    open_game(page, live_server, member, TEN)
    page.get_by_role("radio", name="Ann", exact=True).click()
    height = round_height(page)
    print(f"\n10-player round screen: {height:.0f} px (two screens: {2 * 844})")
    assert height <= 2 * 844


def test_typed_cards_read_in_words_as_you_type(live_server, logged_in_page: Page, member):
    page = logged_in_page
    open_game(page, live_server, member, FOUR, edition="kitty")
    page.get_by_role("radio", name="Dan", exact=True).click()
    expect(chip(page, "Ann")).to_have_attribute("aria-pressed", "true")
    cards = page.get_by_label("Ann's cards (tap or type, e.g. 7 7 W)")
    words = page.locator('[data-hand][data-player="Ann"] [data-words]')
    cards.fill("R0 R5")
    expect(words).to_have_text("0, 5 — 5 points")
    cards.fill("7 7 W")
    expect(words).to_have_text("2 × 7, Wild — 64 points")
    cards.fill("7 Q9")
    expect(words).to_contain_text("Not a card: Q9")
    expect(page.locator('[data-hand][data-player="Ann"] [data-points]')).to_have_text("?")
    cards.fill("x +2")
    expect(words).to_have_text("Kitty card, Draw Two — 70 points")


def test_keys_look_like_cards_and_say_what_they_show(live_server, logged_in_page: Page, member):
    page = logged_in_page
    open_game(page, live_server, member, FOUR, edition="kitty")
    pad = page.get_by_role("group", name="Card keypad")
    for label, name in (("+2", "Draw Two"), ("Rev", "Reverse"), ("+4", "Wild Draw Four")):
        button = pad.get_by_role("button", name=f"{label}, {name}", exact=False)
        expect(button).to_have_text(label)
    sizes = pad.get_by_role("button").evaluate_all(
        "keys => keys.map(k => [k.getBoundingClientRect().width, k.getBoundingClientRect().height])"
    )
    assert all(w >= 48 and h >= 48 for w, h in sizes), sizes
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.get_by_role("radio", name="Ann", exact=True).click()
        assert_accessible(page)


def test_without_a_winner_the_keypad_asks_for_one_first(live_server, logged_in_page, member):
    page = logged_in_page
    open_game(page, live_server, member, FOUR)
    key(page, "7").click()
    expect(page.locator("[data-keypad-target]")).to_contain_text("Pick who went out first")
    assert page.locator("[data-cards]").evaluate_all("inputs => inputs.every(i => !i.value)")
