"""History on a phone: from a night to a game to a player, and the statistics table."""

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll


@pytest.fixture
def history_page(logged_in_page: Page, table_member) -> Page:
    _, crew = table_member
    call_command("seed_demo", games=40, crew=crew.name, user="", stdout=io.StringIO())
    return logged_in_page


def check(page: Page) -> None:
    assert_accessible(page)
    assert_no_sideways_scroll(page)


@pytest.mark.django_db(transaction=True)
def test_from_a_night_to_a_game_to_a_player(live_server, history_page: Page):
    page = history_page
    page.goto(live_server.url + "/nights/")
    expect(page.get_by_role("heading", level=1, name="Game nights")).to_be_visible()
    check(page)

    nights = page.get_by_role("region", name=re.compile("Game nights"))
    nights.locator("tbody a").first.click()
    expect(page.get_by_role("heading", name="Leaderboard")).to_be_visible()
    check(page)

    games = page.get_by_role("region", name=re.compile("^Games"))
    games.get_by_role("link", name=re.compile(r"#\d+")).first.click()
    expect(page.get_by_role("heading", name="Score progression")).to_be_visible()
    expect(page.locator("svg.chart-progress")).to_be_visible()
    expect(page.locator("svg.chart-progress polyline").first).to_be_attached()
    check(page)

    standings = page.get_by_role("region", name=re.compile("standings"))
    winner = standings.locator("tbody a").first
    name = winner.inner_text().strip()
    winner.click()
    expect(page.get_by_role("heading", level=1, name=name)).to_be_visible()
    expect(page.locator("svg.chart-months")).to_be_visible()
    check(page)


@pytest.mark.django_db(transaction=True)
def test_sorting_and_filtering_the_statistics(live_server, history_page: Page):
    page = history_page
    page.goto(live_server.url + "/players/")
    table = page.get_by_role("region", name=re.compile("Player statistics"))
    expect(table).to_be_visible()
    check(page)

    table.get_by_role("link", name="Played").click()
    page.wait_for_url(re.compile(r"sort=games_played"))
    played = [
        int(v) for v in page.locator("table.stats-table tbody td:nth-child(3)").all_inner_texts()
    ]
    assert played == sorted(played)
    page.get_by_role("region", name=re.compile("Player statistics")).get_by_role(
        "link", name="Played"
    ).click()
    page.wait_for_url(re.compile(r"sort=-games_played"))
    played = [
        int(v) for v in page.locator("table.stats-table tbody td:nth-child(3)").all_inner_texts()
    ]
    assert played == sorted(played, reverse=True)
    expect(page.locator("th[aria-sort=descending]")).to_have_count(1)

    everything = sum(played)
    page.get_by_label("Edition").select_option("kitty")
    page.get_by_label("Scoring").select_option("standard")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(re.compile(r"edition=kitty"))
    assert "sort=-games_played" in page.url  # the sort survives the filter
    filtered = [
        int(v) for v in page.locator("table.stats-table tbody td:nth-child(3)").all_inner_texts()
    ]
    assert 0 < sum(filtered) < everything
    check(page)


@pytest.mark.django_db(transaction=True)
def test_head_to_head_and_import_screens_are_accessible(live_server, history_page: Page):
    page = history_page
    page.goto(live_server.url + "/players/head-to-head/")
    check(page)
    page.get_by_label("Against").select_option(index=1)
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_role("heading", level=1, name=re.compile(" against "))).to_be_visible()
    check(page)
    page.goto(live_server.url + "/games/import/")
    check(page)
