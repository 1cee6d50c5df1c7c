"""Two phones at one table, signed in as two members of the crew, on the same game."""

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from scorekeeper.crews.models import Membership
from scorekeeper.games.models import Round
from tests.browser.conftest import PASSWORD, assert_accessible, assert_no_sideways_scroll

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]

# Its point is the database (two phones, one game): it runs on PostgreSQL too. The game has
# three rounds saved, so both phones show "Save round 4".
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.database,
    pytest.mark.game(
        players=PLAYERS,
        rounds=[(w, {n: 5 for n in PLAYERS if n != w}) for w in ("Ann", "Ben", "Cat")],
    ),
]


@pytest.fixture
def second_member(table_member):
    """Bob, a second member of Ann's crew."""
    _, crew = table_member
    bob = get_user_model().objects.create_user("bob", password=PASSWORD)
    Membership.objects.create(crew=crew, user=bob)
    return bob


def _phone(
    browser: Browser, context_args: dict, live_server, username: str, console_errors
) -> Page:
    context = browser.new_context(**context_args)
    console_errors.watch(context)
    page = context.new_page()
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    return page


@pytest.fixture
def phones(
    browser: Browser, browser_context_args, live_server, game, second_member, console_errors
) -> Iterator[tuple[Page, Page]]:
    """Ann's phone and Bob's phone: separate browser contexts (own cookies), phone-sized,
    each failing the test on a console error."""
    ann = _phone(browser, browser_context_args, live_server, "ann", console_errors)
    bob = _phone(browser, browser_context_args, live_server, "bob", console_errors)
    yield ann, bob
    ann.context.close()
    bob.context.close()


def _open_game(page: Page, live_server, game) -> None:
    page.goto(f"{live_server.url}/games/{game.pk}/")


def _enter_round(page: Page, winner: str, totals: dict[str, str]) -> None:
    page.get_by_role("radio", name=winner, exact=True).check()
    for name, total in totals.items():
        page.locator(f'[data-pick="{name}"]').click()  # the hand's chip, then its typed total
        page.get_by_label(f"…or type {name}'s total").fill(total)


def _hands(round_: Round) -> dict[str, int]:
    return {hand.player.name: hand.points for hand in round_.hands.select_related("player")}


def test_two_phones_save_round_4_the_second_saves_it_as_round_5(
    live_server, phones, game, console_errors
):
    ann, bob = phones
    # Bob's phone lost the race for round 4: the server's 409, explained on the page.
    console_errors.expect(r"status of 409 .*/rounds/")
    for page in (ann, bob):
        _open_game(page, live_server, game)
        expect(page.get_by_role("button", name="Save round 4")).to_be_visible()

    bob_totals = {"Ann": "31", "Cat": "32", "Dan": "33"}
    _enter_round(ann, "Dan", {"Ann": "11", "Ben": "12", "Cat": "13"})
    _enter_round(bob, "Ben", bob_totals)

    ann.get_by_role("button", name="Save round 4").click()
    expect(ann.get_by_role("button", name="Save round 5")).to_be_visible()

    bob.get_by_role("button", name="Save round 4").click()
    conflict = bob.locator("#round-errors")
    expect(conflict).to_contain_text(
        re.compile(r"Round 4 was already saved from another phone at \d\d:\d\d by ann\.")
    )
    # Bob's entry is still on screen...
    expect(bob.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    for name, total in bob_totals.items():
        expect(bob.get_by_label(f"…or type {name}'s total")).to_have_value(total)
    # ...beside the fresh board, which now holds Ann's round 4 (Dan scores 11 + 12 + 13).
    expect(bob.locator(".standing", has_text="Dan").locator(".total")).to_have_text("36")
    expect(bob.get_by_role("button", name="Delete round 4")).to_be_visible()
    # A refusal the page explains, not a "server answered with an error" banner.
    expect(bob.locator("#offline-banner")).to_be_hidden()
    assert_accessible(bob)
    assert_no_sideways_scroll(bob)

    bob.get_by_role("button", name="Save as round 5").click()
    expect(bob.get_by_role("button", name="Save round 6")).to_be_visible()
    expect(bob.locator("#round-errors")).to_have_count(0)

    stored = Round.objects.filter(game=game).select_related("winner").order_by("number")
    assert [(r.number, r.winner.name) for r in stored] == [
        (1, "Ann"),
        (2, "Ben"),
        (3, "Cat"),
        (4, "Dan"),
        (5, "Ben"),
    ]
    fifth = stored.get(number=5)
    assert fifth.created_by.get_username() == "bob"
    assert _hands(fifth) == {"Ann": 31, "Cat": 32, "Dan": 33}
    fourth = stored.get(number=4)
    assert fourth.created_by.get_username() == "ann"
    assert _hands(fourth) == {"Ann": 11, "Ben": 12, "Cat": 13}


def test_a_delete_on_one_phone_is_undone_on_the_other(live_server, phones, game):
    ann, bob = phones
    _open_game(ann, live_server, game)
    ann.once("dialog", lambda dialog: dialog.accept())
    ann.get_by_role("button", name="Delete round 3").click()
    expect(ann.get_by_role("button", name="Delete round 2")).to_be_visible()

    _open_game(bob, live_server, game)
    expect(bob.get_by_text(re.compile(r"^Round 3 deleted by ann at \d\d:\d\d\.$"))).to_be_visible()
    expect(bob.get_by_role("button", name="Save round 3")).to_be_visible()
    bob.get_by_role("button", name="Undo delete").click()
    expect(bob.get_by_role("button", name="Save round 4")).to_be_visible()
    expect(bob.get_by_role("button", name="Undo delete")).to_have_count(0)

    stored = Round.objects.filter(game=game).select_related("winner").order_by("number")
    assert [(r.number, r.winner.name) for r in stored] == [(1, "Ann"), (2, "Ben"), (3, "Cat")]
