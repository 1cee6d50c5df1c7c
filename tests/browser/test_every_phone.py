"""Every phone at the table: the scorekeeper, three players on their seats' links and a watcher
on the live link, five browser contexts at once, count one round together (one hand corrected,
one sent from a phone that lost the network and got it back)."""

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.games.models import Count, CountedHand, Round, Seat
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
WAIT_MS = 15_000  # a generous bound on a busy machine; the figure that matters is printed

# Its point is the database (five phones, one game): it runs on PostgreSQL too.
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.database,
    pytest.mark.game(players=PLAYERS),
]


def _phone(browser: Browser, context_args: dict, console_errors, url: str) -> Page:
    context = browser.new_context(**context_args)
    console_errors.watch(context)
    page = context.new_page()
    page.goto(url)
    return page


def _send_total(page: Page, total: str) -> None:
    page.get_by_label("Or their total").fill(total)
    page.get_by_role("button", name="Done").click()


def test_a_round_counted_by_every_phone_is_stored_once_and_shows_everywhere(
    browser, browser_context_args, live_server, game, logged_in_page, console_errors
):
    links = dict(Seat.objects.filter(game=game).values_list("player__name", "link_token"))
    seats = {
        name: _phone(
            browser, browser_context_args, console_errors, f"{live_server.url}/seat/{links[name]}/"
        )
        for name in ("Ben", "Cat", "Dan")
    }
    watcher = _phone(
        browser, browser_context_args, console_errors, f"{live_server.url}/live/{game.share_token}/"
    )
    scorekeeper = logged_in_page
    scorekeeper.goto(f"{live_server.url}/games/{game.pk}/")
    expect(seats["Ben"].get_by_role("heading", name="Ben at the table")).to_be_visible()

    # The scorekeeper's two taps: who went out, and let each phone count.
    scorekeeper.get_by_role("radio", name="Ann", exact=True).check()
    scorekeeper.get_by_role("button", name="Count on each phone").click()
    expect(scorekeeper.locator("#count-panel")).to_be_visible()
    for page in seats.values():  # each seat's page comes back with its hand box
        expect(page.get_by_role("heading", name="Round 1 — count your hand")).to_be_visible(
            timeout=WAIT_MS
        )
    assert_accessible(seats["Ben"])
    assert_no_sideways_scroll(seats["Ben"])

    _send_total(seats["Ben"], "30")
    sent = time.monotonic()
    expect(seats["Ben"].locator('[data-sent="30"]')).to_be_visible()
    ben_sent = '[data-count-seat="Ben"][data-state="sent"]'
    expect(scorekeeper.locator(ben_sent)).to_be_visible(timeout=WAIT_MS)
    on_scorekeeper = time.monotonic() - sent
    expect(watcher.locator(ben_sent)).to_be_visible(timeout=WAIT_MS)
    on_watcher = time.monotonic() - sent
    print(f"\nBen's hand shown on the scorekeeper's phone after {on_scorekeeper:.1f} s, "
          f"on the live board after {on_watcher:.1f} s")  # fmt: skip

    _send_total(seats["Ben"], "25")  # Ben corrects his count: the latest is kept
    expect(seats["Ben"].locator('[data-sent="25"]')).to_be_visible()
    # Dan's phone has lost the network: his hand is kept on the phone, and sent once it is back.
    # (the offline phone's failed send, and its board's polls failing meanwhile, are logged)
    console_errors.expect(
        r"ERR_INTERNET_DISCONNECTED|htmx:sendError|htmx:afterRequest|Failed to load resource"
    )
    seats["Dan"].context.set_offline(True)
    _send_total(seats["Dan"], "12")
    expect(seats["Dan"].locator("[data-hand-notice]")).to_contain_text("kept on this phone")
    assert not CountedHand.objects.filter(player__name="Dan").exists()
    # Cat taps her cards on the keypad; Dan's phone comes back at about the same moment.
    keypad = seats["Cat"].get_by_role("group", name="Card keypad")  # the deck's keypad types them
    keypad.locator('[data-key="*7"]').click()
    keypad.locator('[data-key="W+4"]').click()
    keypad.get_by_role("button", name="Undo").click()
    keypad.locator('[data-key="W"]').click()
    expect(seats["Cat"].get_by_label("Your cards")).to_have_value("*7 W")
    seats["Cat"].get_by_role("button", name="Done").click()
    seats["Dan"].context.set_offline(False)

    # 25 + (7 + 50) + 12: the round is stored once, and every phone shows it.
    for page in (scorekeeper, watcher, *seats.values()):
        expect(page.locator('[data-standing="Ann"][data-total="94"]')).to_be_visible(
            timeout=WAIT_MS
        )
    expect(scorekeeper.locator("#count-panel")).to_have_count(0)
    assert Round.objects.filter(game=game).count() == 1
    assert Count.objects.get(game=game).state == Count.State.STORED
    ben = CountedHand.objects.get(player__name="Ben")
    assert (ben.points, len(ben.trail)) == (25, 2)
    assert len(CountedHand.objects.get(player__name="Dan").trail) == 1  # sent once

    # A hand sent after the round was stored is refused in words, nothing changed.
    seats["Dan"].goto(f"{live_server.url}/seat/{links['Dan']}/")
    expect(seats["Dan"].get_by_text("When a round ends")).to_be_visible()
    for page in (*seats.values(), watcher):
        page.context.close()
