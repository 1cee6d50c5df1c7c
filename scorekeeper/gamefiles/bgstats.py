"""BG Stats, both ways: a finished game as a play pushed to the app, a crew's games as a BG Stats
export file, and the UNO plays of such a file stored as games (see docs/game-format.md).

BG Stats (bgstatsapp.com) logs plays of any board game and forwards them to BoardGameGeek. It
takes one play at a time from a link (``createPlay.html?data=<the play as JSON>``), and writes
and reads its whole history as one JSON file (``BGStatsExport.json``). A play there holds each
player's final score and whether they won, never the rounds: a play imported from BG Stats is a
game *recorded* with its final totals only (``Seat.recorded_total``), which counts in wins,
ratings, seasons, head to head and nights, and in no per-round figure.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import quote

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, ngettext

from scorekeeper.crews.models import Crew
from scorekeeper.domain import FORMAT, RuleError, ScoredGame, Scoring, scored_game
from scorekeeper.domain.dealing import first_player_seat
from scorekeeper.domain.evenings import time_zone_or_default, zone
from scorekeeper.domain.scoring import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MAX_TOTAL,
    MIN_PLAYERS,
    score_game,
    winners_of,
)
from scorekeeper.domain.words import gettext_noop, words_of
from scorekeeper.games.models import Game, Source
from scorekeeper.games.scoreboard import game_to_dict

from .files import EARLIEST, LATEST, ImportReport, _shown, check_plain_json, import_file

# What BG Stats is told about us and about the game: our name, and UNO as BoardGameGeek knows it.
SOURCE_NAME = "Scorekeeper"
UNO_BGG_ID = 2223
# BG Stats keeps one "who wins" per game, so a lowest-wins game is a game of its own there.
GAME_NAMES = {Scoring.STANDARD: "UNO", Scoring.LOWEST: "UNO (lowest wins)"}
GAME_IDS = {Scoring.STANDARD: "uno", Scoring.LOWEST: "uno-lowest-wins"}
# The app's push link: the web address opens the app where it is installed, and explains
# itself in a browser where it is not (the app also answers "bgstats://app.bgstatsapp.com/...").
PUSH_URL = "https://app.bgstatsapp.com/createPlay.html"
# BG Stats writes every date and time as local wall-clock text.
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
# The ids our export derives (plays, players, the crew's location) live under this namespace,
# so the same game always gives the same play and nothing else gives it.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://scorekeeper.invalid/bgstats")
# A play longer than a week is a typing slip, not an evening of UNO.
MAX_DURATION_MIN = 7 * 24 * 60


def play_uuid(game: Game) -> uuid.UUID:
    """The play's ``uuid`` in BG Stats: a play that came from BG Stats keeps its own (the file
    gave it as the game's id, kept as ``uid`` or, when another crew held it, ``origin``); a
    game played here gets one derived from its id (the file's id, for a copy)."""
    if game.source == Source.BGSTATS:
        return game.origin or game.uid
    return uuid.uuid5(NAMESPACE, str(game.origin or game.uid))


def _local(moment: dt.datetime, crew: Crew) -> str:
    return timezone.localtime(moment, zone(time_zone_or_default(crew.time_zone))).strftime(
        DATE_FORMAT
    )


def _duration(game: Game) -> int | None:
    """Minutes from the start to the finish, when the game knows both (a game imported
    without its finish was stamped at the import: more than a week is not a play's length)."""
    if game.finished_at is None:
        return None
    minutes = round((game.finished_at - game.started_at).total_seconds() / 60)
    return minutes if 0 <= minutes <= MAX_DURATION_MIN else None


def start_seat(game: Game) -> int:
    """The seat (from 0) that played first: the first dealer's left neighbour, else seat 1."""
    seats = [seat.player_id for seat in game.seats.all()]
    if game.first_dealer_id in seats:
        return first_player_seat(seats.index(game.first_dealer_id), len(seats))
    return 0


@dataclass(frozen=True)
class _Seat:
    """One player's line of a play, in seat order."""

    player_id: int
    name: str
    score: int
    winner: bool
    seat_order: int  # from 1
    start_player: bool


def _seats(game: Game, scored: ScoredGame) -> list[_Seat]:
    first = start_seat(game)
    winners = set(scored.winners)
    return [
        _Seat(
            player_id=seat.player_id,
            name=seat.player.name,
            score=scored.totals[seat.player.name],
            winner=seat.player.name in winners,
            seat_order=index + 1,
            start_player=index == first,
        )
        for index, seat in enumerate(game.seats.all())
    ]


def _scoring(scored: ScoredGame) -> Scoring:
    return Scoring(scored.scoring)


# --- Sending one game: the push link -------------------------------------------------------


def push_play(game: Game, scored: ScoredGame, crew: Crew | None = None) -> dict[str, Any]:
    """The finished game as BG Stats' push format names a play (its published ``createPlay``
    fields). ``scored`` is the core's scoring of ``game`` (loaded with ``with_rounds()``);
    ``crew`` is the game's, when the caller holds it (else read)."""
    crew = crew or game.crew
    scoring = _scoring(scored)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": str(game.uid),
        "playDate": _local(game.started_at, crew),
    }
    duration = _duration(game)
    if duration is not None:
        play["durationMin"] = duration
    play["location"] = {"name": crew.name}
    play["game"] = {
        "name": GAME_NAMES[scoring],
        "sourceGameId": GAME_IDS[scoring],
        "bggId": UNO_BGG_ID,
        "highestWins": scoring is Scoring.STANDARD,
        "noPoints": False,
        "cooperative": False,
    }
    play["players"] = [
        {
            "name": seat.name,
            "sourcePlayerId": str(seat.player_id),
            "score": seat.score,
            "winner": seat.winner,
            "seatOrder": seat.seat_order,
            "startPlayer": seat.start_player,
        }
        for seat in _seats(game, scored)
    ]
    return play


