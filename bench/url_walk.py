"""Every URL pattern of the URL conf that takes a POST or an id/token, walked with hostile values.

Used by bench/fuzz.py (after its form posts). The patterns come from
``django.urls.get_resolver().url_patterns`` (recursively, Django's admin aside), so a pattern
added to any app's ``urls.py`` is walked without a change here. For each one, as anonymous, as
an outsider (a member of another crew, with a game of its own) and as a member:

* every path converter gets each of :data:`PATH_VALUES` (NUL, over-long, non-ASCII digits,
  ids past 64 bits, -1, 0, empty), by every method the view takes (GET and/or POST);
* every field of the view's form gets each of :data:`FIELD_VALUES`, all at once and one at a
  time with the others at the form's own values, and some fields missing, plus an empty post
  and seeded mixtures. A view's fields are the ones its pages' ``<form>`` elements send to it
  (the member's GET of every page, matched by ``action``), the ones its source reads from
  ``request.POST`` / ``request.GET``, and the fields of the Django forms it names; when none
  is found, :data:`GENERIC_FIELDS`. A GET page gets the same values in its query string.

Everything drawn comes from one ``random.Random(seed)``. The figures: requests, the 5xx count,
and per pattern name its 5xx with the first error seen.
"""

from __future__ import annotations

import collections
import inspect
import random
import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

NUL = "\x00"
# What goes into a path converter (URL-quoted; "%00" also as typed, already quoted).
PATH_VALUES = [NUL, "a\x00b", "x" * 5000, "٣", "²", str(2**63), str(2**64), "-1", "0", "", "9" * 30]
# What goes into a form field or a query parameter.
FIELD_VALUES = [
    NUL,
    "1\x00",
    "x" * 5000,
    "9" * 5000,
    "٣",
    "²",
    str(2**63),
    "-1",
    "0",
    "",
    "x",
    "<script>alert(1)</script>",
]
GENERIC_FIELDS = [
    "name",
    "version",
    "next",
    "token",
    "id",
    "number",
    "after",
    "date",
    "invite",
    "username",
    "password",
    "q",
    "side",
    "into",
    "user",
    "player",
    "time_zone",
    "language",
    "ending",
]
# Query parameters a GET page might read (besides its GET forms' fields).
GENERIC_QUERY = ["next", "invite", "q", "page", "sort", "order", "player", "a", "b", "season"]
# Walked last for the member: these may end the things the other patterns are filled with.
DESTRUCTIVE = ("delete", "remove", "retire", "merge", "revoke", "logout", "unshare", "switch")


@dataclass
class Pattern:
    name: str
    route: str  # the full route, e.g. "games/<id:game_id>/stop/"
    callback: Any
    methods: set[str]
    args: list[str]


@dataclass
class Figures:
    requests: int = 0
    statuses: collections.Counter = field(default_factory=collections.Counter)
    errors: dict[str, collections.Counter] = field(
        default_factory=lambda: collections.defaultdict(collections.Counter)
    )

    @property
    def server_errors(self) -> int:
        return self.statuses["5xx"]


