"""The pages work under the Content-Security-Policy: the browser reports no violation."""

from playwright.sync_api import Page, expect

from tests.factories import GameFactory, RoundFactory

WATCH = """window.cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));"""


def test_the_scoreboard_and_the_crew_page_break_no_policy(
    live_server, logged_in_page: Page, member
):
    page = logged_in_page
    page.add_init_script(WATCH)
    game = GameFactory(crew=member[1], players=["Ann", "Ben", "Cat"])
    RoundFactory(game=game, winner="Ann", hands={"Ben": 12, "Cat": 30})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".bar rect").first).to_be_visible()
    width = page.locator(".bar rect").first.bounding_box()["width"]
    assert width > 0  # the progress bar is drawn without a style attribute
    assert page.evaluate("typeof htmx") == "object"
    # The one inline script ran, allowed by its hash: the page is marked scripted.
    assert page.evaluate("document.documentElement.classList.contains('js')")
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    page.goto(f"{live_server.url}/crew/")
    page.goto(f"{live_server.url}/live/{game.share_token}/")
    page.wait_for_timeout(300)
    assert page.evaluate("window.cspViolations") == []
    # The watch itself works: an inline style is refused and reported.
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    page.wait_for_timeout(200)
    assert any("style-src" in v for v in page.evaluate("window.cspViolations"))
