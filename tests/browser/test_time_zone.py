import pytest
from playwright.sync_api import Page

from scorekeeper.crews.models import Crew

PASSWORD = "a-long-test-password"


@pytest.fixture
def browser_context_args(browser_context_args):
    """A phone set to New York time, whatever the machine running the tests says."""
    return {**browser_context_args, "timezone_id": "America/New_York"}


@pytest.mark.django_db(transaction=True)
def test_sign_up_proposes_the_phones_time_zone_and_sets_the_tz_cookie(live_server, page: Page):
    page.goto(live_server.url + "/signup/")
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_label("Your crew's name").fill("Late crew")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(live_server.url + "/")
    assert Crew.objects.get(name="Late crew").time_zone == "America/New_York"
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies["tz"] == "America/New_York"
