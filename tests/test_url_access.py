"""Every URL of the project, three ways: who may open it, what another crew sees, which methods.

A new URL pattern joins these tests by itself; if its arguments can't be filled below, the
test says so. A pattern that behaves otherwise for a good reason is listed with the reason.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scorekeeper.crews.models import Crew, Invite
from scorekeeper.decks import services
from scorekeeper.decks.models import Deck
from scorekeeper.gamefiles.models import DeletedGame
from scorekeeper.games.models import Challenge, Game, Round
from scorekeeper.games.nights import night_share_recap
from scorekeeper.history.models import Season
from scorekeeper.rules import ENTRIES
from tests.factories import ChallengeFactory, GameFactory, MembershipFactory, play_round

LOGIN = reverse("accounts:login")
BOGUS_TOKEN = "not-a-real-token"

# Anyone may open these, signed in or not.
PUBLIC = {
    "accounts:signup": "making an account",
    "accounts:login": "logging in",
    "games:home": "the welcome page for visitors, the dashboard for members",
    "referee:rules_search": "settling a dispute must not wait for a login",
    "referee:rule_detail": "settling a dispute must not wait for a login",
    "referee:rules_challenge": "the standalone challenge helper logs nothing",
    "referee:first_card": "settling a dispute must not wait for a login",
    "service_worker": "the app shell's worker installs before anyone signs in",
    "offline": "the page the worker shows without a network",
    "ping": "a phone asks whether the server answers before it sends what waits",
}
# Opened by a secret token, not a login: a bogus token is a 404, the real one a 200.
BY_TOKEN = {
    "live:live": "the read-only scoreboard shared with the other phones",
    "live:live_board": "the fragment the live scoreboard polls",
    "accounts:join": "an invite link is opened by someone not yet in the crew",
    "nights:night_recap_shared": "a night's recap, shared read-only by a link",
    "live:seat": "a player's own phone at the table, opened from their seat's link",
    "live:seat_board": "the fragment a seat's phone polls",
}
# Written to by whoever holds the link's secret, signed in or not (tests/games/test_counts.py).
TOKEN_WRITES = {"live:seat_hand"}
# Refuse a GET from anyone, signed in or not.
# Answer with no content at all (204), signed in or not.
EMPTY = {"ping", "games:count_panel"}  # the count panel: nothing is being counted
GET_REFUSED = {
    "accounts:logout": "logging out is a POST (Django 5), so a link can't log anyone out",
    "accounts:set_language": "the language switcher is a form (POST), open to visitors too",
    "live:seat_hand": "a seat's hand is sent (POST) by whoever holds the seat's link",
}


def _patterns(resolvers, namespace: str = ""):
    for entry in resolvers:
        if isinstance(entry, URLResolver):
            if entry.namespace == "admin":
                continue  # Django's own admin: staff only, tested by Django.
            inner = ":".join(part for part in (namespace, entry.namespace) if part)
            yield from _patterns(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern):
            yield f"{namespace}:{entry.name}" if namespace else entry.name, entry


def declared_methods(view) -> set[str]:
    """The HTTP methods a view says it takes: ``require_GET`` / ``require_POST`` /
    ``require_http_methods`` on a function view (under any decorator that keeps
    ``__wrapped__``), or the handlers of a class-based view."""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        methods = {m.upper() for m in view_class.http_method_names if hasattr(view_class, m)}
        # View.setup() answers HEAD with get() when the class has no head().
        return methods | {"HEAD"} if "GET" in methods else methods
    layer = view
    while layer is not None:
        code = getattr(layer, "__code__", None)
        if code is not None and "request_method_list" in code.co_freevars:
            cell = layer.__closure__[code.co_freevars.index("request_method_list")]
            return set(cell.cell_contents)
        layer = getattr(layer, "__wrapped__", None)
    raise AssertionError(f"{view.__qualname__} says nothing about the methods it takes")


PATTERNS = dict(_patterns(get_resolver().url_patterns))
NAMES = sorted(PATTERNS)
METHODS = {name: declared_methods(pattern.callback) for name, pattern in PATTERNS.items()}
# The pages a member can open: every pattern that takes a GET.
PAGES = sorted(name for name in NAMES if "GET" in METHODS[name])
# Names whose URL points at a row of a crew (or a token of one): another crew must get a 404.
CREW_ROWS = sorted(
    name
    for name, pattern in PATTERNS.items()
    if set(pattern.pattern.regex.groupindex) - {"slug"}
    and name not in BY_TOKEN
    and name not in TOKEN_WRITES
)


@dataclass
class World:
    """One crew's things, with a member; URLs are filled with them."""

    crew: Crew
    member: Any
    game: Game
    round: Round
    challenge: Challenge
    invite: Invite
    deleted: DeletedGame
    season: Season
    deck: Deck

    def kwargs(self, name: str, *, bogus_token: bool = False) -> dict[str, Any]:
        wanted = PATTERNS[name].pattern.regex.groupindex
        values = {
            "game_id": self.game.pk,
            "number": self.round.number,
            "night_id": self.game.night_id,
            "player_id": self.round.winner_id,
            "challenge_id": self.challenge.pk,
            "deleted_id": self.deleted.pk,
            "crew_id": self.crew.pk,
            "user_id": self.member.pk,
            "slug": ENTRIES[0].slug,
            "season_id": self.season.pk,
            "deck_id": self.deck.pk,
            "token": BOGUS_TOKEN if bogus_token else self._token(name),
        }
        unknown = set(wanted) - set(values)
        assert not unknown, f"{name}: say in tests/test_url_access.py how to fill {unknown}"
        return {key: values[key] for key in wanted}

    def _token(self, name: str) -> str:
        if name == "nights:night_recap_shared":
            return self.game.night.recap_token
        if name.startswith("live:seat"):
            return self.game.seats.first().link_token
        return self.game.share_token if name.startswith("live:live") else self.invite.token

    def url(self, name: str, **options: bool) -> str:
        return reverse(name, kwargs=self.kwargs(name, **options))


