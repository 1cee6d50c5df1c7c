"""Game files: a stored game to and from ``scorekeeper-game/1`` JSON (import and export)."""

from __future__ import annotations

import datetime as dt
import json
import math
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import ngettext

from scorekeeper.crews.models import Crew
from scorekeeper.decks.models import Deck, DeckVersion, played_edition, version_of
from scorekeeper.domain import (
    WENT_OUT_ON,
    RuleError,
    ScoredGame,
    parse_colour,
    score_game,
)
from scorekeeper.domain.decks import digest_of
from scorekeeper.domain.scoring import (
    FORMAT,
    clean_name,
    is_recorded,
    scored_with_hands,
    seat_name,
)
from scorekeeper.domain.words import gettext_noop, words_of
from scorekeeper.games.audit import AuditEntry, trail_for, trails_for
from scorekeeper.games.entries import hand_rows, stored_entry
from scorekeeper.games.models import Challenge, Game, Hand, Round, Seat, Source
from scorekeeper.games.nights import crew_evening
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.games.signals import games_imported
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player, next_colours
from scorekeeper.rules import parse_house_rules

DEFAULT_CREW_NAME = "Home crew"
# The largest game file the import page and ``import_game`` read: 5,000 games is about 5 MB.
MAX_FILE_BYTES = 10 * 1024 * 1024
# How deep a game file's objects and lists may nest: ours go 5 deep (a game's audit entry's
# before/after values); the limit keeps hostile nesting away from recursive code.
MAX_JSON_DEPTH = 20
NOTE_MAX_LENGTH = 500
HAND_MAX_LENGTH = 400
# Every stored date and time must convert to any time zone and back: years 1 to 9999 in UTC,
# with a day to spare at each end.
EARLIEST = dt.datetime(1, 1, 2, tzinfo=dt.UTC)
LATEST = dt.datetime(9999, 12, 30, tzinfo=dt.UTC)


def read_game_file(
    raw: bytes | str, name: str = "The file", *, max_bytes: int | None = MAX_FILE_BYTES
) -> Any:
    """A game file's text as JSON, refused with a message (``RuleError``) when it is not
    UTF-8, not JSON, larger than ``max_bytes`` (the import page's limit unless told) or
    nested too deep."""
    if max_bytes is not None and len(raw) > max_bytes:
        raise RuleError(
            gettext_noop(
                "%(name)s is larger than %(megabytes)s MB.",
                name=name,
                megabytes=max_bytes // (1024 * 1024),
            )
        )
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RuleError(gettext_noop("%(name)s is not UTF-8 text.", name=name)) from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise RuleError(
            gettext_noop(
                "not valid JSON (line %(line)s, column %(column)s: %(problem)s).",
                line=error.lineno,
                column=error.colno,
                problem=error.msg,
            )
        ) from None
    except RecursionError:
        raise RuleError(_too_deep()) from None
    except ValueError as error:  # e.g. a number of more than 4,300 digits
        raise RuleError(gettext_noop("not valid JSON (%(problem)s).", problem=str(error))) from None
    # Each game's content is checked (depth, NUL, NaN) as it is imported: see _plan.
    return data


