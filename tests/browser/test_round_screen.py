"""The round on one screen (issue #12): one shared keypad, hand chips, words not notation."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Round
from tests.browser.conftest import assert_accessible
from tests.factories import GameFactory, entry_of, play_round

# Every flow here fails on a console error (tests/browser/conftest.py's console_errors).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]

FOUR = ["Ann", "Ben", "Cat", "Dan"]
TEN = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def open_game(page: Page, live_server, table_member, players, edition="classic"):
    _, crew = table_member
    game = GameFactory(crew=crew, players=players, edition=edition, target=500)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#round-form")).to_be_visible()  # in any language
    return game


def key(page: Page, name: str):
    return page.get_by_role("group", name="Card keypad").get_by_role(
        "button", name=re.compile(rf"(^|, ){re.escape(name)} \(")
    )


def chip(page: Page, player: str):
    return page.locator(f'[data-pick="{player}"]')


def in_view(page: Page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def page_height(page: Page) -> int:
    """How tall the page is: more than the window means it scrolls."""
    return page.evaluate("document.scrollingElement.scrollHeight")


def round_bottom(page: Page) -> float:
    """Where the round's last line ends, above the fixed Save bar (and the bottom bar)."""
    return page.evaluate(
        """() => {
          const form = document.getElementById('round-form');
          const bar = form.querySelector('.sticky-action').getBoundingClientRect();
          const last = form.querySelector('.round-hands').getBoundingClientRect();
          return innerHeight - bar.top + last.bottom + scrollY;
        }"""
    )


def test_a_four_player_round_fits_one_screen_and_takes_winner_cards_and_save(
    live_server, logged_in_page: Page, table_member
):
    page = logged_in_page
    game = open_game(page, live_server, table_member, FOUR)
    page.locator("#round-form h2").scroll_into_view_if_needed()

    taps = 0

    def tap(locator):
        nonlocal taps
        locator.click()
        taps += 1

    tap(page.get_by_role("radio", name="Ann", exact=True))
    # The round takes the screen, and the first hand after the winner is selected by itself.
    expect(page.get_by_role("button", name="Scoreboard")).to_be_visible()
    expect(chip(page, "Ben")).to_have_attribute("aria-pressed", "true")
    expect(chip(page, "Ann")).to_be_hidden()
    for name in ("7", "7", "Wild"):
        tap(key(page, name))
    expect(page.locator('[data-hand][data-player="Ben"] [data-words]')).to_have_text(
        "2 × 7, Wild — 64 points"
    )
    tap(chip(page, "Cat"))
    tap(key(page, "Skip"))
    tap(page.get_by_role("button", name="Next", exact=True))
    tap(key(page, "3"))
    expect(chip(page, "Dan")).to_contain_text("1 card · 3 pts")
    # Everything of the round is on the screen at once, and the page does not scroll.
    height = page_height(page)
    used = round_bottom(page)
    window = page.evaluate("innerHeight")
    for part in (
        page.get_by_role("radio", name="Ann", exact=True),
        page.get_by_role("radio", name="Wild Draw Four"),
        chip(page, "Dan"),
        key(page, "Wild"),
        page.get_by_role("button", name="Next", exact=True),
        page.get_by_role("button", name="Save round 1"),
    ):
        assert in_view(page, part), part
    cards = 5
    tap(page.get_by_role("button", name="Save round 1"))
    expect(page.locator('[data-standing="Ann"]')).to_have_attribute("data-total", "87")
    # Saved: back to the board, with the next round's winner to pick.
    expect(page.locator(".topbar")).to_be_visible()
    expect(page.get_by_role("button", name="Scoreboard")).to_be_hidden()
    moves = taps - 1 - cards - 1
    print(
        f"\n4-player round: {taps} taps = 1 winner + {cards} cards + {moves} hand changes "
        f"+ 1 save; page {height} px high in a {window} px window (the round and its bars "
        f"take {used:.0f} px)"
    )
    assert height <= window == 844
    assert used <= window
    # One keypad for three hands: the first is chosen with the winner, the other two take a
    # chip or "Next" each. Nothing else: no scrolling, no field to focus, no confirmation.
    assert moves == 2
    stored = Round.objects.get(game=game)
    assert entry_of(stored)["hands"] == {"Ben": "*7 *7 W", "Cat": "*S", "Dan": "*3"}


def test_ten_players_stay_within_two_screens(live_server, logged_in_page: Page, table_member):
    page = logged_in_page
    open_game(page, live_server, table_member, TEN)
    page.get_by_role("radio", name="Ann", exact=True).click()
    for name in ("7", "Wild"):
        key(page, name).click()
    height = page_height(page)
    print(f"\n10-player round screen: {height} px (two screens: {2 * 844})")
    assert height <= 2 * 844
    expect(page.get_by_role("button", name="Save round 1")).to_be_in_viewport()


