import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from scorekeeper.crews.models import Crew, Membership
from tests.factories import play_round

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
def table_member(transactional_db):
    """A user in a crew, with the crew, committed so the live server sees them.

    Named apart from the root ``member`` (a user, in a rolled-back transaction): this one is a
    (user, crew) pair, and the root ``member_client`` and ``htmx_client`` are not for browser
    tests.
    """
    user = get_user_model().objects.create_user("ann", password=PASSWORD)
    crew = Crew.objects.create(name="Friday club")
    Membership.objects.create(crew=crew, user=user)
    return user, crew


@pytest.fixture
def crew(table_member) -> Crew:
    """In a browser flow the crew is ``table_member``'s (committed, signed in by
    ``logged_in_page``): the root ``game`` fixture seats its game there."""
    return table_member[1]


@pytest.fixture
def logged_in_page(live_server, page: Page, table_member) -> Page:
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    return page


@dataclass(frozen=True)
class Screen:
    name: str
    url: str
    signed_in: bool = True


@pytest.fixture
def every_screen(table_member) -> list[Screen]:
    """Every screen of the app, by URL name, over a crew with a history, a game in play (two
    rounds, a challenge) and a finished one: the pages axe and the screenshots visit."""
    from scorekeeper.games.nights import night_share_recap
    from scorekeeper.history import seasons
    from scorekeeper.roster.models import Player
    from tests.factories import ChallengeFactory, GameFactory

    _, crew = table_member
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat", "Dan"], edition="kitty")
    play_round(game, "Ann", Ben="*7 W X", Cat=12, Dan="*5")
    play_round(game, "Cat", Ann=33, Ben="*+2 *S", Dan=8)
    ChallengeFactory(game=game, challenger="Ben", challenged="Cat")
    over = GameFactory(crew=crew, players=["Ann", "Ben"], night=game.night)
    play_round(over, "Ann", Ben=600)
    # The history goes back from the day before tonight's night.
    call_command("seed_demo", games=12, crew=crew.name, user="", stdout=io.StringIO())
    night = crew.nights.exclude(pk=game.night_id).order_by("date").last()
    finished = night.games.order_by("pk").first()
    first, second = Player.objects.filter(crew=crew).order_by("name")[:2]
    season = seasons.quarter_of(night.date).key
    recap = night_share_recap(night=night)
    from scorekeeper.decks import services as decks

    deck = decks.deck_create(crew=crew, name="Flip box", base="classic", sides=("Light", "Dark"))
    flip = {"token": "F", "name": "Flip", "kind": "action", "count": 1, "points": 20}
    decks.deck_add_card(deck=deck, side=1, card=flip)
    blank = {
        "token": "BL",
        "name": "Blank card",
        "kind": "wild",
        "count": 4,
        "points": 40,
        "rule": "Whoever plays it names a rule for the round.",
    }
    decks.deck_add_card(deck=deck, side=2, card=blank)
    decks.deck_leave_out(deck=deck, side=2, values=["W+4"])
    with_deck = GameFactory(crew=crew, players=["Ann", "Ben"], night=game.night)
    with_deck.deck, with_deck.edition = deck.current, "classic"
    with_deck.save(update_fields=["deck", "edition"])
    return [
        Screen("decks", reverse("decks:deck_list")),
        Screen("deck", reverse("decks:deck_detail", args=[deck.pk])),
        Screen("scoreboard with a crew's deck", reverse("games:game_detail", args=[with_deck.pk])),
        Screen(
            "rules with a crew's deck",
            reverse("referee:rules_search") + f"?game={with_deck.pk}",
        ),
        Screen(
            "first card of a crew's deck",
            reverse("referee:first_card") + f"?game={with_deck.pk}&card=house-F",
        ),
        Screen("sign-up", reverse("accounts:signup"), signed_in=False),
        Screen("log in", reverse("accounts:login"), signed_in=False),
        Screen("home", reverse("games:home")),
        Screen("new game", reverse("newgame:game_new")),
        Screen("scoreboard", reverse("games:game_detail", args=[game.pk])),
        Screen("the seats' links", reverse("games:seat_links", args=[game.pk])),
        Screen(
            "a seat's phone",
            reverse("live:seat", args=[game.seats.get(number=1).link_token]),
            signed_in=False,
        ),
        Screen("game over", reverse("games:game_detail", args=[over.pk])),
        Screen("round edit", reverse("games:round_change", args=[game.pk, 1])),
        Screen("live view", reverse("live:live", args=[game.share_token])),
        Screen("rules search", reverse("referee:rules_search") + "?q=stack+draw+two"),
        Screen("rule entry", reverse("referee:rule_detail", args=["wd4-challenge"])),
        Screen("challenge helper", reverse("referee:rules_challenge")),
        Screen("game challenge", reverse("referee:game_challenge", args=[game.pk])),
        Screen("first card helper", reverse("referee:first_card")),
        Screen("house rules", reverse("referee:house_rules", args=[game.pk])),
        Screen("nights", reverse("nights:night_list")),
        Screen("night", reverse("nights:night_detail", args=[night.pk])),
        Screen("game record", reverse("history:game_record", args=[finished.pk])),
        Screen("players", reverse("history:player_list")),
        Screen("player", reverse("history:player_detail", args=[first.pk])),
        Screen(
            "head to head",
            reverse("history:head_to_head") + f"?a={first.pk}&b={second.pk}",
        ),
        Screen("import", reverse("history:games_import")),
        Screen("crew", reverse("accounts:crew_detail")),
        Screen("roster", reverse("roster:roster")),
        Screen("roster player", reverse("roster:player_edit", args=[first.pk])),
        Screen("seasons", reverse("history:seasons")),
        Screen("players by season", reverse("history:player_list") + f"?season={season}"),
        Screen("records", reverse("history:records")),
        Screen("records by season", reverse("history:records") + f"?season={season}"),
        Screen(
            "player by season",
            reverse("history:player_detail", args=[first.pk]) + f"?season={season}",
        ),
        Screen("shared recap", reverse("nights:night_recap_shared", args=[recap]), signed_in=False),
    ]