def check_plain_json(data: Any, depth: int = MAX_JSON_DEPTH) -> None:
    """Refuse values a game file cannot hold: nesting deeper than ``depth``, NUL characters
    (no text column keeps them), non-JSON types. Iterative, so deep nesting is safe."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        kind = type(value)
        if kind is str:
            if "\x00" in value:
                raise RuleError(
                    gettext_noop("the file holds a NUL character (\\u0000), which no text keeps.")
                )
        elif kind is dict or kind is list or isinstance(value, Mapping | list):
            if level > depth:
                raise RuleError(_too_deep())
            if isinstance(value, Mapping):
                for key in value:
                    if type(key) is not str or "\x00" in key:
                        raise RuleError(
                            gettext_noop("the file holds a name that is not NUL-free text.")
                        )
                value = value.values()
            # Numbers and null need no visit; a float is checked here, the rest on the stack.
            for item in value:
                kind = type(item)
                if kind in _SCALARS:
                    continue
                if kind is float:
                    if not math.isfinite(item):
                        raise RuleError(_not_finite())
                    continue
                stack.append((item, level + 1))
        elif kind is float:
            if not math.isfinite(value):
                raise RuleError(_not_finite())
        elif value is not None and not isinstance(value, bool | int | float):
            raise RuleError(
                gettext_noop("%(kind)s is not a JSON value.", kind=type(value).__name__)
            )


_SCALARS = {int, bool, type(None)}


def _too_deep() -> str:
    return gettext_noop("the JSON nests deeper than %(levels)s levels.", levels=MAX_JSON_DEPTH)


def _not_finite() -> str:
    return gettext_noop("the file holds NaN or Infinity, which JSON does not allow.")


def export_game(game: Game, trail: list[AuditEntry] | None = None) -> dict[str, Any]:
    """The scored game, exactly as ``export_game`` prints it, with its audit trail.

    ``trail`` is the game's own history when the caller loaded it in a batch (see
    :func:`export_games`); otherwise it is read here.
    """
    data = score_game(game_to_dict(game))
    # The stable id first after the format: an import recognises a game it already has.
    data = {"format": data.pop("format"), "id": str(game.uid), **data}
    own = trail if trail is not None else trail_for(game)
    audit = [*game.imported_audit, *(entry.to_json() for entry in own)]
    if audit:
        data["audit"] = audit
    return data


def export_games(games: Iterable[Game]) -> list[dict[str, Any]]:
    """Several games (from ``Game.objects.with_rounds()``), their trails read in one batch."""
    games = list(games)
    trails = trails_for(games)
    return [export_game(game, trails[game.pk]) for game in games]


def default_crew(name: str | None = None) -> Crew:
    """The crew named (created if needed); without a name, the only crew or a new "Home crew"."""
    if name:
        crew = Crew.objects.filter(name__iexact=name.strip()).first()
        return crew or Crew.objects.create(name=name.strip())
    crews = list(Crew.objects.all()[:2])
    if len(crews) == 1:
        return crews[0]
    if len(crews) > 1:
        raise RuleError("There are several crews: say which one with --crew NAME.")
    return Crew.objects.create(name=DEFAULT_CREW_NAME)


def _when(value: Any, label: str) -> dt.datetime | None:
    if value is None or value == "":
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed but impossible, e.g. February 30th
        parsed = None
    if parsed is None:
        raise RuleError(
            gettext_noop(
                "%(label)s %(value)s is not an ISO date and time.", label=label, value=_shown(value)
            )
        )
    if timezone.is_naive(parsed):
        parsed = parsed.replace(tzinfo=dt.UTC)
    try:
        in_utc = parsed.astimezone(dt.UTC)
    except OverflowError:  # "0001-01-01T00:00:00+14:00" is in the year 0 in UTC
        in_utc = None
    if in_utc is None or not EARLIEST <= in_utc <= LATEST:
        raise RuleError(
            gettext_noop(
                "%(label)s %(value)s must fall between the years 1 and 9999 in UTC.",
                label=label,
                value=_shown(value),
            )
        )
    return in_utc


def _shown(value: Any, limit: int = 50) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class _Planned:
    """One game of a file, validated and ready to store (nothing written yet)."""

    scored: dict[str, Any]
    uid: uuid.UUID | None
    started_at: dt.datetime | None
    finished_at: dt.datetime | None
    night_date: dt.date | None
    night_name: str
    agreed: dict[str, Any]
    note: str
    first_dealer: str | None
    audit: list[dict[str, Any]]
    challenges: list[dict[str, Any]]
    # When each round was saved ("at", optional); a round without one is stamped at the import.
    round_times: list[dt.datetime | None] = field(default_factory=list)
    # Each round's points left in each hand, beside ``scored`` (see ``scored_with_hands``).
    held: list[dict[str, int]] = field(default_factory=list)
    # "" for a game played here, "bgstats" for a play from BG Stats (``Game.source``).
    source: str = ""


@dataclass
class ImportReport:
    """What an import did: ``games`` in the file's order, and which of them were already
    present in the crew (the same ``id``) and so were skipped."""

    games: list[Game] = field(default_factory=list)
    present: list[Game] = field(default_factory=list)

    @property
    def stored(self) -> list[Game]:
        skipped = {id(game) for game in self.present}
        return [game for game in self.games if id(game) not in skipped]

    def summary(self) -> str:
        """One sentence for the import page and the command line."""
        stored, present = len(self.stored), len(self.present)
        text = ngettext("Imported %(count)s game.", "Imported %(count)s games.", stored) % {
            "count": stored
        }
        if present:
            text += " " + ngettext(
                "%(count)s game was already here: skipped.",
                "%(count)s games were already here: skipped.",
                present,
            ) % {"count": present}
        return text


def _uid(value: Any) -> uuid.UUID | None:
    if value is None:
        return None
    try:
        if isinstance(value, str):
            return uuid.UUID(value)
    except ValueError:
        pass
    raise RuleError(
        gettext_noop(
            "The game's id %(value)s is not an id written by an export.", value=_shown(value)
        )
    )


def _night_fields(value: Any) -> tuple[dt.date | None, str]:
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise RuleError(gettext_noop("'night' must be an object with a 'date' and a 'name'."))
    raw_date = value.get("date")
    try:
        date = parse_date(raw_date) if isinstance(raw_date, str) else None
    except ValueError:  # well formed but impossible, e.g. 2026-02-30
        date = None
    if raw_date is not None and date is None:
        raise RuleError(
            gettext_noop(
                "Night date %(value)s is not a date like 2026-11-21.", value=_shown(raw_date)
            )
        )
    name = value.get("name") or ""
    if name:
        name = clean_name(name, max_length=80, what=gettext_noop("The night's name"))
    return date, name


def _text(value: Any, label: str, limit: int) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > limit:
        raise RuleError(
            gettext_noop(
                "%(label)s must be text of at most %(most)s characters.", label=label, most=limit
            )
        )
    return value


def _plan(data: Any) -> _Planned:
    """Validate one game of a file without touching the database."""
    if not isinstance(data, Mapping):
        raise RuleError(gettext_noop("A game must be a JSON object."))
    check_plain_json(data)
    if "format" not in data:
        raise RuleError(
            gettext_noop("The game has no 'format': expected %(format)s.", format=repr(FORMAT))
        )
    scored, held = scored_with_hands(data)  # refuses bad games before anything is written
    players = scored["players"]
    round_times = []
    for number, item in enumerate(scored["rounds"], start=1):
        saved = data["rounds"][number - 1]
        round_times.append(_when(saved.get("at"), f"Round {number}'s 'at'"))
        went_out_on = item.get("went_out_on", "")
        if went_out_on and (not isinstance(went_out_on, str) or went_out_on not in WENT_OUT_ON):
            raise RuleError(
                gettext_noop(
                    "Round %(number)s: 'went_out_on' %(value)s must be one of %(choices)s.",
                    number=number,
                    value=_shown(went_out_on),
                    choices=", ".join(map(repr, WENT_OUT_ON)),
                )
            )
    house = scored.get("house_rules") or {}
    if not isinstance(house, Mapping):
        raise RuleError(gettext_noop("'house_rules' must be an object with 'agreed' and 'note'."))
    try:
        agreed = parse_house_rules(house.get("agreed") or {})
    except ValueError as error:
        raise RuleError(gettext_noop("House rules: %(error)s", error=words_of(error))) from None
    first_dealer = seat_name(scored.get("first_dealer"))
    if first_dealer is not None and first_dealer not in players:
        raise RuleError(
            gettext_noop(
                "The first dealer %(value)s is not a player of this game.",
                value=_shown(first_dealer),
            )
        )
    challenges = scored.get("challenges")
    if challenges is not None and not isinstance(challenges, list):
        raise RuleError(gettext_noop("'challenges' must be a list of challenges."))
    night_date, night_name = _night_fields(scored.get("night"))
    return _Planned(
        scored=scored,
        uid=_uid(scored.get("id")),
        started_at=_when(scored.get("started_at"), "started_at"),
        finished_at=_when(scored.get("finished_at"), "finished_at"),
        night_date=night_date,
        night_name=night_name,
        agreed=agreed,
        note=_text(house.get("note"), gettext_noop("The house note"), NOTE_MAX_LENGTH),
        first_dealer=first_dealer,
        audit=_imported_audit(scored.get("audit")),
        challenges=[_challenge_fields(item, players) for item in challenges or []],
        round_times=round_times,
        held=held,
        source=_source(scored.get("source")),
    )


def _source(value: Any) -> str:
    """Where a file's game was recorded: "" (here) or one of ``Source``."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or value not in Source.values:
        raise RuleError(
            gettext_noop(
                "'source' %(value)s is not a place a game comes from: use %(choices)s, or "
                "leave it out.",
                value=_shown(value),
                choices=", ".join(map(repr, Source.values)),
            )
        )
    return value