def test_typed_cards_read_in_words_as_you_type(live_server, logged_in_page: Page, table_member):
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR, edition="kitty")
    page.get_by_role("radio", name="Dan", exact=True).click()
    expect(chip(page, "Ann")).to_have_attribute("aria-pressed", "true")
    cards = page.get_by_label("Ann's cards (tap or type, e.g. 7 7 W)")
    words = page.locator('[data-hand][data-player="Ann"] [data-words]')
    cards.fill("R0 R5")
    expect(words).to_have_text("0, 5 — 5 points")
    cards.fill("7 7 W")
    expect(words).to_have_text("2 × 7, Wild — 64 points")
    cards.fill("7 Q9")
    expect(words).to_contain_text("Not a card: Q9")
    expect(page.locator('[data-hand][data-player="Ann"] [data-points]')).to_have_text("?")
    cards.fill("x +2")
    expect(words).to_have_text("Kitty card, Draw Two — 70 points")


def test_keys_look_like_cards_and_say_what_they_show(
    live_server, logged_in_page: Page, table_member
):
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR, edition="kitty")
    pad = page.get_by_role("group", name="Card keypad")
    for label, name in (("+2", "Draw Two"), ("Rev", "Reverse"), ("+4", "Wild Draw Four")):
        button = pad.get_by_role("button", name=f"{label}, {name}", exact=False)
        expect(button).to_have_text(label)
    sizes = pad.get_by_role("button").evaluate_all(
        "keys => keys.map(k => [k.getBoundingClientRect().width, k.getBoundingClientRect().height])"
    )
    assert all(w >= 48 and h >= 48 for w, h in sizes), sizes
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.get_by_role("radio", name="Ann", exact=True).click()
        assert_accessible(page)


def test_without_a_winner_the_keypad_asks_for_one_first(live_server, logged_in_page, table_member):
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR)
    key(page, "7").click()
    expect(page.locator("[data-keypad-target]")).to_contain_text("Pick who went out first")
    assert page.locator("[data-cards]").evaluate_all("inputs => inputs.every(i => !i.value)")


def test_a_special_card_deck_and_a_draw_reminder_still_fit_one_screen(
    live_server, logged_in_page: Page, table_member
):
    """The fullest 4-player round: a 16th card key (Kitty) and the Wild Draw Four reminder."""
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR, edition="kitty")
    page.get_by_role("radio", name="Dan", exact=True).click()
    page.get_by_role("radio", name="Wild Draw Four").click()
    expect(page.locator("[data-reminder]")).to_contain_text("Ann if play goes left) draws 4")
    key(page, "Kitty card").click()
    expect(chip(page, "Ann")).to_contain_text("1 card · 50 pts")
    height, used = page_height(page), round_bottom(page)
    print(f"\nKitty deck with the reminder: page {height} px, the round {used:.0f} px of 844")
    assert height <= 844 and used <= 844


def test_scoreboard_leaves_the_round_screen_and_the_winner_brings_it_back(
    live_server, logged_in_page: Page, table_member
):
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR)
    page.get_by_role("radio", name="Cat", exact=True).click()
    key(page, "9").click()
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator(".board")).to_be_hidden()
    # The page keeps its name for screen readers while the round takes the screen.
    expect(page.get_by_role("heading", level=1)).to_have_text("Classic game")
    page.get_by_role("button", name="Scoreboard").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Classic game")
    expect(page.locator(".topbar")).to_be_visible()
    expect(page.locator("[data-standing]")).to_have_count(4)
    expect(page.get_by_role("button", name="Scoreboard")).to_be_hidden()
    # The entry waits on the page; the winner's segment takes the screen again.
    expect(chip(page, "Dan")).to_contain_text("1 card · 9 pts")
    page.get_by_role("radio", name="Cat", exact=True).click()
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator('[data-hand][data-player="Dan"] [data-words]')).to_have_text("9 — 9 points")
    assert page.evaluate("scrollY") == 0


@pytest.mark.game(players=FOUR, target=100)
def test_the_round_that_ends_the_game_shows_the_winner_on_the_whole_page(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("radio", name="Ben", exact=True).click()
    for name in ("Wild", "Wild Draw Four"):  # Cat: 100 points, so Ben reaches the target
        key(page, name).click()
    for player in ("Dan", "Ann"):
        chip(page, player).click()
        key(page, "1").click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(page.locator(".topbar")).to_be_visible()
    assert not page.evaluate("document.documentElement.classList.contains('round-entry')")
    assert entry_of(Round.objects.get(game=game))["hands"] == {
        "Ann": "*1",
        "Cat": "W W+4",
        "Dan": "*1",
    }


@pytest.mark.game(players=FOUR)
def test_an_edit_shows_the_round_as_entered_with_the_card_it_ended_on(
    live_server, logged_in_page: Page, game
):
    page = logged_in_page
    play_round(game, "Ann", went_out_on="+4", Ben="*7 *7 W", Cat=12, Dan="R0 R5")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#rounds tbody th").first).to_contain_text("+4")
    page.get_by_role("link", name="Edit round 1").click()
    expect(page.get_by_role("radio", name="Wild Draw Four")).to_be_checked()
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_checked()
    expect(chip(page, "Ben")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-hand][data-player="Ben"] [data-words]')).to_have_text(
        "2 × 7, Wild — 64 points"
    )
    expect(chip(page, "Cat")).to_contain_text("12 pts")
    expect(chip(page, "Dan")).to_contain_text("2 cards · 5 pts")
    height = page_height(page)
    print(f"\nEdit page, 4 players: {height} px (two screens: {2 * 844})")
    assert height <= 2 * 844
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_accessible(page)
    page.get_by_role("radio", name="Draw Two").click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#rounds tbody th").first).to_contain_text("+2")
    assert Round.objects.get(game=game).went_out_on == "+2"