@pytest.fixture
def world(crew, member, game) -> World:
    play_round(game, "Ann", Ben=12, Cat="R7 W")
    round_ = game.rounds.get(number=play_round(game, "Ben").number)
    challenge = ChallengeFactory(game=game, challenger="Cat", challenged="Ben")
    invite = Invite.objects.create(crew=crew, created_by=member)
    # A game deleted a moment ago, kept for its Undo (its file is not read by these tests).
    deleted = DeletedGame.objects.create(crew=crew, uid=uuid.uuid4(), label="Ann, Ben", data={})
    night_share_recap(night=game.night)  # its recap shared by a link
    season = Season.objects.create(
        crew=crew, name="Winter league", starts_on="2026-11-01", ends_on="2027-02-28"
    )
    deck = services.deck_create(crew=crew, name="Our box", base="classic")
    return World(crew, member, game, round_, challenge, invite, deleted, season, deck)


@pytest.fixture
def outsider_client(db) -> Client:
    """A member of another crew, which has a game of its own."""
    outsider = MembershipFactory(crew__name="Sunday club")
    GameFactory(crew=outsider.crew)
    client = Client()
    client.force_login(outsider.user)
    return client


def _allowed(client: Client, url: str) -> set[str]:
    """The methods a view takes, from the Allow header of its 405 to a DELETE (taken by none)."""
    response = client.delete(url)
    assert response.status_code == 405, f"{url}: DELETE gave {response.status_code}"
    return {method.strip() for method in response["Allow"].split(",")}


def test_every_pattern_is_named_and_the_lists_name_real_patterns():
    assert all(name and not name.endswith(":None") for name in NAMES)
    for listed in (PUBLIC, BY_TOKEN, GET_REFUSED):
        assert set(listed) <= set(PATTERNS)


@pytest.mark.parametrize("name", NAMES)
def test_a_visitor_is_sent_to_log_in(client, world, name):
    url = world.url(name, bogus_token=True)
    response = client.get(url)
    if name in PUBLIC:
        assert response.status_code == (204 if name in EMPTY else 200)
    elif name in BY_TOKEN:
        assert response.status_code == 404
    elif name in GET_REFUSED:
        assert response.status_code == 405
    else:
        assert response.status_code == 302
        assert response["Location"].startswith(f"{LOGIN}?next=")


@pytest.mark.parametrize("name", sorted(BY_TOKEN))
def test_a_visitor_with_the_real_token_gets_the_page(client, world, name):
    assert client.get(world.url(name)).status_code == 200


@pytest.mark.parametrize("name", CREW_ROWS)
def test_another_crews_member_finds_nothing(outsider_client, world, name):
    url = world.url(name)
    allowed = _allowed(outsider_client, url)
    for method in ("GET", "POST"):
        if method in allowed:
            response = outsider_client.generic(method, url)
            assert response.status_code == 404, f"{method} {url}: {response.status_code}"
    world.game.refresh_from_db()
    assert world.game.rounds.count() == 2
    assert world.game.challenges.count() == 1
    assert Game.objects.filter(crew=world.crew).count() == 1


@pytest.mark.parametrize("name", NAMES)
def test_a_method_the_view_does_not_take_is_405(member_client, world, name):
    url = world.url(name)
    allowed = _allowed(member_client, url)
    # What the view answers is what its decorator says: the list of PAGES below is right.
    assert allowed == METHODS[name], f"{name}: answers {allowed}, declares {METHODS[name]}"
    assert allowed & {"GET", "POST"}, f"{name} takes neither GET nor POST: {allowed}"
    for method in {"GET", "POST", "PUT"} - allowed:
        assert member_client.generic(method, url).status_code == 405, f"{method} {url}"


def test_the_methods_are_read_from_the_decorators_and_the_view_classes():
    assert METHODS["games:game_detail"] == {"GET"}
    assert METHODS["games:round_create"] == {"POST"}
    assert METHODS["newgame:game_new"] == {"GET", "POST"}
    assert "GET" not in METHODS["accounts:logout"]  # a class-based view
    assert "games:game_detail" in PAGES
    assert not {"games:round_create", "accounts:logout"} & set(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_a_member_opens_every_page_without_error(member_client, world, name):
    assert member_client.get(world.url(name)).status_code == (204 if name in EMPTY else 200)