def players_by_name(crew: Crew, names: list[str]) -> dict[str, Player]:
    """The crew's players with these names (matching ignores case), creating the missing
    ones together: two queries however many names."""
    existing = {p.name.casefold(): p for p in Player.objects.filter(crew=crew)}
    missing: dict[str, Player] = {}
    for name in names:
        key = name.casefold()
        if key not in existing and key not in missing:
            missing[key] = Player(crew=crew, name=name)
    if missing:
        colours = next_colours(crew.pk, len(missing), players=existing.values())
        for player, colour in zip(missing.values(), colours, strict=True):
            player.colour = colour
        Player.objects.bulk_create(missing.values())
        existing.update(missing)
    return {name: existing[name.casefold()] for name in names}


def _nights_by_date(crew: Crew, wanted: Mapping[dt.date, str]) -> dict[dt.date, GameNight]:
    """The crew's first night (session) of each date, created (with its name) if missing."""
    nights: dict[dt.date, GameNight] = {}
    for night in GameNight.objects.filter(crew=crew).order_by("-session"):
        nights[night.date] = night
    new = [GameNight(crew=crew, date=d, name=n) for d, n in wanted.items() if d not in nights]
    for night in GameNight.objects.bulk_create(new):
        nights[night.date] = night
    for date, name in wanted.items():
        night = nights[date]
        if name and not night.name:
            night.name = name
            night.save(update_fields=["name"])
    return {date: nights[date] for date in wanted}


