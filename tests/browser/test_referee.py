import re
import time
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Challenge, Game
from scorekeeper.referee import views as referee_views
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll


def check_screen(page: Page) -> None:
    assert_accessible(page)
    assert_no_sideways_scroll(page)


# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = pytest.mark.usefixtures("console_errors")


@pytest.mark.django_db(transaction=True)
def test_a_search_settles_a_stacking_dispute_as_you_type(live_server, page: Page):
    page.goto(live_server.url + "/rules/")
    check_screen(page)
    page.get_by_label("Ask a rules question").press_sequentially("can you stack draw 2", delay=20)
    best = page.locator("#best-title")
    expect(best).to_have_text("Stacking Draw Twos and +4s")
    expect(page.locator(".best-answer")).to_contain_text("Not official.")
    expect(page.locator(".best-answer")).to_contain_text("Sources:")
    # The address follows the search, so the answer can be reloaded or shared.
    assert parse_qs(urlsplit(page.url).query)["q"] == ["can you stack draw 2"]
    check_screen(page)
    best.get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Stacking Draw Twos and +4s")
    assert page.url.endswith("/rules/stacking/")
    check_screen(page)


@pytest.mark.django_db(transaction=True)
def test_a_search_overtaken_by_the_next_keystrokes_leaves_a_clean_console(
    live_server, page: Page, monkeypatch
):
    # A slow answer, so each burst of keys comes while the last search is still on its way:
    # the search it overtakes must not end in an htmx:sendAbort error on the console.
    lookup = referee_views.lookup

    def slow_lookup(*args, **kwargs):
        time.sleep(0.4)
        return lookup(*args, **kwargs)

    monkeypatch.setattr(referee_views, "lookup", slow_lookup)
    page.goto(live_server.url + "/rules/")
    box = page.get_by_label("Ask a rules question")
    for burst in ("can", " you", " stack", " draw 2"):
        box.press_sequentially(burst, delay=10)
        page.wait_for_timeout(300)  # past the 250 ms pause: this burst's search is sent
    # The last search answers last: the box, the address and the answer agree.
    expect(page).to_have_url(re.compile(r"q=can(%20|\+)you(%20|\+)stack(%20|\+)draw(%20|\+)2"))
    expect(page.locator("#best-title")).to_have_text("Stacking Draw Twos and +4s")


