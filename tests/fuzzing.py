"""Hostile values for every write form and the game-file reader; shared by tests/test_fuzz.py
(hypothesis, a modest number of examples) and bench/fuzz.py (10,000+ posts).

A target turns drawn values into one POST. The rule checked for each: never a 5xx, and an
answer of 4xx changes nothing in the database (see :func:`fingerprint`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from hypothesis import strategies as st

from scorekeeper.crews.models import Crew, Membership
from scorekeeper.decks.services import deck_create
from scorekeeper.games.models import Game
from scorekeeper.history.models import SeatResult
from scorekeeper.nights.models import GameNight

# Values that broke, or could break, a form or the reader: Unicode digits, numbers beyond the
# columns, dates that leave years 1-9999 in UTC, control and invisible characters, a name
# that ends in a space once cut to 40 characters, formulas, markup.
HOSTILE_TEXT = [
    "²",
    "⑦",
    "١٢",
    "0",
    "-1",
    "1e9",
    "NaN",
    str(2**31 - 1),
    str(2**31),
    str(2**63),
    "9" * 30,
    "",
    " ",
    "\x00",
    "Ann\x00",
    "\x1b[31mAnn",
    "Ann\r\nBen",
    "\ufeffAnn",
    "\u202eAnn",
    "Ann\u2028",
    "x" * 39 + " y",
    "x" * 41,
    "y" * 500,
    "e\u0301",
    "👨\u200d👩\u200d👧",
    '=HYPERLINK("http://x")',
    "<script>alert(1)</script>",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-05:00",
    "R7 R7 R7",
    "W+4 " * 50,
    "Ann",
    "Ben",
    "red",
    "yes",
    "start",
    "new",
    "custom",
    "add:Ann",
    "remove:0",
    "1",
    "2",
    "3",
]

text = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=60))

HOSTILE_JSON_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    5,
    2**31,
    2**63,
    10**40,
    1.5,
    "",
    "\x00",
    "\u202eAnn",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-05:00",
    "2026-02-30",
    [],
    {},
    {"a": 5},
    ["Ann", "Ann"],
    "x" * 600,
]

json_value = st.recursive(
    st.one_of(
        st.sampled_from(HOSTILE_JSON_VALUES),
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        text,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)),
    max_leaves=8,
)

BASE_GAME: dict[str, Any] = {
    "format": "scorekeeper-game/1",
    "edition": "classic",
    "scoring": "standard",
    "target": 500,
    "players": ["Ann", "Ben", "Cat"],
    "night": {"date": "2026-11-20", "name": "Friday"},
    "started_at": "2026-11-20T19:00:00+00:00",
    "finished_at": None,
    "first_dealer": "Cat",
    "house_rules": {"agreed": {"stack-draw": True}, "note": "no 7-0"},
    "rounds": [{"winner": "Ann", "hands": {"Ben": "R7 W", "Cat": 12}}],
    "challenges": [
        {
            "challenger": "Ben",
            "challenged": "Ann",
            "drawer": "Ben",
            "colour": "red",
            "hand": "",
            "guilty": False,
            "cards": 6,
            "at": "2026-11-20T19:30:00+00:00",
        }
    ],
}

# Where a hostile value goes in a game file: a key path from the game's top.
GAME_PATHS = [
    ("id",),
    ("format",),
    ("edition",),
    ("scoring",),
    ("target",),
    ("players",),
    ("players", 0),
    ("night",),
    ("night", "date"),
    ("night", "name"),
    ("started_at",),
    ("finished_at",),
    ("first_dealer",),
    ("house_rules",),
    ("house_rules", "agreed"),
    ("house_rules", "note"),
    ("rounds",),
    ("rounds", 0),
    ("rounds", 0, "winner"),
    ("rounds", 0, "hands"),
    ("rounds", 0, "hands", "Cat"),
    ("rounds", 0, "hands", "Ben"),
    ("challenges",),
    ("challenges", 0),
    ("challenges", 0, "challenger"),
    ("challenges", 0, "cards"),
    ("challenges", 0, "colour"),
    ("challenges", 0, "hand"),
    ("challenges", 0, "at"),
    ("audit",),
]


def game_with(changes: list[tuple[tuple[Any, ...], Any]]) -> dict[str, Any]:
    """The base game with each path set to its value."""
    game = json.loads(json.dumps(BASE_GAME))
    for path, value in changes:
        where: Any = game
        try:
            for key in path[:-1]:
                where = where[key]
            where[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change replaced the parent: nothing to set
    return game


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


hostile_game = st.lists(
    st.tuples(st.sampled_from(GAME_PATHS), json_value), min_size=1, max_size=3
).map(game_with)


def game_file_bytes(game: Any) -> bytes:
    return json.dumps(game, ensure_ascii=False).encode()


hostile_file = st.one_of(
    hostile_game.map(game_file_bytes),
    hostile_game.map(lambda game: game_file_bytes([game, game])),
    st.sampled_from(
        [
            deep(900).encode(),
            ('{"format": "scorekeeper-game/1", "rounds": ' + deep(900) + "}").encode(),
            b"\xff\xfe not utf-8",
            b"1" * 5000,
            b'{"target": NaN}',
            b"[]",
            b"",
        ]
    ),
)


def fingerprint() -> str:
    """A digest of everything a write form or an import can change."""
    digest = hashlib.sha256()
    with connection.cursor() as cursor:
        for model, fields in (
            (Crew, "id, name, time_zone"),
            (GameNight, "id, name"),
            (Game, "id, version, target, house_note, house_rules, status, ended, first_dealer_id"),
            (Membership, "id"),
            (get_user_model(), "id, username"),
            (SeatResult, "id"),
        ):
            cursor.execute(f"SELECT {fields} FROM {model._meta.db_table} ORDER BY id")
            digest.update(repr(cursor.fetchall()).encode())
        cursor.execute("SELECT id, name, archived FROM decks_deck ORDER BY id")
        digest.update(repr(cursor.fetchall()).encode())
        for table in (
            "games_player",
            "games_round",
            "games_hand",
            "games_challenge",
            "decks_deckversion",
        ):
            cursor.execute(f"SELECT COUNT(*), MAX(id) FROM {table}")
            digest.update(repr(cursor.fetchall()).encode())
        cursor.execute("SELECT id, name FROM games_player ORDER BY id")
        digest.update(repr(cursor.fetchall()).encode())
    return digest.hexdigest()


@dataclass
class Site:
    """What the targets post to: a member's client, their crew, a game with a round, a night."""

    client: Client
    guest: Client
    crew: Crew
    game: Game
    night: GameNight
    deck: Any = None