def _known_uids(crew: Crew, uids: list[uuid.UUID]) -> tuple[dict[uuid.UUID, Game], set[uuid.UUID]]:
    """Which of the file's ids are already here: the crew's game of each id it holds (its
    own, or a copy it imported, by the copy's ``origin``), and the ids another crew holds."""
    own: dict[uuid.UUID, Game] = {}
    elsewhere: set[uuid.UUID] = set()
    for start in range(0, len(uids), 500):
        chunk = uids[start : start + 500]
        for game in Game.objects.filter(uid__in=chunk):
            if game.crew_id == crew.pk:
                own[game.uid] = game
            else:
                elsewhere.add(game.uid)
        for game in Game.objects.filter(crew=crew, origin__in=chunk):
            own.setdefault(game.origin, game)
    return own, elsewhere


@transaction.atomic
def import_file(*, crew: Crew, data: Any) -> ImportReport:
    """Store a game file's games for the crew: all of them, or (on any refusal) none.

    ``data`` is the file as parsed JSON: one game (an object) or a list of games (an export
    of all). A game whose ``id`` the crew already has is recognised and skipped (its own, or
    the copy it imported before); an ``id`` another crew holds makes a copy with an id of its
    own that keeps the file's as its ``origin``, so a second import of the file is skipped.
    Every game is checked before anything is written, and the writes are a fixed number of
    bulk inserts, so time grows with the size of the file. A refusal in a list names the
    game: "game 2 of 5: …".
    """
    items = data if isinstance(data, list) else [data]
    if not items:
        raise RuleError(gettext_noop("the file holds an empty list of games."))
    plans = []
    for number, item in enumerate(items, start=1):
        try:
            plans.append(_plan(item))
        except RuleError as error:
            if not isinstance(data, list):
                raise
            raise RuleError(
                gettext_noop(
                    "game %(number)s of %(count)s: %(error)s",
                    number=number,
                    count=len(items),
                    error=words_of(error),
                )
            ) from None
    return _store(crew, plans)