def patterns() -> list[Pattern]:
    from django.urls import URLPattern, URLResolver, get_resolver

    found: list[Pattern] = []

    def walk(entries, prefix: str, namespace: str) -> None:
        for entry in entries:
            if isinstance(entry, URLResolver):
                if entry.namespace == "admin":
                    continue  # Django's own admin: staff only, tested by Django
                inner = ":".join(part for part in (namespace, entry.namespace) if part)
                walk(entry.url_patterns, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                name = f"{namespace}:{entry.name}" if namespace else str(entry.name)
                route = prefix + str(entry.pattern)
                args = re.findall(r"<(?:\w+:)?(\w+)>", route)
                found.append(Pattern(name, route, entry.callback, methods(entry.callback), args))

    walk(get_resolver().url_patterns, "", "")
    return found


def methods(view) -> set[str]:
    """The methods a view says it takes (``require_http_methods`` and kin, or a class's
    handlers); a view that says nothing takes GET and POST."""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        return {m.upper() for m in view_class.http_method_names if hasattr(view_class, m)}
    layer = view
    while layer is not None:
        code = getattr(layer, "__code__", None)
        if code is not None and "request_method_list" in code.co_freevars:
            cell = layer.__closure__[code.co_freevars.index("request_method_list")]
            return {m.upper() for m in cell.cell_contents}
        layer = getattr(layer, "__wrapped__", None)
    return {"GET", "POST"}


def walked(pattern: Pattern) -> bool:
    """Takes a POST or an id/token in its path (the brief of the walk)."""
    return "POST" in pattern.methods or bool(set(pattern.args) - {"slug"})


def source_fields(view) -> set[str]:
    """Field names the view's own source reads from the request, and its forms' fields."""
    from django import forms

    layer, names = view, set()
    while layer is not None:
        view_class = getattr(layer, "view_class", None)
        target = view_class or layer
        try:
            source = inspect.getsource(target)
        except (OSError, TypeError):
            source = ""
        names |= set(
            re.findall(r"(?:POST|GET|data)(?:\.get|\.getlist)?[\[(]\s*[\"'](\w+)[\"']", source)
        )
        # A helper handed the request and a field's name: posted_int(request, "after").
        names |= set(re.findall(r"\w+\(request,\s*[\"'](\w+)[\"']", source))
        for word, value in getattr(target, "__globals__", {}).items():
            if (
                isinstance(value, type)
                and issubclass(value, forms.BaseForm)
                and re.search(rf"\b{word}\b", source)
            ):
                names |= set(getattr(value, "base_fields", {}))
        layer = getattr(layer, "__wrapped__", None)
    return names


class _Forms(HTMLParser):
    """The forms of a page: (action, method, {field: first value})."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, str, dict[str, str]]] = []
        self._form: tuple[str, str, dict[str, str]] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._form = (a.get("action") or "", (a.get("method") or "get").lower(), {})
            self.forms.append(self._form)
            return
        fields = self._form[2] if self._form else None
        # A field outside its form (form="...") still belongs to some form: take it loosely.
        if fields is None and "form" in a and self.forms:
            fields = self.forms[-1][2]
        if fields is None:
            return
        name = a.get("name")
        if tag in ("input", "button", "textarea") and name:
            if a.get("type") in ("checkbox", "radio") and name in fields:
                return
            fields.setdefault(name, a.get("value") or "")
        elif tag == "select" and name:
            self._select = name
            fields.setdefault(name, "")
        elif tag == "option" and self._select and not fields.get(self._select):
            fields[self._select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


@dataclass
class World:
    member: Any
    outsider: Any
    crew: Any
    values: dict[str, Any]


def make_world(site) -> World:
    """The fuzz site's crew with one of everything a URL names, and an outsider's crew."""
    from scorekeeper.crews.models import Invite
    from scorekeeper.gamefiles.trash import game_delete
    from scorekeeper.games.models import Challenge, Round
    from scorekeeper.games.nights import night_share_recap
    from scorekeeper.history.models import Season
    from scorekeeper.roster.models import Player
    from scorekeeper.rules import ENTRIES
    from tests.factories import GameFactory, MembershipFactory, RoundFactory

    game = site.game
    member = site.crew.memberships.first().user
    RoundFactory(game=game, winner="Ben", hands={"Ann": 12, "Cat": "R7 W"})
    challenge = Challenge.objects.filter(game=game).first()
    if challenge is None:
        from tests.factories import ChallengeFactory

        challenge = ChallengeFactory(game=game, challenger="Cat", challenged="Ben")
    invite = Invite.objects.create(crew=site.crew, created_by=member)
    # A game deleted a moment ago, kept (with its file) for its Undo.
    deleted = game_delete(game=GameFactory(crew=site.crew, players=["Ann", "Ben"]), by=member)
    night_share_recap(night=game.night)
    game.night.refresh_from_db()
    season = Season.objects.create(
        crew=site.crew, name="Winter league", starts_on="2026-11-01", ends_on="2027-02-28"
    )
    outsider = MembershipFactory(crew__name="Sunday club")
    GameFactory(crew=outsider.crew)
    last = Round.objects.filter(game=game).order_by("-number").first()
    values = {
        "game_id": game.pk,
        "number": last.number if last else 1,
        "night_id": game.night_id,
        "player_id": Player.objects.filter(crew=site.crew).order_by("pk").first().pk,
        "challenge_id": challenge.pk,
        "deleted_id": deleted.pk,
        "crew_id": site.crew.pk,
        "user_id": member.pk,
        "slug": ENTRIES[0].slug,
        "season_id": season.pk,
        "deck_id": site.deck.pk,
        "token": invite.token,
        "share_token": game.share_token,
        "recap_token": game.night.recap_token,
    }
    return World(member=member, outsider=outsider.user, crew=site.crew, values=values)


def _url(pattern: Pattern, world: World, hostile: tuple[str, str] | None = None) -> str:
    def fill(match: re.Match) -> str:
        arg = match.group(1)
        if hostile and hostile[0] == arg:
            return quote(hostile[1], safe="")
        if arg == "token" and pattern.name.startswith("live:"):
            return str(world.values["share_token"])
        if arg == "token" and pattern.name == "nights:night_recap_shared":
            return str(world.values["recap_token"])
        return quote(str(world.values.get(arg, 1)), safe="")

    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", fill, pattern.route)


def discover_fields(client, pattern_list: list[Pattern], world: World) -> dict[str, dict[str, str]]:
    """Per pattern name, the fields (with the page's own values) its forms send it."""
    from django.urls import Resolver404, resolve

    fields: dict[str, dict[str, str]] = collections.defaultdict(dict)
    for pattern in pattern_list:
        if "GET" not in pattern.methods:
            continue
        url = _url(pattern, world)
        try:
            response = client.get(url)
        except Exception:
            continue
        if "html" not in response.get("Content-Type", ""):
            continue
        parser = _Forms()
        parser.feed(response.content.decode("utf-8", "replace"))
        for action, method, found in parser.forms:
            path = urlsplit(action).path or url
            try:
                target = resolve(path)
            except Resolver404:
                continue
            name = target.view_name
            for key, value in found.items():
                fields[name].setdefault(key, value)
                if method == "get":
                    fields[f"GET {name}"].setdefault(key, value)
    return fields


def walk(site, seed: int) -> Figures:
    from django.test import Client

    from scorekeeper.games.access import SESSION_KEY

    rng = random.Random(seed)
    world = make_world(site)
    every = patterns()
    chosen = [p for p in every if walked(p)]
    chosen.sort(key=lambda p: any(word in p.name for word in DESTRUCTIVE))
    member_client = Client()
    member_client.force_login(world.member)
    found = discover_fields(member_client, every, world)
    figures = Figures()

    def client_for(role: str) -> Client:
        client = Client()
        if role == "outsider":
            client.force_login(world.outsider)
        elif role == "member":
            client.force_login(world.member)
            session = client.session
            session[SESSION_KEY] = world.crew.pk
            session.save()
        return client

    def send(client: Client, pattern: Pattern, method: str, url: str, data: dict) -> None:
        figures.requests += 1
        try:
            if method == "GET":
                query = urlencode(data)
                response = client.get(url + ("?" + query if query else ""))
            else:
                response = client.post(url, data)
            status = response.status_code
            error = f"{status}"
        except Exception as exc:  # the test client re-raises a view's exception
            status = 500
            error = f"{type(exc).__name__}: {str(exc)[:90]}"
        figures.statuses[f"{status // 100}xx"] += 1
        if status >= 500:
            shown = {k: (v[:12] + "…" if len(v) > 12 else v) for k, v in data.items()}
            where = url if len(url) < 60 else url[:57] + "…"
            figures.errors[pattern.name][f"{method} {where!r} {shown!r} → {error}"] += 1

    started = time.perf_counter()
    for role in ("anonymous", "outsider", "member"):
        for pattern in chosen:
            client = client_for(role)
            verbs = [m for m in ("GET", "POST") if m in pattern.methods]
            # Path converters.
            for arg in pattern.args:
                for value in PATH_VALUES:
                    for method in verbs:
                        send(client, pattern, method, _url(pattern, world, (arg, value)), {})
                for method in verbs:  # "%00" typed into the address as it is
                    url = _url(pattern, world, (arg, "X")).replace("/X/", "/%00/", 1)
                    send(client, pattern, method, url, {})
            url = _url(pattern, world)
            for method in verbs:
                if method == "POST":
                    defaults = dict(found.get(pattern.name, {}))
                    names = sorted(set(defaults) | source_fields(pattern.callback))
                    names = [n for n in names if n != "csrfmiddlewaretoken"] or GENERIC_FIELDS
                else:
                    defaults = dict(found.get(f"GET {pattern.name}", {}))
                    names = sorted(set(defaults) | set(GENERIC_QUERY))
                base = {n: defaults.get(n, "1") for n in names}
                send(client, pattern, method, url, {})  # every field missing
                for value in FIELD_VALUES:  # every field at once
                    send(client, pattern, method, url, {n: value for n in names})
                for name in names:  # one field at a time, the others at the form's values
                    send(client, pattern, method, url, {**base, name: rng.choice(FIELD_VALUES)})
                    rest = {k: v for k, v in base.items() if k != name}
                    if rest and rng.random() < 0.5:
                        send(client, pattern, method, url, rest)  # this field missing
                for _ in range(3):  # seeded mixtures
                    data = {
                        n: rng.choice(FIELD_VALUES) if rng.random() < 0.5 else base[n]
                        for n in names
                        if rng.random() < 0.85
                    }
                    send(client, pattern, method, url, data)
    figures.elapsed = time.perf_counter() - started  # type: ignore[attr-defined]
    figures.patterns = len(chosen)  # type: ignore[attr-defined]
    return figures