@pytest.mark.django_db(transaction=True)
@pytest.mark.game(edition="cheese-touch")
def test_a_challenge_from_the_scoreboard_gives_a_guilty_and_an_innocent_verdict(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("link", name="Challenge a Wild Draw 4").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Wild Draw 4 challenge")
    check_screen(page)

    # Guilty: Ben laid a +4 on red while holding a red 7 (tapped on the coloured keypad).
    page.get_by_role("group", name="Who challenged?").get_by_text("Ann").click()
    page.get_by_role("group", name="Who laid the Wild Draw Four?").get_by_text("Ben").click()
    # A boxed deck: no sheet in play limits who challenges, so the helper doesn't ask.
    expect(page.get_by_role("group", name="Did the challenger have to draw the 4?")).to_have_count(
        0
    )
    page.get_by_role("group", name="Colour in play").get_by_text("Red").click()
    pad = page.locator("[data-pad]")
    pad.get_by_role("button", name="Blue").click()
    pad.get_by_role("button", name="2", exact=True).click()
    pad.get_by_role("button", name="Red").click()
    pad.get_by_role("button", name="7", exact=True).click()
    pad.get_by_role("button", name="Cheese Touch (yellow)").click()
    expect(page.get_by_label("Cards in their hand")).to_have_value("B2 R7 X")
    expect(page.locator("[data-pad-status]")).to_contain_text("3 cards: blue 2, red 7")
    page.get_by_role("button", name="Judge their hand").click()
    verdict = page.locator(".verdict")
    expect(verdict.get_by_role("heading")).to_have_text("Guilty")
    expect(verdict).to_contain_text("Ben draws 4")
    expect(verdict).to_contain_text("they held red 7 while red was in play")
    # A Cheese Touch game: who may challenge comes from its own sheet, with our reading.
    expect(verdict).to_contain_text("Written for the player it was played on")
    check_screen(page)

    # Not guilty: Cat challenged Ann, who held no green card (answered yes/no).
    page.get_by_role("group", name="Who challenged?").get_by_text("Cat").click()
    page.get_by_role("group", name="Who laid the Wild Draw Four?").get_by_text("Ann").click()
    page.get_by_role("group", name="Colour in play").get_by_text("Green").click()
    page.get_by_role("button", name="No, they didn't").click()
    expect(verdict.get_by_role("heading")).to_have_text("Not guilty")
    expect(verdict).to_contain_text("Cat (the challenger) draws 6")
    check_screen(page)

    assert [(c.drawer.name, c.cards_drawn) for c in Challenge.objects.order_by("pk")] == [
        ("Ben", 4),
        ("Cat", 6),
    ]
    verdict.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.get_by_text("Ann challenged Ben: guilty, Ben drew 4")).to_be_visible()
    expect(page.get_by_text("Cat challenged Ann: not guilty, Cat drew 6")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_challenge_with_a_missing_colour_says_so(live_server, page: Page, console_errors):
    console_errors.expect(r"status of 422")  # the server's answer to the incomplete form
    page.goto(live_server.url + "/rules/challenge/")
    page.get_by_role("button", name="Yes, they did").click()
    expect(page.get_by_role("alert")).to_contain_text("Choose the colour that was in play")
    check_screen(page)


@pytest.mark.django_db(transaction=True)
@pytest.mark.game(players=["Ann", "Ben"], edition="classic")
def test_a_house_rule_agreed_for_a_game_shows_in_its_answers(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_text("No house rules agreed")).to_be_visible()
    page.get_by_role("link", name="Set house rules").click()
    check_screen(page)
    page.get_by_text("Stacking Draw Twos and Wild Draw Fours").click()
    page.get_by_label("A different UNO penalty").fill("3")
    page.get_by_role("button", name="Save house rules").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    expect(
        page.get_by_text("Stacking Draw Twos and Wild Draw Fours · UNO penalty: 3 cards")
    ).to_be_visible()
    assert Game.objects.get(pk=game.pk).house_rules == {"stack-draw": True, "uno-penalty": 3}

    page.get_by_role("link", name="Rules", exact=True).last.click()
    page.wait_for_load_state()  # htmx must be set up before typing, or nothing is sent
    expect(page.get_by_label("Deck")).to_have_value("classic")
    page.get_by_label("Ask a rules question").fill("can you stack draw 2")
    best = page.locator(".best-answer")
    expect(best.locator(".at-table")).to_contain_text("At this table: when a Draw Two")
    expect(best.locator(".official")).to_contain_text("Official: Not official.")
    check_screen(page)
    best.get_by_role("link", name="Stacking Draw Twos and +4s").click()
    expect(page.locator(".at-table")).to_contain_text("At this table:")
    check_screen(page)


@pytest.mark.django_db(transaction=True)
def test_the_first_card_helper_answers_for_the_chosen_deck(live_server, page: Page):
    page.goto(live_server.url + "/rules/first-card/")
    check_screen(page)
    page.get_by_label("Deck").select_option("kitty")
    page.wait_for_url("**edition=kitty**")
    page.get_by_role("button", name="Wild Draw Four").click()
    answer = page.locator(".first-card-answer")
    expect(answer).to_contain_text("goes back into the deck")
    check_screen(page)
    page.get_by_role("button", name="Kitty card").click()
    expect(answer.get_by_role("heading")).to_have_text("Kitty card turned up")
    expect(answer).to_contain_text("Names the colour")
    check_screen(page)


def _a_likely_question() -> str:
    from tests.referee.test_not_covered import _likely_question

    return _likely_question()


@pytest.mark.django_db(transaction=True)
def test_a_likely_answer_says_probably_and_not_my_question_leads_to_the_table(
    live_server, page: Page
):
    question = _a_likely_question()
    page.goto(live_server.url + "/rules/?" + urlencode({"q": question}))
    expect(page.locator(".likely-label")).to_have_text("Probably this:")
    expect(page.locator(".best-answer")).to_contain_text("Sources:")
    check_screen(page)
    page.get_by_role("link", name="Not my question").click()
    expect(page.locator("#uncovered-title")).to_have_text(
        "Not that one? Then agree it at the table."
    )
    expect(page.locator(".likely-label")).to_have_count(0)
    assert "not=1" in page.url
    check_screen(page)
    # A visitor outside any game is told where to record it (from a game, the form is there).
    expect(page.locator(".not-covered-answer")).to_contain_text("Open the rules from its page")


@pytest.mark.django_db(transaction=True)
def test_a_likely_answer_in_spanish(live_server, browser):
    context = browser.new_context(
        locale="es-ES",
        viewport={"width": 390, "height": 844},
        extra_http_headers={"Accept-Language": "es"},
    )
    page = context.new_page()
    question = _a_likely_question()
    page.goto(live_server.url + "/rules/?" + urlencode({"q": question}))
    expect(page.locator(".likely-label")).to_have_text("Probablemente esto:")
    expect(page.get_by_role("link", name="No es mi pregunta")).to_be_visible()
    check_screen(page)
    context.close()