def with_names(data: Mapping[str, Any], renames: Mapping[str, str]) -> dict[str, Any]:
    """A game file whose players named in ``renames`` carry their new names (in the seats,
    the rounds, the challenges and the first dealer; the trail keeps its words as written)."""

    def name(value: Any) -> Any:
        return renames.get(value, value) if isinstance(value, str) else value

    renamed = dict(data)
    renamed["players"] = [name(player) for player in data.get("players", [])]
    renamed["rounds"] = [
        {
            **item,
            "winner": name(item.get("winner")),
            "hands": {name(who): hand for who, hand in item.get("hands", {}).items()},
        }
        for item in data.get("rounds", [])
    ]
    if "challenges" in data:
        renamed["challenges"] = [
            {**item, **{k: name(item.get(k)) for k in ("challenger", "challenged", "drawer")}}
            for item in data["challenges"]
        ]
    if "first_dealer" in data:
        renamed["first_dealer"] = name(data["first_dealer"])
    return renamed


def import_game(*, crew: Crew, data: Mapping[str, Any]) -> Game:
    """Validate a ``scorekeeper-game/1`` game and store it (or find it, when the crew already
    has a game with its ``id``); nothing is stored if it is refused."""
    if not isinstance(data, Mapping):
        raise RuleError(gettext_noop("A game must be a JSON object."))
    return import_file(crew=crew, data=data).games[0]


# The games a file adds: each plan with its unsaved row.
_NewGames = list[tuple[_Planned, Game]]


def _store(crew: Crew, plans: list[_Planned]) -> ImportReport:
    """Write the planned games in a fixed number of bulk inserts, in steps: which games are
    new, their players and nights, the game rows, then their seats, rounds and challenges,
    then the rounds' hands. A game the crew already has (same ``id``) is reported, not stored.
    """
    now = timezone.now()
    # Two imports into one crew take turns (the second sees what the first stored, so the
    # same file sent twice at once is stored once); SQLite's writers take turns anyway.
    locked = Crew.objects.select_for_update().filter(pk=crew.pk)
    pending = locked.values_list("results_pending", flat=True).first()
    report, new = _new_games(crew, plans)
    if not new:
        if pending:  # an earlier write's refresh never finished: this one catches it up
            crew_id = crew.pk
            transaction.on_commit(
                lambda: games_imported.send(sender=Game, crew_id=crew_id, game_ids=[], scored={})
            )
        return report
    # Marked in the games' own transaction, cleared once their results and ratings are
    # written: a refresh lost after the commit is caught up later (history.receivers).
    locked.update(results_pending=True)
    names = [name for plan, _ in new for name in plan.scored["players"]]
    by_key = {name.casefold(): p for name, p in players_by_name(crew, names).items()}
    nights = _nights_for(crew, [plan for plan, _ in new], now)
    _fill_games(new, nights, by_key, now)
    _attach_decks(crew, new)
    # bulk_create sends no post_save: no history row, as the trail comes from the file.
    Game.objects.bulk_create([game for _, game in new], batch_size=500)
    entries = _insert_table_rows(crew, new, by_key, now)
    _insert_hands(crew, [game.pk for _, game in new], entries)
    game_ids, crew_id = [game.pk for _, game in new], crew.pk
    # The games as the import scored them: their results are written from this scoring.
    scored = {game.pk: ScoredGame.from_scored(plan.scored, plan.held) for plan, game in new}
    transaction.on_commit(
        lambda: games_imported.send(sender=Game, crew_id=crew_id, game_ids=game_ids, scored=scored)
    )
    return report


