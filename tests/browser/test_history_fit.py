"""History tables fit a 390 px phone: no page or table scrolls sideways, and the columns that
used to be cut off (the leaderboard's Best round, the player's Place, head to head's Result)
show their header and every value whole, inside the screen."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Page

from scorekeeper.roster.models import Player
from tests.browser.conftest import assert_accessible

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = """() => Array.from(document.querySelectorAll('.history-table')).map(table => {
  const box = table.closest('.table-scroll') || table.parentElement;
  return [table.className, table.scrollWidth, box.clientWidth, box.scrollWidth];
})"""

# For the column headed `name`: each cell's text, its left and right edges, and whether its
# content is wider than the cell (cut).
COLUMN = """name => {
  const found = [];
  for (const table of document.querySelectorAll('.history-table')) {
    const headers = Array.from(table.tHead.rows[0].cells);
    const index = headers.findIndex(th => th.innerText.replace(/[▲▼]/g, '').trim() === name);
    if (index < 0) continue;
    const rows = Array.from(table.tBodies[0].rows, row => row.cells[index]);
    for (const cell of [headers[index], ...rows]) {
      const box = cell.getBoundingClientRect();
      found.push({text: cell.innerText.trim(), left: box.left, right: box.right,
                  width: box.width, cut: cell.scrollWidth > cell.clientWidth + 1,
                  shown: getComputedStyle(cell).display !== 'none'});
    }
  }
  return found;
}"""


def assert_tables_fit(page: Page, *columns: str) -> None:
    assert page.viewport_size == {"width": 390, "height": 844}
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "page scrolls"
    tables = page.evaluate(TABLES)
    assert tables
    for name, table_width, box_width, box_scroll in tables:
        assert table_width <= box_width and box_scroll <= box_width, (name, table_width, box_width)
    for name in columns:
        cells = page.evaluate(COLUMN, name)
        assert len(cells) > 1, f"no column {name!r} with values"
        for cell in cells:
            assert cell["shown"] and cell["text"] and cell["width"] > 0, (name, cell)
            assert not cell["cut"], (name, cell)
            assert cell["left"] >= 0 and cell["right"] <= 390, (name, cell)


def test_the_history_tables_fit_a_phone(live_server, logged_in_page: Page, table_member):
    page = logged_in_page
    _, crew = table_member
    call_command("seed_demo", games=30, crew=crew.name, user="", stdout=io.StringIO())
    # The night with the most players: the longest leaderboard.
    night = max(crew.nights.all(), key=lambda night: night.games.count())
    page.goto(live_server.url + reverse("nights:night_detail", args=[night.pk]))
    assert_tables_fit(page, "Best round", "Rounds won", "Time")
    players = list(Player.objects.filter(crew=crew).order_by("name")[:2])
    page.goto(live_server.url + reverse("history:player_detail", args=[players[0].pk]))
    assert_tables_fit(page, "Place", "Points", "Date")
    url = reverse("history:head_to_head") + f"?a={players[0].pk}&b={players[1].pk}"
    page.goto(live_server.url + url)
    assert_tables_fit(page, "Result", players[0].name, players[1].name)
    page.goto(live_server.url + reverse("nights:night_list"))
    assert_tables_fit(page, "Won by", "Games")


def test_the_statistics_are_a_card_per_player_on_a_phone(
    live_server, logged_in_page: Page, table_member
):
    page = logged_in_page
    _, crew = table_member
    call_command("seed_demo", games=30, crew=crew.name, user="", stdout=io.StringIO())
    page.goto(live_server.url + reverse("history:player_list"))
    assert_tables_fit(page, "Player", "Won", "Best round", "Challenges lost")
    # Each figure says what it is, and the headings still sort.
    first = page.locator(".stats-table tbody tr").first
    label = first.locator("td").nth(7).evaluate("td => getComputedStyle(td, '::before').content")
    assert label == '"Best round"'
    assert_accessible(page)
    page.locator(".stats-table thead").get_by_role("link", name="Best round").click()
    page.wait_for_url("**sort=**")
    assert_tables_fit(page, "Best round")


@pytest.mark.parametrize("players", [6, 10])
def test_the_round_by_round_record_fits_a_phone(
    live_server, logged_in_page: Page, table_member, players
):
    """Up to six players, a column each; from seven, a card a round with each total labelled."""
    from tests.factories import GameFactory, play_round

    page = logged_in_page
    names = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"][:players]
    game = GameFactory(crew=table_member[1], players=names, target=500)
    for number, winner in enumerate(names[:3], start=1):
        play_round(game, winner, **{n: 7 * number for n in names if n != winner})
    page.goto(live_server.url + reverse("history:game_record", args=[game.pk]))
    assert_tables_fit(page, *([] if players > 6 else names))
    table = page.locator("table.h-rounds")
    assert ("h-rounds-cards" in table.get_attribute("class")) == (players > 6)
    if players > 6:
        # Each round a card: every player's total inside the screen, under its name.
        cells = page.evaluate(
            """() => Array.from(
                 document.querySelectorAll('.h-rounds tbody tr:first-child td[data-label]'),
                 td => ({label: getComputedStyle(td, '::before').content, text: td.innerText,
                         box: td.getBoundingClientRect().toJSON()}))"""
        )
        assert [cell["label"].strip('"') for cell in cells] == names
        for cell in cells:
            assert cell["box"]["left"] >= 0 and cell["box"]["right"] <= 390, cell
        assert f"{7 * (players - 1)}" in cells[0]["text"]  # Ann went out: the others' hands
    assert_accessible(page)
    page.set_viewport_size({"width": 1024, "height": 800})
    # A wide screen keeps the table: a column a player.
    head = page.locator("table.h-rounds thead")
    assert head.evaluate("h => h.getBoundingClientRect().height") > 20
