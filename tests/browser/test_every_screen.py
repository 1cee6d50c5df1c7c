"""Every screen, in light and in dark mode: no serious or critical axe violation (contrast
included) and no sideways scroll on a 390 px phone."""

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import (
    Screen,
    assert_accessible,
    assert_no_sideways_scroll,
    log_in,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_is_accessible(live_server, page: Page, every_screen: list[Screen], scheme):
    page.emulate_media(color_scheme=scheme)
    assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
    failures = []
    signed_in = False
    for screen in sorted(every_screen, key=lambda screen: screen.signed_in):
        if screen.signed_in and not signed_in:
            log_in(page, live_server.url)
            signed_in = True
        response = page.goto(live_server.url + screen.url)
        assert response and response.status == 200, (screen.name, response and response.status)
        page.wait_for_load_state("networkidle")
        try:
            assert_accessible(page)
            assert_no_sideways_scroll(page)
        except AssertionError as error:
            failures.append(f"{screen.name} ({screen.url}, {scheme}): {error}")
    assert not failures, "\n\n".join(failures)
    assert signed_in and len(every_screen) >= 20