def _new_games(
    crew: Crew, plans: list[_Planned]
) -> tuple[ImportReport, list[tuple[_Planned, Game]]]:
    """Each plan's game: the crew's own when it already has that ``id`` (reported as
    present), else a new unsaved row. A game another crew holds comes in as a copy with an
    ``id`` of its own, the file's kept as its ``origin``: the copy is recognised next time."""
    report = ImportReport()
    own, elsewhere = _known_uids(crew, [plan.uid for plan in plans if plan.uid is not None])
    new: _NewGames = []
    for plan in plans:
        known = own.get(plan.uid) if plan.uid is not None else None
        if known is not None:
            report.games.append(known)
            report.present.append(known)
            continue
        if plan.uid is None:
            game = Game(crew=crew, uid=uuid.uuid4())
        elif plan.uid in elsewhere:
            game = Game(crew=crew, uid=uuid.uuid4(), origin=plan.uid)
        else:
            game = Game(crew=crew, uid=plan.uid)
        if plan.uid is not None:
            own[plan.uid] = game  # the same id twice in one file: the second is skipped
        report.games.append(game)
        new.append((plan, game))
    return report, new


def _nights_for(crew: Crew, plans: list[_Planned], now: dt.datetime) -> dict[dt.date, GameNight]:
    """The nights the games join, by date, created where missing (named as the file names
    them); a game without a night joins the crew's evening of its start (06:00 cut-off)."""
    for plan in plans:
        plan.started_at = plan.started_at or now
        plan.night_date = plan.night_date or crew_evening(crew, plan.started_at)
    wanted: dict[dt.date, str] = {}
    for plan in plans:
        if plan.night_name and not wanted.get(plan.night_date):
            wanted[plan.night_date] = plan.night_name
        wanted.setdefault(plan.night_date, "")
    return _nights_by_date(crew, wanted)


def _fill_games(
    new: _NewGames,
    nights: Mapping[dt.date, GameNight],
    by_key: Mapping[str, Player],
    now: dt.datetime,
) -> None:
    for plan, game in new:
        scored = plan.scored
        finished = scored["result"]["finished"]
        game.night = nights[plan.night_date]
        game.edition, game.scoring, game.target = (
            scored["edition"],
            scored["scoring"],
            scored["target"],
        )
        game.started_at = plan.started_at
        game.finished_at = plan.finished_at or (now if finished else None)
        game.status = Game.Status.FINISHED if finished else Game.Status.ACTIVE
        # Files written before games could be stopped early have no "ended": played on.
        game.ended = scored.get("ended", "")
        game.source = plan.source
        game.first_dealer = by_key[plan.first_dealer.casefold()] if plan.first_dealer else None
        game.house_rules = plan.agreed
        game.house_note = plan.note
        # The file carries its own trail; the copy's history starts with the next change.
        game.imported_audit = plan.audit


def _attach_decks(crew: Crew, new: _NewGames) -> None:
    """A game file's deck joins the crew's decks: the crew's version with the same cards when
    it has one (any of its decks), else a new deck named as the file names it."""
    found: dict[str, DeckVersion] = {}
    for plan, game in new:
        data = plan.scored.get("deck")
        if data is None:
            continue
        digest = digest_of(data)
        if digest not in found:
            known = DeckVersion.objects.filter(deck__crew=crew, digest=digest).order_by("pk")
            found[digest] = known.first() or version_of(
                Deck.objects.create(crew=crew, name=data["name"]), data
            )
        game.deck = found[digest]