@dataclass
class Target:
    name: str
    strategy: st.SearchStrategy[Any]
    post: Callable[[Site, Any], int]  # returns the status code


def _round_post(site: Site, values: tuple[Any, ...], url: str, number: str) -> int:
    winner, hands, extra, version = values
    data = {"winner": winner, "number": extra or number, "went_out_on": "other"}
    if version is not None:
        data["version"] = version
    for index, (cards, total) in enumerate(hands):
        data[f"cards_{index}"] = cards
        data[f"total_{index}"] = total
    return site.client.post(url, data).status_code


round_values = st.tuples(
    text,
    st.lists(st.tuples(text, text), min_size=3, max_size=3),
    st.one_of(st.none(), text),
    st.one_of(st.none(), text),
)


def post_round_create(site: Site, values: tuple[Any, ...]) -> int:
    number = str(site.game.rounds.count() + 1)
    return _round_post(site, values, f"/games/{site.game.pk}/rounds/", number)


def post_round_edit(site: Site, values: tuple[Any, ...]) -> int:
    return _round_post(site, values, f"/games/{site.game.pk}/rounds/1/", "1")


def post_new_game(site: Site, values: tuple[Any, ...]) -> int:
    seats, action, new_player, target_choice, target_custom, edition = values
    data = {
        "seat": seats,
        "action": action,
        "new_player": new_player,
        "edition": edition,
        "scoring": "standard",
        "target_choice": target_choice,
        "target_custom": target_custom,
    }
    return site.client.post("/games/new/", data).status_code


def post_game_stop(site: Site, values: tuple[Any, ...]) -> int:
    ending, version = values
    data = {"ending": ending} if version is None else {"ending": ending, "version": version}
    status = site.client.post(f"/games/{site.game.pk}/stop/", data).status_code
    if status == 302:  # stopped: back in play for the next example
        site.client.post(f"/games/{site.game.pk}/resume/")
    return status


def post_house_rules(site: Site, values: tuple[Any, ...]) -> int:
    penalty, note, switch = values
    data = {"uno_penalty": penalty, "house_note": note, "stack_draw": switch}
    return site.client.post(f"/games/{site.game.pk}/house-rules/", data).status_code


def post_challenge(site: Site, values: tuple[Any, ...]) -> int:
    colour, hand, held, challenger, challenged = values
    data = {
        "colour": colour,
        "hand": hand,
        "held": held,
        "challenger": challenger,
        "challenged": challenged,
    }
    return site.client.post(f"/games/{site.game.pk}/challenge/", data).status_code


