from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from playwright.sync_api import Page

from scorekeeper.games.models import Crew, Membership

PASSWORD = "a-long-test-password"
HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: ``pytest -m "not browser"`` skips them all."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


def assert_accessible(page: Page) -> None:
    """No serious or critical axe-core violation on the page as it is now."""
    results = Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, "\n".join(bad)


def assert_no_sideways_scroll(page: Page) -> None:
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    ), "the page scrolls sideways"


@pytest.fixture
def member(transactional_db):
    """A user in a crew, with the crew, committed so the live server sees them.

    Unlike the root ``member`` (a user, in a rolled-back transaction), this one is a
    (user, crew) pair: the root ``member_client`` and ``htmx_client`` are not for browser tests.
    """
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    crew = Crew.objects.create(name="Friday club")
    Membership.objects.create(crew=crew, user=user)
    return user, crew


@pytest.fixture
def logged_in_page(live_server, page: Page, member) -> Page:
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    return page