def _insert_table_rows(
    crew: Crew,
    new: _NewGames,
    by_key: Mapping[str, Player],
    now: dt.datetime,
) -> dict[tuple[int, int], dict[str, Any]]:
    """Insert the seats, rounds and challenges; return each round's stored entry by (game,
    number), for its hands."""
    # Plain rows, not model instances: a file of 5,000 games makes some 150,000 of them.
    seats, challenges, rounds, entries = [], [], [], {}
    for plan, game in new:
        scored = plan.scored
        ids = {name: by_key[name.casefold()].pk for name in scored["players"]}
        # A game recorded without rounds keeps its final totals and winners on its seats.
        recorded = not scored["rounds"] and is_recorded(scored["result"])
        result = scored["result"] if recorded else None
        seats.extend(
            (
                crew.pk,
                game.pk,
                ids[name],
                index,
                result["totals"][name] if result else None,
                name in result["winners"] if result else None,
            )
            for index, name in enumerate(scored["players"])
        )
        for number, data in enumerate(scored["rounds"], start=1):
            side = data.get("side")
            played = played_edition(game, side)
            entry = stored_entry(data["winner"], data["hands"], played, ids)
            went_out_on = data.get("went_out_on") or ""
            at = plan.round_times[number - 1] or now
            rounds.append(
                (crew.pk, game.pk, number, ids[data["winner"]], entry, at, 1, went_out_on, side)
            )
            entries[game.pk, number] = entry
        challenges.extend(
            (
                crew.pk,
                game.pk,
                ids[item["challenger"]],
                ids[item["challenged"]],
                ids[item["drawer"]],
                item["colour"],
                item["hand"],
                item["guilty"],
                item["cards"],
                item["at"] or now,
            )
            for item in plan.challenges
        )
    _insert_rows(
        Seat, ["crew", "game", "player", "number", "recorded_total", "recorded_won"], seats
    )
    _insert_rows(
        Round,
        [
            *("crew", "game", "number", "winner", "entry", "created_at", "version"),
            *("went_out_on", "side"),
        ],
        rounds,
    )
    _insert_rows(Challenge, [*_CHALLENGE_COLUMNS], challenges)
    return entries


_CHALLENGE_COLUMNS = (
    "crew",
    "game",
    "challenger",
    "challenged",
    "drawer",
    "colour",
    "hand",
    "guilty",
    "cards_drawn",
    "created_at",
)


def _insert_hands(
    crew: Crew, game_pks: list[int], entries: Mapping[tuple[int, int], Mapping[str, Any]]
) -> None:
    """Insert every round's hands, reading the new rounds' ids back 500 games at a time."""
    hands = []
    for start in range(0, len(game_pks), 500):
        stored = Round.objects.filter(game_id__in=game_pks[start : start + 500])
        for round_id, game_id, number in stored.values_list("pk", "game_id", "number"):
            hands.extend((crew.pk, round_id, *row) for row in hand_rows(entries[game_id, number]))
    _insert_rows(Hand, ["crew", "round", "player", "points", "cards"], hands)


def _insert_rows(model: type[Any], fields: list[str], rows: list[tuple[Any, ...]]) -> None:
    """INSERT rows of values into ``model``'s table with ``executemany``: no model instances
    and no signals (so no history row either, as for ``bulk_create``). Dates and JSON are
    converted for the database; ids, numbers and text go as they are."""
    model_fields = [model._meta.get_field(name) for name in fields]
    columns = [field.column for field in model_fields]
    convert = [
        i
        for i, field in enumerate(model_fields)
        if field.get_internal_type() in ("DateTimeField", "JSONField")
    ]
    if convert:
        rows = [list(row) for row in rows]
        # Most dates repeat (every round of an import is created "now"): convert each once.
        done: dict[tuple[int, Any], Any] = {}
        for row in rows:
            for i in convert:
                value = row[i]
                if isinstance(value, dt.datetime):
                    key = (i, value)
                    if key not in done:
                        done[key] = model_fields[i].get_db_prep_save(value, connection)
                    row[i] = done[key]
                else:
                    row[i] = model_fields[i].get_db_prep_save(value, connection)
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(map(quote, columns))}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 5000):
            cursor.executemany(sql, rows[start : start + 5000])