# What people type: bare cards, colours in front, the stored "*" forms, words for the faces,
# any case, and tokens that are not cards.
TYPED = [
    *(f"{n}" for n in range(10)),
    *(f"{colour}{n}" for colour in ("R", "g", "*") for n in (0, 5, 9)),
    *("+2", "R+2", "*+2", "d2", "S", "BS", "*s", "skip", "Skip", "R", "YR", "*R", "rev"),
    *("reverse", "W", "w", "wild", "W+4", "W4", "+4", "wd4", "X", "x"),
    *("Q9", "R10", "*W", "W+2", "77", "+", "RX"),
]


def test_the_preview_scores_typed_cards_as_the_server_does(
    live_server, logged_in_page: Page, table_member
):
    """table.js and notation.js read typed cards with the same rules as domain/cards.py:
    the same points, and a refusal (no points) exactly where the server refuses."""
    import random

    from scorekeeper.domain import RuleError, hand_points

    page = logged_in_page
    open_game(page, live_server, table_member, FOUR, edition="kitty")
    draw = random.Random(12)
    hands = [" ".join(draw.choices(TYPED, k=draw.randint(1, 6))) for _ in range(300)]
    hands += ["R0 R5", "7 7 W", "7, 7,W", "skip rev wd4"]

    def server(text):
        try:
            return hand_points(text, "kitty")
        except RuleError:
            return None

    in_js = page.evaluate(
        """hands => {
          const points = {};
          document.querySelectorAll('[data-key][data-key-points]').forEach(key => {
            points[key.dataset.key] = parseInt(key.dataset.keyPoints, 10);
          });
          return hands.map(hand => window.scorekeeperNotation.handPoints(hand, points));
        }""",
        hands,
    )
    expected = [server(hand) for hand in hands]
    assert in_js == expected
    assert None in expected and expected.count(None) < len(hands)  # both kinds were tried
    # The preview on the page is that reading, as you type.
    page.get_by_role("radio", name="Dan", exact=True).click()
    cards = page.get_by_label("Ann's cards (tap or type, e.g. 7 7 W)")
    points = page.locator('[data-hand][data-player="Ann"] [data-points]')
    for hand in hands[:12]:
        cards.fill(hand)
        expect(points).to_have_text("?" if server(hand) is None else str(server(hand)))


def test_the_keypad_fills_the_hands_in_the_order_the_chips_show(
    live_server, logged_in_page: Page, table_member
):
    """One order (issue #53): the chips read from the seat after the winner round the table,
    and the first hand, then each "Next", fills the chip after on that row."""
    page = logged_in_page
    open_game(page, live_server, table_member, FOUR)
    page.get_by_role("radio", name="Ben", exact=True).click()
    shown = page.locator("[data-hand-chips] [data-pick]:visible")
    expect(shown).to_have_count(3)
    row = [each.get_attribute("data-pick") for each in shown.all()]
    assert row == ["Cat", "Dan", "Ann"]  # the seats after Ben's, round the table
    filled = []
    for card in ("3", "5", "7"):
        pressed = page.locator('[data-pick][aria-pressed="true"]')
        expect(pressed).to_have_count(1)
        filled.append(pressed.get_attribute("data-pick"))
        key(page, card).click()
        page.get_by_role("button", name="Next", exact=True).click()
    assert filled == row
    for name, card in zip(row, ("3", "5", "7"), strict=True):
        expect(chip(page, name)).to_contain_text(f"1 card · {card} pts")
    # Round the row again: after the last chip, the first.
    expect(chip(page, "Cat")).to_have_attribute("aria-pressed", "true")
    # Another winner: the row starts after them, and so does the keypad.
    page.get_by_role("radio", name="Dan", exact=True).click()
    row = [each.get_attribute("data-pick") for each in shown.all()]
    assert row == ["Ann", "Ben", "Cat"]
    expect(chip(page, "Ann")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Next", exact=True).click()
    expect(chip(page, "Ben")).to_have_attribute("aria-pressed", "true")
