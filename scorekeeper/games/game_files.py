"""Game files: a stored game to and from ``scorekeeper-game/1`` JSON (import and export)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from scorekeeper.domain import RuleError, parse_colour, score_game
from scorekeeper.domain.scoring import FORMAT
from scorekeeper.rules import parse_house_rules

from .audit import AuditEntry, trail_for, trails_for
from .models import Challenge, Crew, Game, GameNight, Player, Seat
from .scoreboard import game_to_dict
from .services import store_round
from .signals import game_changed

DEFAULT_CREW_NAME = "Home crew"


def export_game(game: Game, trail: list[AuditEntry] | None = None) -> dict[str, Any]:
    """The scored game, exactly as ``export_game`` prints it, with its audit trail.

    ``trail`` is the game's own history when the caller loaded it in a batch (see
    :func:`export_games`); otherwise it is read here.
    """
    data = score_game(game_to_dict(game))
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
    if value in (None, ""):
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed but impossible, e.g. February 30th
        parsed = None
    if parsed is None:
        raise RuleError(f"{label} {value!r} is not an ISO date and time.")
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, dt.UTC)


def _night(crew: Crew, value: Any, started_at: dt.datetime) -> GameNight:
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise RuleError("'night' must be an object with a 'date' and a 'name'.")
    raw_date = value.get("date")
    try:
        date = parse_date(raw_date) if isinstance(raw_date, str) else None
    except ValueError:  # well formed but impossible, e.g. 2026-02-30
        date = None
    if raw_date is not None and date is None:
        raise RuleError(f"Night date {raw_date!r} is not a date like 2026-11-21.")
    date = date or timezone.localdate(started_at)
    name = value.get("name") or ""
    if not isinstance(name, str) or len(name) > 80:
        raise RuleError("The night's name must be text of at most 80 characters.")
    night, created = GameNight.objects.get_or_create(crew=crew, date=date, defaults={"name": name})
    if not created and name and not night.name:
        night.name = name
        night.save(update_fields=["name"])
    return night


def players_by_name(crew: Crew, names: list[str]) -> dict[str, Player]:
    """The crew's players with these names (matching ignores case), creating the missing."""
    existing = {p.name.casefold(): p for p in Player.objects.filter(crew=crew)}
    found = {}
    for name in names:
        player = existing.get(name.casefold())
        if player is None:
            player = Player.objects.create(crew=crew, name=name)
            existing[name.casefold()] = player
        found[name] = player
    return found


@transaction.atomic
def import_game(*, crew: Crew, data: Mapping[str, Any]) -> Game:
    """Validate a ``scorekeeper-game/1`` game and store it; nothing is stored if it is refused."""
    if not isinstance(data, Mapping):
        raise RuleError("A game must be a JSON object.")
    if "format" not in data:
        raise RuleError(f"The game has no 'format': expected {FORMAT!r}.")
    scored = score_game(data)  # refuses bad games before anything is written
    started_at = _when(scored.get("started_at"), "started_at") or timezone.now()
    finished_at = _when(scored.get("finished_at"), "finished_at")
    players = players_by_name(crew, scored["players"])
    house = scored.get("house_rules") or {}
    if not isinstance(house, Mapping):
        raise RuleError("'house_rules' must be an object with 'agreed' and 'note'.")
    try:
        agreed = parse_house_rules(house.get("agreed") or {})
    except ValueError as error:
        raise RuleError(f"House rules: {error}") from None
    first_dealer = scored.get("first_dealer")
    if first_dealer is not None and first_dealer not in players:
        raise RuleError(f"The first dealer {first_dealer!r} is not a player of this game.")
    audit = _imported_audit(scored.get("audit"))
    game = Game(
        crew=crew,
        night=_night(crew, scored.get("night"), started_at),
        edition=scored["edition"],
        scoring=scored["scoring"],
        target=scored["target"],
        started_at=started_at,
        finished_at=finished_at,
        status=Game.Status.FINISHED if scored["result"]["finished"] else Game.Status.ACTIVE,
        first_dealer=players.get(first_dealer) if first_dealer else None,
        house_rules=agreed,
        house_note=str(house.get("note") or ""),
        imported_audit=audit,
    )
    # The file carries its own trail; the copy's history starts with the next change.
    game.skip_history_when_saving = True
    game.save(force_insert=True)
    Seat.objects.bulk_create(
        Seat(crew=crew, game=game, player=players[name], number=index)
        for index, name in enumerate(scored["players"])
    )
    for number, round_data in enumerate(scored["rounds"], start=1):
        store_round(
            game,
            number,
            players,
            round_data["winner"],
            round_data["hands"],
            None,
            record_history=False,
        )
    for item in scored.get("challenges") or []:
        _store_challenge(game, players, item)
    if game.status == Game.Status.FINISHED and game.finished_at is None:
        game.finished_at = timezone.now()
        game.save(update_fields=["finished_at"])
    game_id, crew_id = game.pk, crew.pk
    transaction.on_commit(lambda: game_changed.send(sender=Game, game_id=game_id, crew_id=crew_id))
    return game


AUDIT_KEYS = {"at", "by", "action", "round", "text", "before", "after"}
MAX_AUDIT_ENTRIES = 10_000


def _imported_audit(value: Any) -> list[dict[str, Any]]:
    """The trail a file carries (written by our export): refused unless it has that shape."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_AUDIT_ENTRIES:
        raise RuleError(f"'audit' must be a list of at most {MAX_AUDIT_ENTRIES} entries.")
    entries = []
    for index, item in enumerate(value, start=1):
        where = f"Audit entry {index}"
        if not isinstance(item, Mapping) or not set(item) <= AUDIT_KEYS:
            raise RuleError(f"{where} must be an object with {', '.join(sorted(AUDIT_KEYS))}.")
        _when(item.get("at"), f"{where}: time")
        for key, limit in (("text", 1000), ("by", 150), ("action", 40)):
            text = item.get(key)
            if text is not None and (not isinstance(text, str) or len(text) > limit):
                raise RuleError(f"{where}: {key!r} must be text of at most {limit} characters.")
        number = item.get("round")
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            raise RuleError(f"{where}: 'round' must be a round number.")
        for key in ("before", "after"):
            if item.get(key) is not None and not isinstance(item[key], Mapping):
                raise RuleError(f"{where}: {key!r} must be an object.")
        entries.append(dict(item))
    return entries


def _store_challenge(game: Game, players: Mapping[str, Player], item: Any) -> Challenge:
    if not isinstance(item, Mapping):
        raise RuleError("Each challenge must be an object.")
    names = [item.get(key) for key in ("challenger", "challenged", "drawer")]
    for name in names:
        if name not in players:
            raise RuleError(f"Challenge: {name!r} is not a player of this game.")
    cards = item.get("cards")
    if cards not in (4, 6) or not isinstance(item.get("guilty"), bool):
        raise RuleError("Challenge: 'guilty' must be true or false and 'cards' 4 or 6.")
    if names[0] == names[1]:
        raise RuleError("Challenge: a player cannot challenge themselves.")
    challenge = Challenge(
        crew_id=game.crew_id,
        game=game,
        challenger=players[names[0]],
        challenged=players[names[1]],
        drawer=players[names[2]],
        colour=parse_colour(str(item.get("colour", ""))),
        hand=str(item.get("hand") or ""),
        guilty=item["guilty"],
        cards_drawn=cards,
        created_at=_when(item.get("at"), "Challenge time") or timezone.now(),
    )
    challenge.skip_history_when_saving = True
    challenge.save(force_insert=True)
    return challenge
