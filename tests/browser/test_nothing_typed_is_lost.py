"""What a player types survives a slow connection, a reload and a tap (#26: defects 4, 5, 6)."""

import pytest
from playwright.sync_api import Page, expect

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