AUDIT_KEYS = {"at", "by", "action", "round", "text", "before", "after"}
MAX_AUDIT_ENTRIES = 10_000


def _imported_audit(value: Any) -> list[dict[str, Any]]:
    """The trail a file carries (written by our export): refused unless it has that shape."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_AUDIT_ENTRIES:
        raise RuleError(
            gettext_noop(
                "'audit' must be a list of at most %(most)s entries.", most=MAX_AUDIT_ENTRIES
            )
        )
    entries = []
    for index, item in enumerate(value, start=1):
        where = gettext_noop("Audit entry %(number)s", number=index)
        if not isinstance(item, Mapping) or not set(item) <= AUDIT_KEYS:
            raise RuleError(
                gettext_noop(
                    "%(where)s must be an object with %(keys)s.",
                    where=where,
                    keys=", ".join(sorted(AUDIT_KEYS)),
                )
            )
        _when(item.get("at"), gettext_noop("%(where)s: time", where=where))
        for key, limit in (("text", 1000), ("by", 150), ("action", 40)):
            text = item.get(key)
            if text is not None and (not isinstance(text, str) or len(text) > limit):
                raise RuleError(
                    gettext_noop(
                        "%(where)s: %(key)s must be text of at most %(most)s characters.",
                        where=where,
                        key=repr(key),
                        most=limit,
                    )
                )
        number = item.get("round")
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            raise RuleError(gettext_noop("%(where)s: 'round' must be a round number.", where=where))
        for key in ("before", "after"):
            if item.get(key) is not None and not isinstance(item[key], Mapping):
                raise RuleError(
                    gettext_noop(
                        "%(where)s: %(key)s must be an object.", where=where, key=repr(key)
                    )
                )
        entries.append(dict(item))
    return entries


def _challenge_fields(item: Any, players: list[str]) -> dict[str, Any]:
    """One challenge of a file, checked against the game's players (nothing stored yet)."""
    if not isinstance(item, Mapping):
        raise RuleError(gettext_noop("Each challenge must be an object."))
    names = [seat_name(item.get(key)) for key in ("challenger", "challenged", "drawer")]
    for name in names:
        if not isinstance(name, str) or name not in players:
            raise RuleError(
                gettext_noop(
                    "Challenge: %(value)s is not a player of this game.", value=_shown(name)
                )
            )
    cards, guilty = item.get("cards"), item.get("guilty")
    if isinstance(cards, bool) or cards not in (4, 6) or not isinstance(guilty, bool):
        raise RuleError(
            gettext_noop("Challenge: 'guilty' must be true or false and 'cards' 4 or 6.")
        )
    if names[0] == names[1]:
        raise RuleError(gettext_noop("Challenge: a player cannot challenge themselves."))
    colour = item.get("colour", "")
    if not isinstance(colour, str):
        raise RuleError(
            gettext_noop(
                "Challenge: the colour %(value)s must be text such as 'red'.", value=_shown(colour)
            )
        )
    return {
        "challenger": names[0],
        "challenged": names[1],
        "drawer": names[2],
        "colour": parse_colour(colour),
        "hand": _text(item.get("hand"), gettext_noop("Challenge: the hand"), HAND_MAX_LENGTH),
        "guilty": guilty,
        "cards": int(cards),
        "at": _when(item.get("at"), gettext_noop("Challenge time")),
    }