def push_link(game: Game, scored: ScoredGame, crew: Crew | None = None) -> str:
    """The "Send to BG Stats" link: the play as compact JSON, URL-encoded in ``data``."""
    play = push_play(game, scored, crew)
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{PUSH_URL}?data={quote(text, safe='')}"


# --- A crew's games as a BG Stats export file ---------------------------------------------


def export_file(crew: Crew) -> dict[str, Any]:
    """The crew's counted games (finished with a winner) as a BG Stats export: ``players``,
    ``locations`` (the crew), ``games`` (UNO, and UNO (lowest wins) when the crew plays it)
    and ``plays`` in the order played, each with its ``playerScores``."""
    games = (
        Game.objects.filter(crew=crew)
        .counted()
        .order_by("started_at", "pk")
        .select_related("crew")
        .with_rounds(challenges=False)
    )
    players: dict[int, dict[str, Any]] = {}
    used: dict[Scoring, int] = {}
    plays = []
    for game in games.iterator(chunk_size=500):
        scored = scored_game(game_to_dict(game, challenges=False))
        scoring = _scoring(scored)
        game_ref = used.setdefault(scoring, len(used) + 1)
        scores = []
        for seat in _seats(game, scored):
            if seat.player_id not in players:
                players[seat.player_id] = {
                    "id": len(players) + 1,
                    "uuid": str(uuid.uuid5(NAMESPACE, f"player/{seat.player_id}")),
                    "name": seat.name,
                    "isAnonymous": False,
                }
            scores.append(
                {
                    "playerRefId": players[seat.player_id]["id"],
                    "score": str(seat.score),
                    "winner": seat.winner,
                    "seatOrder": seat.seat_order,
                    "startPlayer": seat.start_player,
                }
            )
        plays.append(
            {
                "uuid": str(play_uuid(game)),
                "gameRefId": game_ref,
                "locationRefId": 1,
                "playDate": _local(game.started_at, crew),
                "durationMin": _duration(game) or 0,
                "rounds": len(scored.rounds),
                "ignored": False,
                "usesTeams": False,
                "playerScores": scores,
            }
        )
    return {
        "players": list(players.values()),
        "locations": [
            {"id": 1, "uuid": str(uuid.uuid5(NAMESPACE, f"crew/{crew.pk}")), "name": crew.name}
        ],
        "games": [
            {
                "id": ref,
                "uuid": str(uuid.uuid5(NAMESPACE, f"game/{GAME_IDS[scoring]}")),
                "name": GAME_NAMES[scoring],
                "bggName": "UNO",
                "bggId": UNO_BGG_ID,
                "highestWins": scoring is Scoring.STANDARD,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
            }
            for scoring, ref in used.items()
        ],
        "plays": plays,
    }


