"""Writes made at the table: new games, rounds, corrections, rematches.

Each is atomic and validates the whole game through the domain core before it writes,
so a refused change leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper.domain import RuleError, dealer_seat, hand_points, score_game

from .models import Crew, Game, GameNight, Hand, Player, Round, Seat
from .scoreboard import game_to_dict

HandInput = str | int


def tonight(crew: Crew) -> GameNight:
    """Today's game night of the crew, created on first use."""
    night, _ = GameNight.objects.get_or_create(crew=crew, date=timezone.localdate())
    return night


@transaction.atomic
def game_start(
    *,
    crew: Crew,
    players: list[Player],
    edition: str,
    scoring: str,
    target: int,
    first_dealer: Player | None = None,
    house_rules: Mapping[str, Any] | None = None,
    house_note: str = "",
) -> Game:
    """Seat the players in the order given and open a game on today's night."""
    score_game(
        {
            "edition": edition,
            "scoring": scoring,
            "target": target,
            "players": [p.name for p in players],
        }
    )
    if any(p.crew_id != crew.pk for p in players):
        raise RuleError("Every player must belong to this crew.")
    game = Game.objects.create(
        crew=crew,
        night=tonight(crew),
        edition=edition,
        scoring=scoring,
        target=target,
        first_dealer=first_dealer,
        house_rules=dict(house_rules or {}),
        house_note=house_note,
    )
    Seat.objects.bulk_create(
        Seat(crew=crew, game=game, player=player, number=index)
        for index, player in enumerate(players)
    )
    return game


def load_game(crew: Crew, game_id: int) -> Game | None:
    """A game of the crew with everything the scoreboard reads (fixed query count)."""
    return Game.objects.filter(crew=crew, pk=game_id).with_rounds().first()


def _locked(game: Game) -> Game:
    """Re-read the game under a row lock so concurrent writes to it queue up."""
    Game.objects.select_for_update().filter(pk=game.pk).first()
    return Game.objects.filter(pk=game.pk).with_rounds().get()


def _seat_players(game: Game) -> dict[str, Player]:
    return {seat.player.name: seat.player for seat in game.seats.all()}


def _save_status(game: Game, scored: Mapping[str, Any]) -> None:
    """Rewrite the derived status from the core's score of the game as now stored.

    ``scored`` is what each write already computed to validate itself, so the game is not
    read and scored a second time. Saving bumps ``updated_at`` (the live view's ETag).
    """
    finished = scored["result"]["finished"]
    game.status = Game.Status.FINISHED if finished else Game.Status.ACTIVE
    if finished and game.finished_at is None:
        game.finished_at = timezone.now()
    if not finished:
        game.finished_at = None
    game.save(update_fields=["status", "finished_at", "updated_at"])


@transaction.atomic
def round_record(
    *, game: Game, winner: str, hands: Mapping[str, HandInput], request_key: str | None = None
) -> Round:
    """Store the next round. A repeated ``request_key`` returns the round already stored."""
    if request_key:
        existing = Round.objects.filter(game=game, request_key=request_key).first()
        if existing:
            return existing
    game = _locked(game)
    data = game_to_dict(game)
    data["rounds"].append({"winner": winner, "hands": dict(hands)})
    scored = score_game(data)
    players = _seat_players(game)
    number = len(data["rounds"])
    try:
        with transaction.atomic():
            round_ = store_round(
                game, number, players, winner, scored["rounds"][-1]["hands"], request_key
            )
    except IntegrityError:
        # The same request arrived twice at once: the other one stored it.
        return Round.objects.get(game=game, request_key=request_key)
    _save_status(game, scored)
    return round_