def post_signup(site: Site, values: tuple[Any, ...]) -> int:
    username, password, crew_name = values
    data = {
        "username": username,
        "password1": password,
        "password2": password,
        "crew_name": crew_name,
    }
    status = site.guest.post("/signup/", data).status_code
    site.guest.logout()
    return status


def post_crew_new(site: Site, name: str) -> int:
    return site.client.post("/crews/new/", {"name": name}).status_code


def post_night_rename(site: Site, name: str) -> int:
    return site.client.post(f"/nights/{site.night.pk}/", {"name": name}).status_code


def post_deck_new(site: Site, values: tuple[Any, ...]) -> int:
    name, base, two_sided, side_1, side_2 = values
    data = {"name": name, "base": base, "side_1": side_1, "side_2": side_2}
    if two_sided:
        data["two_sided"] = "on"
    return site.client.post("/decks/", data).status_code


def post_deck_card(site: Site, values: tuple[Any, ...]) -> int:
    keys = ("side", "name", "name_es", "token", "kind", "count", "points", "rule")
    data = {key: value for key, value in zip(keys, values, strict=True) if value is not None}
    return site.client.post(f"/decks/{site.deck.pk}/cards/", data).status_code


def post_deck_leave_out(site: Site, values: tuple[Any, ...]) -> int:
    side, removed = values
    return site.client.post(
        f"/decks/{site.deck.pk}/leave-out/", {"side": side, "remove": removed}
    ).status_code


def post_import(site: Site, raw: bytes) -> int:
    upload = SimpleUploadedFile("games.json", raw, content_type="application/json")
    return site.client.post("/games/import/", {"file": upload}).status_code


TARGETS = [
    Target("round create", round_values, post_round_create),
    Target("round edit", round_values, post_round_edit),
    Target(
        "new game",
        st.tuples(
            st.lists(text, max_size=12),
            st.one_of(st.sampled_from(["start", "new", "up:1", "remove:0", "add:Ann"]), text),
            text,
            st.one_of(st.sampled_from(["250", "500", "custom"]), text),
            text,
            st.one_of(st.just("classic"), text),
        ),
        post_new_game,
    ),
    Target(
        "game stop",
        st.tuples(
            st.one_of(st.sampled_from(["leader", "no_result", "abandoned"]), text),
            st.one_of(st.none(), st.sampled_from(["0", "1", "2"]), text),
        ),
        post_game_stop,
    ),
    Target("house rules", st.tuples(text, text, text), post_house_rules),
    Target("challenge log", st.tuples(text, text, text, text, text), post_challenge),
    Target("sign-up", st.tuples(text, text, text), post_signup),
    Target("crew new", text, post_crew_new),
    Target("night rename", text, post_night_rename),
    Target("import page", hostile_file, post_import),
    Target(
        "deck new",
        st.tuples(
            text,
            st.one_of(st.sampled_from(["classic", "kitty"]), text),
            st.booleans(),
            text,
            text,
        ),
        post_deck_new,
    ),
    Target(
        "deck card",
        st.tuples(
            st.one_of(st.sampled_from(["1", "2"]), text),
            text,
            st.one_of(st.none(), text),
            st.one_of(st.sampled_from(["BL", "RS", "W4", "X", "Q+"]), text),
            st.one_of(st.sampled_from(["wild", "action", "number"]), text),
            st.one_of(st.sampled_from(["1", "4", "100", "101", "0"]), text),
            st.one_of(st.sampled_from(["0", "40", "500", "501", "-1"]), text),
            st.one_of(st.none(), text),
        ),
        post_deck_card,
    ),
    Target(
        "deck leave out",
        st.tuples(
            st.one_of(st.sampled_from(["1", "2"]), text),
            st.lists(st.one_of(st.sampled_from(["W+4", "+2", "7", "X"]), text), max_size=14),
        ),
        post_deck_leave_out,
    ),
]


def make_site() -> Site:
    """A crew with a member, a game of three with one round, and a night."""
    from tests.factories import GameFactory, UserFactory, play_round

    user = UserFactory()
    crew = Crew.objects.create(name="Fuzz crew")
    Membership.objects.create(crew=crew, user=user)
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat"])
    play_round(game, "Ann")
    client = Client()
    client.force_login(user)
    deck = deck_create(crew=crew, name="Fuzz box", base="classic")
    return Site(client=client, guest=Client(), crew=crew, game=game, night=game.night, deck=deck)


def check(site: Site, target: Target, value: Any) -> int:
    """Post one value; refuse a 5xx and a 4xx that changed something. Returns the status."""
    before = fingerprint()
    status = target.post(site, value)
    assert status < 500, (target.name, value, status)
    if 400 <= status < 500:
        assert fingerprint() == before, (target.name, value, status)
    return status