# --- A BG Stats export's UNO plays, stored as games -----------------------------------------


def is_bgstats_export(data: Any) -> bool:
    """Whether parsed JSON looks like a BG Stats export (and not one of our game files)."""
    return (
        isinstance(data, Mapping)
        and "format" not in data
        and all(key in data for key in ("players", "games", "plays"))
    )


@dataclass
class BGStatsReport:
    """What an import of a BG Stats file did: the UNO plays stored (``stored``), those already
    here (``present``: imported before, or a play our own export wrote for one of the crew's
    games), and the plays left out: of other games (by name), without scores, or marked in BG
    Stats as left out of its statistics."""

    stored: list[Game] = field(default_factory=list)
    present: int = 0
    other_games: dict[str, int] = field(default_factory=dict)
    without_scores: int = 0
    ignored: int = 0

    @property
    def games(self) -> list[Game]:
        return self.stored

    def summary(self) -> str:
        """A few sentences for the import page and the command line."""
        count = len(self.stored)
        lines = [
            ngettext(
                "Imported %(count)s UNO play from BG Stats.",
                "Imported %(count)s UNO plays from BG Stats.",
                count,
            )
            % {"count": count}
        ]
        if self.present:
            lines.append(
                ngettext(
                    "%(count)s play was already here: skipped.",
                    "%(count)s plays were already here: skipped.",
                    self.present,
                )
                % {"count": self.present}
            )
        if self.other_games:
            skipped = sum(self.other_games.values())
            unnamed = gettext("a game the file does not name")
            names = ", ".join(
                (name or unnamed) + (f" ({times})" if times > 1 else "")
                for name, times in sorted(self.other_games.items())
            )
            lines.append(
                ngettext(
                    "Skipped %(count)s play of another game: %(games)s.",
                    "Skipped %(count)s plays of other games: %(games)s.",
                    skipped,
                )
                % {"count": skipped, "games": names}
            )
        if self.without_scores:
            lines.append(
                ngettext(
                    "Skipped %(count)s UNO play without scores.",
                    "Skipped %(count)s UNO plays without scores.",
                    self.without_scores,
                )
                % {"count": self.without_scores}
            )
        if self.ignored:
            lines.append(
                ngettext(
                    "Skipped %(count)s UNO play BG Stats leaves out of its statistics.",
                    "Skipped %(count)s UNO plays BG Stats leaves out of its statistics.",
                    self.ignored,
                )
                % {"count": self.ignored}
            )
        return " ".join(lines)


def _not_an_export() -> RuleError:
    return RuleError(
        gettext_noop(
            "the file is not a BG Stats export: it needs the lists 'players', 'games' and "
            "'plays' of BGStatsExport.json."
        )
    )


def _entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not all(isinstance(item, Mapping) for item in entries):
        raise _not_an_export()
    return entries


def _ref(value: Any) -> int | str | None:
    """An entry's ``id`` or a play's reference to one (BG Stats writes numbers)."""
    if isinstance(value, bool):
        return None
    return value if isinstance(value, int | str) else None


def _uno_games(games: Iterable[Mapping[str, Any]]) -> tuple[dict[Any, Scoring], dict[Any, str]]:
    """The file's UNO entries (BoardGameGeek id 2223, or named as one of ours) with the scoring
    their ``highestWins`` says, and the other games' names."""
    uno: dict[Any, Scoring] = {}
    others: dict[Any, str] = {}
    names = {name.casefold() for name in GAME_NAMES.values()}
    for entry in games:
        ref = _ref(entry.get("id"))
        name = entry.get("name") if isinstance(entry.get("name"), str) else ""
        bgg = entry.get("bggId")
        if str(bgg).strip() == str(UNO_BGG_ID) or name.strip().casefold() in names:
            lowest = entry.get("highestWins") is False
            uno[ref] = Scoring.LOWEST if lowest else Scoring.STANDARD
        else:
            others[ref] = name.strip()[:80]
    return uno, others


