"""Records on a phone (390 px), light and dark: from the home page to the records, a season's
records, the game a record was set in, and a player's records and rivals; axe clean, no page
or table scrolling sideways, no console error."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_accessible
from tests.browser.test_history_fit import assert_tables_fit

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_member_reads_the_records_and_a_players_rivals_on_a_phone(
    live_server, logged_in_page: Page, table_member, scheme
):
    page = logged_in_page
    _, crew = table_member
    call_command("seed_demo", games=40, crew=crew.name, user="", stdout=io.StringIO())
    page.emulate_media(color_scheme=scheme)

    page.goto(live_server.url + reverse("games:home"))
    page.get_by_role("link", name="The crew's records").click()
    expect(page.get_by_role("heading", name="Records", exact=True)).to_be_visible()
    records = page.get_by_role("table", name="Records", exact=True)
    expect(records.get_by_role("row")).to_have_count(8)  # a heading and the seven records
    assert_tables_fit(page, "Record", "Held by", "Figure", "Set in")
    assert_accessible(page)

    year = page.get_by_label("Season", exact=True).locator("option").nth(1).inner_text()
    page.get_by_label("Season", exact=True).select_option(label=year)
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", name=f"Records of {year}")).to_be_visible()
    assert_tables_fit(page, "Record", "Set in")
    assert_accessible(page)

    streak = page.get_by_role("table", name="Records", exact=True).get_by_role("row").nth(1)
    holder = streak.get_by_role("cell").nth(1).inner_text()
    streak.get_by_role("link", name="Game #").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()

    page.go_back()
    page.get_by_role("table", name="Records", exact=True).get_by_role(
        "link", name=holder
    ).first.click()
    expect(page.get_by_role("heading", name=holder, exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Rivals")).to_be_visible()
    expect(page.get_by_text("Streak now")).to_be_visible()
    assert_tables_fit(page, "Record", "Figure", "Set in")
    assert_accessible(page)
