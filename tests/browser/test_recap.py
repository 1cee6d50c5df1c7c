"""The night's recap on a phone: a member reads it, shares it, a friend opens the link logged
out, and the member stops sharing."""

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from scorekeeper.nights.models import GameNight
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll
from tests.factories import ChallengeFactory
from tests.history.conftest import make_game

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


@pytest.fixture
def night(table_member) -> GameNight:
    """Ann wins twice (the second time from 50 behind Ben); a challenge in the first game."""
    _, crew = table_member
    first = make_game(
        crew, [("Ann", {"Ben": 60, "Cat": 50})], started_at="2026-11-20T19:00:00+00:00"
    )
    make_game(
        crew,
        [
            ("Ben", {"Ann": 30, "Cat": 20}),
            ("Ann", {"Ben": 45, "Cat": 50}),
            ("Ann", {"Ben": 5, "Cat": 0}),
        ],
        started_at="2026-11-20T20:00:00+00:00",
    )
    ChallengeFactory(game=first, challenger="Cat", challenged="Ben", guilty=True)
    return first.night


def check(page: Page) -> None:
    assert_accessible(page)
    assert_no_sideways_scroll(page)


def test_a_member_shares_the_nights_recap_and_a_friend_reads_it(
    live_server,
    logged_in_page: Page,
    night: GameNight,
    browser: Browser,
    browser_context_args,
    console_errors,
    settings,
):
    # The address the link carries (the test server listens on loopback only).
    settings.PUBLIC_URL = live_server.url
    console_errors.expect(r"status of 404")  # the friend's link, once sharing stopped
    page = logged_in_page
    page.goto(live_server.url + reverse("nights:night_detail", args=[night.pk]))

    recap = page.get_by_role("region", name="The night's recap")
    expect(recap).to_be_visible()
    expect(recap.get_by_text("Champion of the night")).to_be_in_viewport()
    expect(recap.locator(".recap-name")).to_have_text("Ann")
    expect(recap.get_by_text("Won 2 of 2 games")).to_be_visible()
    expect(recap.get_by_text("Ann was 50 points behind Ben after round 1")).to_be_visible()
    expect(
        recap.get_by_text("Cat challenged Ben in game 1: guilty, Ben drew 4 cards")
    ).to_be_visible()
    check(page)

    panel = page.get_by_role("region", name="Share this recap")
    panel.get_by_role("button", name="Share this recap").click()
    link = panel.get_by_role("textbox", name="Recap link")
    expect(link).to_be_visible()
    url = link.input_value()
    night.refresh_from_db()
    assert url == live_server.url + reverse("nights:night_recap_shared", args=[night.recap_token])
    check(page)

    # A friend's phone: a fresh context, never logged in.
    friend_context = browser.new_context(**browser_context_args)
    console_errors.watch(friend_context)
    friend = friend_context.new_page()
    friend.goto(url)
    expect(friend.get_by_role("heading", level=1)).to_have_text(str(night))
    shared = friend.get_by_role("region", name="The night's recap")
    expect(shared.locator(".recap-name")).to_have_text("Ann")
    expect(shared.get_by_text("Ann collected 110 points in round 1 of game 1")).to_be_visible()
    # Read-only, and nothing of the crew beyond this night.
    expect(friend.get_by_role("navigation")).to_have_count(0)
    expect(friend.get_by_role("button", name="Stop sharing")).to_have_count(0)
    expect(shared.get_by_role("link")).to_have_count(0)
    check(friend)

    # The member stops sharing: the friend's link finds nothing any more.
    panel.get_by_role("button", name="Stop sharing").click()
    expect(panel.get_by_role("button", name="Share this recap")).to_be_visible()
    response = friend.goto(url)
    assert response is not None and response.status == 404
    expect(friend.get_by_role("heading", name="Not found")).to_be_visible()
    friend_context.close()
