"""Pages opened at the server's plain-http network address, as the other phones at the table
open the live board and the shared recap: the headers sent are only those that apply there."""

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserType, expect

from scorekeeper.games.nights import night_share_recap
from tests.factories import play_round

pytestmark = pytest.mark.django_db(transaction=True)

# A name that is neither https nor localhost, which Chromium resolves to the test server: to
# the browser it is the address of a machine on the network (a non-secure origin).
NETWORK_HOST = "scores.test"


@pytest.fixture
def network_browser(browser_type: BrowserType, browser_type_launch_args: dict):
    args = [
        *browser_type_launch_args.get("args", []),
        f"--host-resolver-rules=MAP {NETWORK_HOST} 127.0.0.1",
    ]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


@pytest.mark.game(players=["Ann", "Ben"], target=100)
def test_the_live_board_and_the_recap_at_the_network_address_log_nothing(
    live_server, network_browser, browser_context_args, settings, game
):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, NETWORK_HOST]
    play_round(game, "Ann", Ben=120)
    recap = night_share_recap(night=game.night)
    base = live_server.url.replace("localhost", NETWORK_HOST)
    page = network_browser.new_context(**browser_context_args).new_page()
    said: list[str] = []
    page.on(
        "console",
        lambda message: said.append(
            f"{message.type}: {message.text} {message.location.get('url')}"
        ),
    )

    page.goto(base + reverse("live:live", args=[game.share_token]))
    expect(page.locator("[data-standing]")).to_have_count(2)
    page.goto(base + reverse("nights:night_recap_shared", args=[recap]))
    expect(page.locator(".recap-name")).to_have_text("Ann")
    # A header the browser ignores on this origin is logged on every page: "… has been ignored".
    assert not said, "\n".join(said)