@transaction.atomic
def round_edit(*, game: Game, number: int, winner: str, hands: Mapping[str, HandInput]) -> Round:
    """Replace round ``number``; the whole game is rescored and must stay valid."""
    game = _locked(game)
    data = game_to_dict(game)
    if not 1 <= number <= len(data["rounds"]):
        raise RuleError(f"There is no round {number} in this game.")
    data["rounds"][number - 1] = {"winner": winner, "hands": dict(hands)}
    scored = score_game(data)
    round_ = game.rounds.get(number=number)
    round_.delete()
    round_ = store_round(
        game, number, _seat_players(game), winner, scored["rounds"][number - 1]["hands"], None
    )
    _save_status(game, scored)
    return round_


UNDO_SALT = "scorekeeper.round-undo"


@transaction.atomic
def round_delete_last(*, game: Game) -> str:
    """Delete the last round; returns a signed token that restores it (the undo)."""
    game = _locked(game)
    data = game_to_dict(game)
    if not data["rounds"]:
        raise RuleError("There is no round to delete.")
    number = len(data["rounds"])
    game.rounds.get(number=number).delete()
    _save_status(game, score_game({**data, "rounds": data["rounds"][:-1]}))
    payload = {"game": game.pk, "number": number, "round": data["rounds"][-1]}
    return signing.dumps(payload, salt=UNDO_SALT)


@transaction.atomic
def round_restore(*, game: Game, token: str) -> Round:
    """Undo a deletion: put the deleted round back if nothing was recorded since."""
    try:
        payload = signing.loads(token, salt=UNDO_SALT, max_age=60 * 60 * 12)
    except signing.BadSignature:
        raise RuleError("This undo link is not valid any more.") from None
    if payload.get("game") != game.pk:
        raise RuleError("This undo belongs to another game.")
    game = _locked(game)
    if game.rounds.count() != payload["number"] - 1:
        raise RuleError("Rounds were recorded since the deletion, so it cannot be undone.")
    data = game_to_dict(game)
    data["rounds"].append(payload["round"])
    scored = score_game(data)
    round_ = store_round(
        game,
        payload["number"],
        _seat_players(game),
        payload["round"]["winner"],
        scored["rounds"][-1]["hands"],
        None,
    )
    _save_status(game, scored)
    return round_


@transaction.atomic
def game_rematch(*, game: Game, started_by_next_dealer: bool = True) -> Game:
    """A new game with the same players, seats, edition, mode, target and house rules."""
    seats = list(game.seats.select_related("player"))
    players = [seat.player for seat in seats]
    first_dealer = None
    if game.first_dealer_id and started_by_next_dealer:
        first_seat = next(s.number for s in seats if s.player_id == game.first_dealer_id)
        first_dealer = players[dealer_seat(first_seat, game.rounds.count() + 1, len(players))]
    return game_start(
        crew=game.crew,
        players=players,
        edition=game.edition,
        scoring=game.scoring,
        target=game.target,
        first_dealer=first_dealer,
        house_rules=game.house_rules,
        house_note=game.house_note,
    )


@transaction.atomic
def game_set_dealer(*, game: Game, player: Player) -> None:
    if not game.seats.filter(player=player).exists():
        raise RuleError(f"{player.name} is not playing in this game.")
    game.first_dealer = player
    game.save(update_fields=["first_dealer", "updated_at"])


@transaction.atomic
def game_new_share_token(*, game: Game) -> None:
    from .models import new_token

    game.share_token = new_token()
    game.save(update_fields=["share_token", "updated_at"])


def store_round(
    game: Game,
    number: int,
    players: Mapping[str, Player],
    winner: str,
    hands: Mapping[str, str | int],
    request_key: str | None,
) -> Round:
    round_ = Round.objects.create(
        crew_id=game.crew_id,
        game=game,
        number=number,
        winner=players[winner],
        request_key=request_key,
    )
    Hand.objects.bulk_create(
        Hand(
            crew_id=game.crew_id,
            round=round_,
            player=players[name],
            points=hand if isinstance(hand, int) else hand_points(hand, game.edition),
            cards="" if isinstance(hand, int) else hand,
        )
        for name, hand in hands.items()
    )
    return round_
