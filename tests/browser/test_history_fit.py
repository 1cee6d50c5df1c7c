"""History tables fit a 390 px phone: no table scrolls sideways, no column is cut off."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Page

from scorekeeper.games.models import Player

pytestmark = pytest.mark.django_db(transaction=True)

OVERFLOW = """() => Array.from(document.querySelectorAll('.table-scroll, table')).map(el => [
  el.tagName + '.' + el.className, el.scrollWidth, el.clientWidth])"""


def assert_tables_fit(page: Page, *headers: str) -> None:
    cut = [row for row in page.evaluate(OVERFLOW) if row[1] > row[2] + 1]
    assert not cut, cut
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for header in headers:
        cell = page.locator("th", has_text=header).first
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (header, box)


def test_the_history_tables_fit_a_phone(live_server, logged_in_page: Page, member):
    page = logged_in_page
    _, crew = member
    call_command("seed_demo", games=30, crew=crew.name, user="", stdout=io.StringIO())
    night = crew.nights.order_by("date").last()
    page.goto(live_server.url + reverse("history:night_detail", args=[night.pk]))
    assert_tables_fit(page, "Best round")
    players = list(Player.objects.filter(crew=crew).order_by("name")[:2])
    page.goto(live_server.url + reverse("history:player_detail", args=[players[0].pk]))
    assert_tables_fit(page, "Place")
    url = reverse("history:head_to_head") + f"?a={players[0].pk}&b={players[1].pk}"
    page.goto(live_server.url + url)
    assert_tables_fit(page, "Result")
    page.goto(live_server.url + reverse("history:night_list"))
    assert_tables_fit(page)
