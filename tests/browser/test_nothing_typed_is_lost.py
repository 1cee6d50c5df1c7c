"""What a player types survives a slow connection, a reload and a tap (#26: defects 4, 5, 6)."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.services import locked_game, round_edit
from tests.browser.test_table_flows import keypad, tap, total_box
from tests.factories import play_round

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


def slow_connection(page: Page, latency_ms: int) -> None:
    """Every answer takes ``latency_ms`` to arrive (Chromium's own network emulation)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def seat_names(page: Page) -> list[str]:
    return page.locator(".seat-name").all_inner_texts()


def test_names_typed_during_a_slow_answer_are_all_seated(live_server, logged_in_page: Page):
    page = logged_in_page
    page.goto(live_server.url + "/games/new/")
    slow_connection(page, 800)
    box = page.get_by_label("Add a new player")
    box.click()
    # Each name typed right after the Enter before it, while that answer is still on its way.
    for name in ("Dora", "Eli", "Fay"):
        box.press_sequentially(name, delay=120)
        box.press("Enter")
    expect(page.locator("[data-waiting-seats]")).to_contain_text("Fay")
    box.press_sequentially("Gus", delay=120)
    expect(page.locator(".seat-name")).to_have_count(3, timeout=10_000)
    assert seat_names(page) == ["Dora", "Eli", "Fay"]
    # The name being typed when the answers came back is still in the box, still focused.
    expect(box).to_have_value("Gus")
    expect(box).to_be_focused()
    expect(page.locator("[data-waiting-seats]")).to_be_hidden()


def test_a_choice_changed_during_a_slow_answer_is_kept(live_server, logged_in_page: Page):
    page = logged_in_page
    page.goto(live_server.url + "/games/new/")
    slow_connection(page, 800)
    page.get_by_label("Add a new player").fill("Dora")
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_label("Other target (points)").fill("250")
    expect(page.locator(".seat-name")).to_have_count(1, timeout=10_000)
    expect(page.get_by_label("Other target (points)")).to_have_value("250")


def test_a_refused_name_comes_back_to_the_box(live_server, logged_in_page: Page, console_errors):
    console_errors.expect(r"status of 422")  # the server's answer to a refused name
    page = logged_in_page
    page.goto(live_server.url + "/games/new/")
    box = page.get_by_label("Add a new player")
    box.fill("Dora")
    box.press("Enter")
    expect(page.locator(".seat-name")).to_have_text(["Dora"])
    box.fill("dora")
    box.press("Enter")
    expect(page.get_by_role("alert")).to_have_text("dora is already seated.")
    expect(box).to_have_value("dora")
    assert seat_names(page) == ["Dora"]


def test_a_tap_over_a_typed_total_says_so_and_undo_brings_it_back(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/")
    page.get_by_role("radio", name="Ann", exact=True).check()
    total_box(page, "Ben").fill("40")
    expect(page.locator('[data-pick="Ben"] [data-chip-status]')).to_have_text("40\u00a0pts")
    tap(page, "Ben", "8")
    refusal = page.locator("[data-keypad-refusal]")
    expect(refusal).to_have_text(
        "Ben's typed total (40 points) gives way to the cards tapped. Undo brings it back."
    )
    expect(page.locator('[data-pick="Ben"] [data-chip-status]')).to_have_text(
        "1\u00a0card · 8\u00a0pts"
    )
    keypad(page, "Ben").get_by_role("button", name="Undo").click()
    expect(total_box(page, "Ben")).to_have_value("40")
    expect(page.locator('[data-pick="Ben"] [data-chip-status]')).to_have_text("40\u00a0pts")
    # Clear empties the hand, the typed total with it (the button says so).
    keypad(page, "Ben").get_by_role("button", name="Clear").click()
    expect(total_box(page, "Ben")).to_have_value("")


def test_cards_typed_over_a_typed_total_say_so(live_server, logged_in_page: Page, game):
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/")
    page.get_by_role("radio", name="Ann", exact=True).check()
    total_box(page, "Cat").fill("25")
    page.get_by_label("Cat's cards (tap or type, e.g. 7 7 W)").fill("7 W")
    expect(page.locator("[data-keypad-refusal]")).to_have_text(
        "Cat's typed total (25 points) gives way to the cards typed."
    )
    expect(total_box(page, "Cat")).to_have_value("")
    expect(page.locator('[data-pick="Cat"] [data-chip-status]')).to_have_text(
        "2\u00a0cards · 57\u00a0pts"
    )


def chip_status(page: Page, player: str):
    return page.locator(f'[data-pick="{player}"] [data-chip-status]')


def test_a_half_entered_round_survives_a_reload_until_saved(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/")
    page.get_by_role("radio", name="Ann", exact=True).check()
    tap(page, "Ben", "7", "Wild")
    total_box(page, "Cat").fill("12")
    page.reload()
    expect(page.locator("[data-draft-note]")).to_contain_text(
        "Your unsaved entry for round 1 is back."
    )
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_checked()
    expect(chip_status(page, "Ben")).to_have_text("2\u00a0cards · 57\u00a0pts")
    expect(chip_status(page, "Cat")).to_have_text("12\u00a0pts")
    # The restored taps are the hand's: Undo takes back the Wild.
    keypad(page, "Ben").get_by_role("button", name="Undo").click()
    expect(chip_status(page, "Ben")).to_have_text("1\u00a0card · 7\u00a0pts")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("button", name="Save round 2")).to_be_attached()
    page.reload()
    expect(page.get_by_role("button", name="Save round 2")).to_be_attached()
    expect(page.locator("[data-draft-note]")).to_have_count(0)
    expect(page.get_by_role("radio", name="Ann", exact=True)).not_to_be_checked()
    hands = game.rounds.get().hands.select_related("player")
    assert {hand.player.name: hand.points for hand in hands} == {"Ben": 7, "Cat": 12}


def test_a_discarded_draft_stays_gone(live_server, logged_in_page: Page, game):
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/")
    page.get_by_role("radio", name="Ben", exact=True).check()
    tap(page, "Cat", "9")
    page.reload()
    page.locator("[data-draft-note]").get_by_role("button", name="Discard it").click()
    expect(page.get_by_role("radio", name="Ben", exact=True)).not_to_be_checked()
    expect(page.locator("[data-draft-note]")).to_have_count(0)
    page.reload()
    expect(page.get_by_role("radio", name="Ben", exact=True)).not_to_be_checked()
    expect(page.locator("[data-draft-note]")).to_have_count(0)


def test_an_unsaved_edit_survives_a_reload(live_server, logged_in_page: Page, game):
    play_round(game, "Ann", Ben=10, Cat=20)
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/rounds/1/")
    total_box(page, "Cat").fill("25")
    page.reload()
    expect(page.locator("[data-draft-note]")).to_contain_text(
        "Your unsaved entry for round 1 is back."
    )
    expect(total_box(page, "Cat")).to_have_value("25")
    page.get_by_role("button", name=re.compile("^Save")).click()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/$"))
    page.goto(live_server.url + f"/games/{game.pk}/rounds/1/")
    expect(total_box(page, "Cat")).to_have_value("25")
    expect(page.locator("[data-draft-note]")).to_have_count(0)


def test_a_draft_older_than_another_phones_edit_is_refused_not_saved_over_it(
    live_server, logged_in_page: Page, game, console_errors
):
    console_errors.expect(r"status of 409")  # the server's answer to the stale draft
    play_round(game, "Ann", Ben=10, Cat=20)
    page = logged_in_page
    page.goto(live_server.url + f"/games/{game.pk}/rounds/1/")
    total_box(page, "Cat").fill("25")
    # Meanwhile another phone corrects the same round.
    with locked_game(member=game.crew.memberships.get().user, game_id=game.pk) as locked:
        round_edit(game=locked, number=1, version=1, winner="Ann", hands={"Ben": 10, "Cat": 30})
    page.reload()
    expect(total_box(page, "Cat")).to_have_value("25")
    page.get_by_role("button", name=re.compile("^Save")).click()
    expect(page.get_by_text("changed on another phone")).to_be_visible()
    stored = game.rounds.get().hands.get(player__name="Cat")
    assert stored.points == 30