def _score(value: Any, player: str, number: int) -> int | None:
    """A player's score as BG Stats writes it (text, sometimes a number): a whole number from
    0 up, or None when the play has none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    refused = gettext_noop(
        "Play %(number)s: %(player)s's score %(value)s is not a number.",
        number=number,
        player=player,
        value=_shown(value),
    )
    if isinstance(value, bool):
        raise RuleError(refused)
    if isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, float | str):
        try:
            amount = Decimal(str(value).strip())
        except InvalidOperation:
            raise RuleError(refused) from None
        if not amount.is_finite():
            raise RuleError(refused)
    else:
        raise RuleError(refused)
    if amount != amount.to_integral_value():
        raise RuleError(
            gettext_noop(
                "Play %(number)s: %(player)s's score %(value)s is not a whole number, as UNO "
                "totals are.",
                number=number,
                player=player,
                value=_shown(value),
            )
        )
    if not 0 <= amount <= MAX_TOTAL:
        raise RuleError(
            gettext_noop(
                "Play %(number)s: %(player)s's score %(value)s must be from 0 to %(most)s.",
                number=number,
                player=player,
                value=_shown(value),
                most=MAX_TOTAL,
            )
        )
    return int(amount)


def _play_uuid(value: Any, number: int) -> uuid.UUID:
    try:
        if isinstance(value, str):
            return uuid.UUID(value.strip())
    except ValueError:
        pass
    raise RuleError(
        gettext_noop(
            "Play %(number)s: its uuid %(value)s is not a BG Stats play id.",
            number=number,
            value=_shown(value),
        )
    )


def _play_date(value: Any, number: int, crew: Crew) -> dt.datetime:
    """A play's ``playDate``, the crew's wall-clock time as BG Stats writes it."""
    try:
        parsed = parse_datetime(value.strip()) if isinstance(value, str) else None
    except ValueError:  # well formed but impossible, e.g. February 30th
        parsed = None
    refused = gettext_noop(
        "Play %(number)s: its playDate %(value)s is not a date and time like 2026-11-21 19:30:00.",
        number=number,
        value=_shown(value),
    )
    if parsed is None:
        raise RuleError(refused)
    if timezone.is_naive(parsed):
        try:
            parsed = timezone.make_aware(parsed, zone(time_zone_or_default(crew.time_zone)))
        except (OverflowError, ValueError):
            raise RuleError(refused) from None
    try:
        in_utc = parsed.astimezone(dt.UTC)
    except OverflowError:
        raise RuleError(refused) from None
    if not EARLIEST <= in_utc <= LATEST - dt.timedelta(minutes=MAX_DURATION_MIN):
        raise RuleError(refused)
    return in_utc


def _duration_of(value: Any, number: int) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DURATION_MIN:
        raise RuleError(
            gettext_noop(
                "Play %(number)s: its durationMin %(value)s must be a whole number of minutes "
                "from 0 to %(most)s.",
                number=number,
                value=_shown(value),
                most=MAX_DURATION_MIN,
            )
        )
    return value


def _flag(value: Any, key: str, number: int) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise RuleError(
        gettext_noop(
            "Play %(number)s: %(key)s %(value)s must be true or false.",
            number=number,
            key=repr(key),
            value=_shown(value),
        )
    )


@dataclass(frozen=True)
class _Line:
    """One player's line of a BG Stats play, as read."""

    name: Any
    score: int | None
    winner: bool
    start_player: bool
    order: tuple[int, int]  # (seatOrder, or after every seat when missing; the file's order)


def _lines(play: Mapping[str, Any], number: int, names: Mapping[Any, Any]) -> list[_Line]:
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not all(isinstance(item, Mapping) for item in scores):
        raise RuleError(
            gettext_noop(
                "Play %(number)s: 'playerScores' must be a list of the players' scores.",
                number=number,
            )
        )
    if not MIN_PLAYERS <= len(scores) <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop(
                "Play %(number)s: an UNO game has %(least)s to %(most)s players; this play "
                "lists %(count)s.",
                number=number,
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=len(scores),
            )
        )
    lines = []
    for index, item in enumerate(scores):
        ref = _ref(item.get("playerRefId"))
        if ref is None or ref not in names:
            raise RuleError(
                gettext_noop(
                    "Play %(number)s names the player %(ref)s, whom the file's players do "
                    "not list.",
                    number=number,
                    ref=_shown(item.get("playerRefId")),
                )
            )
        name = names[ref]
        if not isinstance(name, str):
            raise RuleError(
                gettext_noop(
                    "Play %(number)s: the player %(ref)s has no name in the file.",
                    number=number,
                    ref=_shown(ref),
                )
            )
        seat = item.get("seatOrder")
        seat = seat if isinstance(seat, int) and not isinstance(seat, bool) and seat > 0 else None
        lines.append(
            _Line(
                name=name,
                score=_score(item.get("score"), name, number),
                winner=_flag(item.get("winner"), "winner", number),
                start_player=_flag(item.get("startPlayer"), "startPlayer", number),
                order=(seat if seat is not None else MAX_PLAYERS + 1, index),
            )
        )
    return sorted(lines, key=lambda line: line.order)


