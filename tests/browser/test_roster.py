"""The crew's roster, as a member walks it on a phone: rename, merge, retire, a refused name."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorekeeper.roster.models import Player
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll
from tests.factories import GameFactory

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


@pytest.fixture
def crew_with_a_messy_roster(table_member):
    """Ann; Bne (a typo of Bo); Ben and Benjamin (the same person, never at one table);
    Zed (moved away)."""
    _, crew = table_member
    GameFactory(crew=crew, players=["Ann", "Bne", "Zed"])
    GameFactory(crew=crew, players=["Ann", "Ben"])
    GameFactory(crew=crew, players=["Benjamin", "Zed"])
    return crew


def player_link(scope, name: str):
    """A player's link in one list of the roster (a page or a section of it)."""
    return scope.get_by_role("link", name=name, exact=True)


def roster_section(page: Page, heading: str):
    return page.get_by_role("region", name=heading, exact=True)


def test_a_member_renames_merges_and_retires_players(
    live_server, logged_in_page: Page, crew_with_a_messy_roster, console_errors
):
    console_errors.expect(r"status of 422")  # the server's answer to a refused name
    crew = crew_with_a_messy_roster
    page = logged_in_page

    # From the players' statistics to the roster.
    page.goto(live_server.url + reverse("history:player_list"))
    page.get_by_role("link", name="Roster: rename, merge, retire").click()
    page.wait_for_url(live_server.url + reverse("roster:roster"))
    expect(page.get_by_role("heading", name="Roster", exact=True)).to_be_visible()
    active = roster_section(page, "Players")
    for name in ("Ann", "Ben", "Benjamin", "Bne", "Zed"):
        expect(player_link(active, name)).to_be_visible()
    expect(roster_section(page, "Retired")).to_have_count(0)  # nobody retired yet
    assert_accessible(page)
    assert_no_sideways_scroll(page)

    # A typo fixed: Bne is Bo.
    player_link(active, "Bne").click()
    expect(page.get_by_role("heading", name="Bne", level=1)).to_be_visible()
    assert_accessible(page)
    assert_no_sideways_scroll(page)
    page.get_by_label("Name", exact=True).fill("Bo")
    page.get_by_role("button", name="Save the name").click()
    page.wait_for_url(live_server.url + reverse("roster:roster"))
    expect(page.get_by_text("Bne is now Bo.")).to_be_visible()
    changes = roster_section(page, "Recent changes")
    expect(changes.locator("li").filter(has_text="renamed Bne to Bo")).to_have_count(1)
    expect(player_link(active, "Bo")).to_be_visible()
    expect(player_link(active, "Bne")).to_have_count(0)

    # Benjamin typed twice for Ben: merged.
    player_link(active, "Benjamin").click()
    expect(page.get_by_role("heading", name="Benjamin", level=1)).to_be_visible()
    page.get_by_label("Merge Benjamin into").select_option(label="Ben")
    page.get_by_role("button", name="Merge", exact=True).click()
    page.wait_for_url(live_server.url + reverse("roster:roster"))
    expect(page.get_by_text("Benjamin was merged into Ben.")).to_be_visible()
    expect(player_link(active, "Benjamin")).to_have_count(0)
    expect(player_link(active, "Ben")).to_be_visible()
    expect(changes.locator("li").filter(has_text="merged Benjamin into Ben")).to_have_count(1)

    # Zed moved away: retired, and listed apart.
    player_link(active, "Zed").click()
    expect(page.get_by_role("heading", name="Zed", level=1)).to_be_visible()
    page.get_by_role("button", name="Retire Zed").click()
    page.wait_for_url(live_server.url + reverse("roster:roster"))
    expect(page.get_by_text("Zed is retired")).to_be_visible()
    expect(player_link(roster_section(page, "Retired"), "Zed")).to_be_visible()
    expect(player_link(active, "Zed")).to_have_count(0)
    # Checked with the message showing (base.html's message list stays a list for axe).
    assert_accessible(page)
    assert_no_sideways_scroll(page)

    # A name already taken (ignoring case) is refused, with the reason, and nothing changes.
    player_link(active, "Ann").click()
    expect(page.get_by_role("heading", name="Ann", level=1)).to_be_visible()
    page.get_by_label("Name", exact=True).fill("ben")
    page.get_by_role("button", name="Save the name").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Ben is already a player of this crew")
    expect(page.get_by_role("heading", name="Ann", level=1)).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value("ben")  # what was typed
    assert_accessible(page)
    assert_no_sideways_scroll(page)

    # A new game offers the roster as it is now: no Zed (retired), no Benjamin (merged).
    page.goto(live_server.url + reverse("newgame:game_new"))
    for name in ("Ann", "Bo", "Ben"):
        expect(page.get_by_role("button", name=f"+ {name}", exact=True)).to_be_visible()
    for name in ("Zed", "Benjamin", "Bne"):
        expect(page.get_by_role("button", name=f"+ {name}", exact=True)).to_have_count(0)
    # Each seat wears a colour, chosen here: a choice stays through the next step of the form.
    page.get_by_role("button", name="+ Ann", exact=True).click()
    page.get_by_label("Ann's colour").select_option(label="Teal")
    page.get_by_role("button", name="+ Bo", exact=True).click()
    expect(page.get_by_label("Bo's colour")).to_be_visible()
    expect(page.get_by_label("Ann's colour")).to_have_value("5")
    assert page.get_by_label("Bo's colour").input_value() != "5"
    assert_accessible(page)
    assert_no_sideways_scroll(page)

    players = {p.name: p for p in Player.objects.filter(crew=crew)}
    assert sorted(players) == ["Ann", "Ben", "Bo", "Zed"]
    assert players["Zed"].retired_at is not None
    assert all(players[n].retired_at is None for n in ("Ann", "Ben", "Bo"))
    assert players["Ben"].seats.count() == 2  # Benjamin's game is Ben's now
    assert not Player.objects.filter(name__in=["Benjamin", "Bne"]).exists()
