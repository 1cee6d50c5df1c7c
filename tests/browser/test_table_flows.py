"""The table flows in a real phone-sized Chromium."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.roster.models import Player
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


def keypad(page: Page, player: str):
    """The one card keypad, filling ``player``'s hand (tapping the hand's chip selects it)."""
    chip = page.locator(f'[data-pick="{player}"]')
    if chip.get_attribute("aria-pressed") != "true":
        chip.click()
    return page.get_by_role("group", name="Card keypad")


def tap(page: Page, player: str, *keys: str) -> None:
    pad = keypad(page, player)
    for key in keys:
        pad.get_by_role("button", name=re.compile(rf"(^|, ){re.escape(key)} \(")).click()


def hand_status(page: Page, player: str):
    return page.locator(f'[data-hand][data-player="{player}"] .hand-status')


def total_box(page: Page, player: str):
    keypad(page, player)
    return page.get_by_label(f"…or type {player}'s total")


def save_round(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save round {number}").click()


def test_first_account_and_crew(live_server, page: Page):
    page.goto(live_server.url + "/")
    assert_accessible(page)
    page.get_by_role("link", name="Create the first account and crew").click()
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password", exact=True).fill("a-long-test-password")
    page.get_by_label("Password confirmation").fill("a-long-test-password")
    page.get_by_label("Your crew's name").fill("Friday club")
    assert_accessible(page)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="Friday club")).to_be_visible()
    expect(page.get_by_role("link", name="New game")).to_be_visible()
    assert_accessible(page)
    assert_no_sideways_scroll(page)


def start_game(page: Page, live_server, players: list[str], edition: str, target: str) -> None:
    page.goto(live_server.url + "/games/new/")
    for name in players:
        page.get_by_label("Add a new player").fill(name)
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator(".seat-name", has_text=name)).to_be_visible()
    page.get_by_role("radio", name=re.compile(f"^{edition}")).check()
    page.get_by_role("radio", name=target, exact=True).check()
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Save round 1")).to_be_visible()


def test_a_whole_game_at_the_table(
    live_server, logged_in_page: Page, browser, table_member, console_errors
):
    user, crew = table_member
    # ann's own player, named as she writes it (a member is offered by user name otherwise).
    Player.objects.create(crew=crew, name="Ann", user=user)
    page = logged_in_page
    page.goto(live_server.url + "/games/new/")
    assert_accessible(page)
    # Seat four players, then move Dan above Cat.
    start_players = ["Ann", "Ben", "Dan", "Cat"]
    for name in start_players:
        page.get_by_label("Add a new player").fill(name)
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator(".seat-name", has_text=name)).to_be_visible()
    page.get_by_role("button", name="Move Cat up").click()
    expect(page.locator(".seat-name")).to_have_text(["Ann", "Ben", "Cat", "Dan"])
    page.get_by_role("radio", name=re.compile("^Kitty")).check()
    page.get_by_role("radio", name="250", exact=True).check()
    assert_no_sideways_scroll(page)
    page.get_by_role("button", name="Start game").click()

    # Dealer, then round 1: keypad for Ben, a typed total for Cat, keypad for Dan.
    page.get_by_role("region", name="Who deals first?").get_by_role("button", name="Dan").click()
    expect(page.get_by_text("Dan deals round 1")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("radio", name="Ann", exact=True).check()
    expect(page.locator('[data-hand][data-player="Ann"]')).to_be_hidden()
    tap(page, "Ben", "7", "Wild", "Kitty card")
    expect(hand_status(page, "Ben")).to_have_text("Ben: 3 cards · 107 points")
    tap(page, "Ben", "Draw Two")
    keypad(page, "Ben").get_by_role("button", name="Undo", exact=True).click()
    expect(hand_status(page, "Ben")).to_have_text("Ben: 3 cards · 107 points")
    total_box(page, "Cat").fill("12")
    tap(page, "Dan", "5")
    assert_no_sideways_scroll(page)
    save_round(page, 1)
    ann = page.locator(".standing", has_text="Ann")
    expect(ann.locator(".total")).to_have_text("124")
    expect(page.get_by_text("Ann deals round 2")).to_be_visible()

    # Round 2 is refused for too many Wilds, then fixed without losing the entry.
    page.get_by_role("radio", name="Ben", exact=True).check()
    page.get_by_role("radio", name="Wild Draw Four").check()
    expect(page.locator("[data-reminder]")).to_contain_text("draws 4 cards")
    tap(page, "Ann", "Wild", "Wild", "Wild")
    tap(page, "Cat", "Wild", "Wild")  # the fifth Wild is refused at its tap
    expect(page.locator("[data-keypad-refusal]")).to_contain_text("deck holds only four")
    page.get_by_label("Cat's cards (tap or type, e.g. 7 7 W)").fill("W W")  # typed: Save checks
    total_box(page, "Dan").fill("8")
    console_errors.expect(r"status of 422 .*/rounds/")  # the refusal, shown on the page
    save_round(page, 2)
    expect(page.get_by_role("alert").first).to_contain_text("deck holds only four")
    expect(page.locator('[data-player="Ann"] [data-cards]')).to_have_value("W W W")
    keypad(page, "Cat").get_by_role("button", name="Clear", exact=True).click()
    tap(page, "Cat", "Skip")
    assert_accessible(page)
    save_round(page, 2)
    expect(page.locator(".standing", has_text="Ben").locator(".total")).to_have_text("178")

    # The share page, open on another phone, picks up the next round by itself.
    # (The link names this machine's LAN address, where the test server does not listen: the
    # viewer opens its path on the test server.)
    share_url = page.locator("#share a.share-link").get_attribute("href")
    viewer = browser.new_page(viewport={"width": 390, "height": 844})
    console_errors.watch(viewer)
    viewer.goto(live_server.url + urlsplit(share_url).path)
    expect(viewer.locator(".standing", has_text="Ben").locator(".total")).to_have_text("178")
    expect(viewer.locator("main").get_by_role("button")).to_have_count(0)  # nothing to change
    assert_accessible(viewer)

    # Round 3 by typed totals only.
    page.get_by_role("radio", name="Cat", exact=True).check()
    total_box(page, "Ann").fill("3")
    total_box(page, "Ben").fill("4")
    total_box(page, "Dan").fill("5")
    save_round(page, 3)
    expect(page.locator(".standing", has_text="Cat").locator(".total")).to_have_text("12")
    expect(viewer.locator(".standing", has_text="Cat").locator(".total")).to_have_text(
        "12", timeout=15000
    )
    viewer.close()

    # Edit round 1: Dan had 15, not 5.
    page.get_by_role("link", name="Edit round 1").click()
    assert_accessible(page)
    keypad(page, "Dan").get_by_role("button", name="Clear", exact=True).click()
    total_box(page, "Dan").fill("15")
    page.get_by_role("button", name="Save round 1").click()
    expect(ann.locator(".total")).to_have_text("134")

    # Delete the last round, then undo.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete round 3").click()
    expect(page.get_by_text(re.compile(r"^Round 3 deleted by ann at \d\d:\d\d\.$"))).to_be_visible()
    expect(page.locator(".standing", has_text="Cat").locator(".total")).to_have_text("0")
    page.get_by_role("button", name="Undo delete").click()
    expect(page.locator(".standing", has_text="Cat").locator(".total")).to_have_text("12")

    # Round 4 reaches the target: winner screen and rematch.
    page.get_by_role("radio", name="Ann", exact=True).check()
    for name in ("Ben", "Cat", "Dan"):
        total_box(page, name).fill("40")
    save_round(page, 4)
    expect(page.get_by_role("heading", name="Ann wins!")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name=re.compile("^Rematch")).click()
    expect(page.get_by_role("button", name="Save round 1")).to_be_visible()
    expect(page.locator(".standing .who")).to_have_count(4)
    expect(page.get_by_text("Kitty · Standard · target 250")).to_be_visible()