def _game_of(
    play: Mapping[str, Any], lines: Sequence[_Line], scoring: Scoring, number: int, crew: Crew
) -> dict[str, Any]:
    """One play as a ``scorekeeper-game/1`` game recorded with its final totals (no rounds),
    checked by the core: what :func:`import_file` stores."""
    started = _play_date(play.get("playDate"), number, crew)
    duration = _duration_of(play.get("durationMin"), number)
    players = [line.name for line in lines]
    totals = {line.name: line.score for line in lines}
    game: dict[str, Any] = {
        "format": FORMAT,
        "id": str(_play_uuid(play.get("uuid"), number)),
        "edition": "classic",
        "scoring": scoring.value,
        "target": DEFAULT_TARGET,
        "players": players,
        "started_at": started.isoformat(),
        "finished_at": (started + dt.timedelta(minutes=duration or 0)).isoformat(),
        "source": Source.BGSTATS.value,
        "rounds": [],
    }
    starters = [index for index, line in enumerate(lines) if line.start_player]
    if len(starters) == 1:
        # Whoever starts sits at the dealer's left: the seat before the start player dealt.
        game["first_dealer"] = players[(starters[0] - 1) % len(players)]
    # Nobody marked as the winner: the best score wins, ties shared, as BG Stats reads it.
    winners = [line.name for line in lines if line.winner] or winners_of(totals, scoring)
    game["result"] = {"totals": totals, "finished": True, "winners": winners}
    try:
        score_game(game)  # the names, the totals and the winners, checked as any game file's
    except RuleError as error:
        raise RuleError(
            gettext_noop("Play %(number)s: %(error)s", number=number, error=words_of(error))
        ) from None
    return game


def _ours(crew: Crew) -> set[uuid.UUID]:
    """The play ids our own export gives the crew's games: a crew importing its own BG Stats
    export finds every play already here."""
    return {
        uuid.uuid5(NAMESPACE, str(origin or uid))
        for uid, origin in Game.objects.filter(crew=crew).values_list("uid", "origin")
    }


@transaction.atomic
def import_bgstats(*, crew: Crew, data: Any) -> BGStatsReport:
    """Store the UNO plays of a BG Stats export (parsed JSON) as the crew's games, each
    recorded with its final totals and winners: all of them, or (on any refusal) none.

    A play already here (its ``uuid``) is skipped; plays of other games, plays without scores
    and plays BG Stats leaves out of its statistics are skipped and counted in the report.
    Players are matched to the roster by name, ignoring case, and added when missing.
    """
    if not is_bgstats_export(data):
        raise _not_an_export()
    check_plain_json(data)
    names = {_ref(entry.get("id")): entry.get("name") for entry in _entries(data, "players")}
    uno, others = _uno_games(_entries(data, "games"))
    plays = _entries(data, "plays")
    if "locations" in data:
        _entries(data, "locations")
    report = BGStatsReport()
    ours = _ours(crew)
    games = []
    seen: set[str] = set()
    for number, play in enumerate(plays, start=1):
        ref = _ref(play.get("gameRefId"))
        if ref not in uno:
            name = others.get(ref, "")  # "": a game the file does not name
            report.other_games[name] = report.other_games.get(name, 0) + 1
            continue
        if _flag(play.get("ignored"), "ignored", number):
            report.ignored += 1
            continue
        lines = _lines(play, number, names)
        if any(line.score is None for line in lines):
            report.without_scores += 1
            continue
        game = _game_of(play, lines, uno[ref], number, crew)
        if uuid.UUID(game["id"]) in ours or game["id"] in seen:
            report.present += 1
            continue
        seen.add(game["id"])
        games.append(game)
    if games:
        stored: ImportReport = import_file(crew=crew, data=games)
        report.stored = stored.stored
        report.present += len(stored.present)
    return report
