"""Saving an edit page left as it was (issue 26, defect 11): nothing changes, nothing is
recorded, and the board says so."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Game, Round
from tests.factories import entry_of, play_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]


@pytest.mark.game(players=["Ann", "Ben", "Cat", "Dan"])
def test_saving_an_unchanged_edit_records_nothing_and_says_so(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    play_round(game, "Ann", went_out_on="+4", Ben="*7 *7 W", Cat=12, Dan="R0 R5")
    version = Game.objects.get(pk=game.pk).version
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("link", name="Edit round 1").click()
    # Undo the last card and tap it again: the hand is as it was.
    keypad = page.get_by_role("group", name="Card keypad")
    keypad.get_by_role("button", name="Undo").click()
    keypad.get_by_role("button", name="Wild (50 points)").click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("status").filter(has_text="Nothing to save")).to_have_text(
        "Nothing to save: round 1 already reads like this."
    )
    expect(page.get_by_role("link", name="Edit round 1")).to_be_visible()
    stored = Round.objects.get(game=game)
    assert stored.version == 1 and entry_of(stored)["hands"]["Dan"] == "R0 R5"
    assert Round.history.filter(history_type="~").count() == 0
    assert Game.objects.get(pk=game.pk).version == version
    page.get_by_role("link", name="Edit round 1").click()
    expect(page.get_by_role("status").filter(has_text="Nothing to save")).to_have_count(0)