def log_in(page: Page, base_url: str) -> None:
    page.goto(base_url + reverse("accounts:login"))
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base_url + reverse("games:home"))


@dataclass
class ConsoleErrors:
    """The console errors and uncaught exceptions of the pages watched, less the ones a test
    names as expected (a 409 on the phone that lost a race is the server's answer, not a bug)."""

    seen: list[str] = field(default_factory=list)
    expected: list[re.Pattern[str]] = field(default_factory=list)

    def watch(self, target: Page | BrowserContext) -> None:
        """Every page of a context (or one page): console errors and uncaught exceptions."""
        target.on("console", self._console)
        pages = target.pages if isinstance(target, BrowserContext) else [target]
        for page in pages:
            page.on("pageerror", self._uncaught)
        if isinstance(target, BrowserContext):
            target.on("page", lambda page: page.on("pageerror", self._uncaught))

    def expect(self, pattern: str) -> None:
        """An error this test provokes on purpose, as a regular expression on its text."""
        self.expected.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        return [text for text in self.seen if not any(p.search(text) for p in self.expected)]

    def assert_none(self) -> None:
        unexpected = self.unexpected()
        assert not unexpected, "console errors:\n" + "\n".join(unexpected)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.seen.append(f"{message.text} ({where})" if where else message.text)

    def _uncaught(self, error: Exception) -> None:
        self.seen.append(f"uncaught: {error}")


@pytest.fixture
def console_errors(request: pytest.FixtureRequest) -> Iterator[ConsoleErrors]:
    """Fails the test on any console error in the pages it drives (the ``page`` fixture's
    context is watched by itself; watch others with ``console_errors.watch``). A clean console
    is part of done: a CSP violation logged on every save is a defect even when the page looks
    right."""
    errors = ConsoleErrors()
    if "page" in request.fixturenames:
        errors.watch(request.getfixturevalue("page").context)
    yield errors
    errors.assert_none()
