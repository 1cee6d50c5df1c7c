import pytest
from playwright.sync_api import Page, expect


@pytest.mark.django_db(transaction=True)
def test_the_first_page_opens_on_a_phone(live_server, page: Page):
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert page.viewport_size == {"width": 390, "height": 844}
    no_sideways_scroll = page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert no_sideways_scroll
    assert page.evaluate("typeof htmx") == "object"
