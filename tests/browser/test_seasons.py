"""Seasons on a phone: a member names a season, reads the players table for it (with the rating
gained), and narrows the nights list to a year; light and dark, axe clean at 390 px."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll
from tests.history.conftest import make_game

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


@pytest.fixture
def history(table_member):
    """Ben wins a night in March 2025; Ann wins both games of a night in November 2026."""
    _, crew = table_member
    make_game(crew, [("Ben", {"Ann": 60, "Cat": 50})], date="2025-03-14")
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], date="2026-11-20")
    make_game(crew, [("Ann", {"Ben": 30, "Cat": 70})], date="2026-11-20")
    return crew


def check(page: Page) -> None:
    assert_accessible(page)
    assert_no_sideways_scroll(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_member_names_a_season_and_reads_the_tables_for_it(
    live_server, logged_in_page: Page, history, scheme
):
    page = logged_in_page
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + reverse("history:seasons"))
    page.get_by_label("Name", exact=True).fill("Winter league")
    page.get_by_label("First night").fill("2026-11-01")
    page.get_by_label("Last night").fill("2026-12-31")
    page.get_by_role("button", name="Save the season").click()
    expect(page.get_by_role("link", name="Winter league")).to_be_visible()
    check(page)

    page.goto(live_server.url + reverse("history:player_list"))
    page.get_by_label("Season", exact=True).select_option(label="Winter league")
    page.get_by_role("button", name="Show").click()
    table = page.get_by_role("table")
    expect(table.get_by_role("columnheader", name="Rating gained")).to_be_visible()
    ann = table.get_by_role("row").filter(has_text="Ann")
    ben = table.get_by_role("row").filter(has_text="Ben")
    # Both played the season's two games; Ann won both, Ben's win was in 2025, outside it.
    expect(ann.locator('td[data-label="Played"]')).to_have_text("2")
    expect(ann.locator('td[data-label="Won"]')).to_have_text("2")
    expect(ben.locator('td[data-label="Won"]')).to_have_text("0")
    check(page)

    page.goto(live_server.url + reverse("nights:night_list"))
    page.get_by_label("Season", exact=True).select_option(label="2025")
    page.get_by_role("button", name="Show").click()
    nights = page.get_by_role("table")
    expect(nights.get_by_role("row").filter(has_text="14 Mar 2025")).to_contain_text("Ben")
    expect(nights.get_by_role("row").filter(has_text="20 Nov 2026")).to_have_count(0)
    check(page)
