"""History statistics: per-seat results kept for the history pages, and the figures read from them.

Totals, places and winners come from the domain core, never from SQL here: each finished game's
:class:`~scorekeeper.history.models.SeatResult` rows are written from its
:class:`~scorekeeper.domain.ScoredGame` (``ScoredGame.seat_figures``), the same scoring every
screen reads. The rows are written when a game is written: the games app sends
``game_changed`` on commit and :mod:`scorekeeper.history.receivers` calls :func:`refresh_game`
(an import sends ``games_imported``, with the games it scored); pages only read them (a GET
never writes). ``manage.py rebuild_stats`` rewrites them all. The pages aggregate the rows with
the ORM (``annotate``, ``Subquery``), in a fixed number of queries whatever the number of games
or rounds.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    FloatField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Cast, TruncMonth

from scorekeeper.crews.models import Crew
from scorekeeper.domain import ScoredGame, scored_game
from scorekeeper.domain.evenings import night_wins
from scorekeeper.games.models import COUNTED_ENDINGS, Challenge, Game, Round, Seat
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.roster.models import Player

from .models import SeatResult
from .records import record_figures

TABLES = {
    "game": Game._meta.db_table,
    "round": Round._meta.db_table,
    "result": SeatResult._meta.db_table,
    "challenge": Challenge._meta.db_table,
}
FINISHED = Game.Status.FINISHED.value
# A game counts when it is finished with a result: played to the target, or stopped early
# with the leader winning (COUNTED_ENDINGS). One stopped with no result, or abandoned, counts
# in no figure.
_COUNTED = "g.status = '{finished}' AND g.ended IN ({endings})".format(
    finished=FINISHED, endings=", ".join(f"'{value}'" for value in COUNTED_ENDINGS)
)

# A finished game's rows are current when they carry its updated_at and its numbers of rounds
# and challenges (the counts catch a row deleted without touching the game).
_CURRENT = """
    EXISTS (SELECT 1 FROM {result} sr WHERE sr.game_id = g.id
            AND sr.game_updated_at = g.updated_at
            AND sr.game_rounds = (SELECT COUNT(*) FROM {round} r WHERE r.game_id = g.id)
            AND sr.game_challenges = (
                SELECT COUNT(*) FROM {challenge} c WHERE c.game_id = g.id))
""".format(**TABLES)

# The crew's games whose rows are not what they should be: a counted game without current
# rows, or a game that no longer counts and still has some.
_STALE = f"""
SELECT g.id FROM {TABLES["game"]} g WHERE g.crew_id = %s AND (
    ({_COUNTED} AND NOT {_CURRENT})
    OR (NOT ({_COUNTED})
        AND EXISTS (SELECT 1 FROM {TABLES["result"]} sr WHERE sr.game_id = g.id))
)
"""
# Games scored and written at a time by the bulk refreshes.
_BATCH = 500


def result_rows(game: Game, scored: ScoredGame | None = None) -> list[SeatResult]:
    """The SeatResult rows of ``game`` (loaded with ``with_rounds()``; none unless it counts),
    from ``scored`` when the caller already holds its scoring, else scored here."""
    if game.status != Game.Status.FINISHED or game.ended not in COUNTED_ENDINGS:
        return []
    scored = scored or scored_game(game_to_dict(game, challenges=False))
    players = {seat.player.name: seat.player_id for seat in game.seats.all()}
    challenges = list(game.challenges.all())
    won = defaultdict(int)
    lost = defaultdict(int)
    for challenge in challenges:  # won by whoever did not have to draw
        winner, loser = (
            (challenge.challenger_id, challenge.challenged_id)
            if challenge.guilty
            else (challenge.challenged_id, challenge.challenger_id)
        )
        won[winner] += 1
        lost[loser] += 1
    stamp = {
        "game_updated_at": game.updated_at,
        "game_rounds": len(scored.rounds),
        "game_challenges": len(challenges),
    }
    rows = []
    kept = record_figures(scored)
    for name, figures in scored.seat_figures().items():
        player_id = players[name]
        rows.append(
            SeatResult(
                crew_id=game.crew_id,
                game_id=game.pk,
                player_id=player_id,
                total=figures.total,
                place=figures.place,
                won=figures.won,
                rounds_won=figures.rounds_won,
                collected=figures.collected,
                best_round=figures.best_round,
                held_points=figures.held_points,
                held_hands=figures.held_hands,
                challenges_won=won[player_id],
                challenges_lost=lost[player_id],
                biggest_round=kept[name].biggest_round,
                deficit=kept[name].deficit,
                margin=kept[name].margin,
                **stamp,
            )
        )
    return rows


def refresh_game(game_id: int) -> None:
    """Rewrite one game's SeatResult rows from its rounds (none unless it is finished).

    Called after a write to the game has committed. The game's row lock makes two refreshes
    of the same game take turns, so the later one reads the later rounds (PostgreSQL; SQLite
    runs one writer at a time anyway). A game deleted meanwhile took its rows with it.
    """
    with transaction.atomic():
        locked = Game.objects.select_for_update().filter(pk=game_id).values_list("pk")
        if not list(locked):
            return
        game = Game.objects.with_rounds().filter(pk=game_id).first()
        SeatResult.objects.filter(game_id=game_id).delete()
        SeatResult.objects.bulk_create(result_rows(game))


def _rewrite(game_ids: list[int], scored: Mapping[int, ScoredGame]) -> None:
    """Rewrite the rows of ``game_ids``, a batch at a time, scoring the games ``scored``
    does not already hold."""
    # A game already scored needs only its seats and challenges; the others their rounds too.
    held = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")), "challenges"
    )
    for start in range(0, len(game_ids), _BATCH):
        batch = game_ids[start : start + _BATCH]
        SeatResult.objects.filter(game_id__in=batch).delete()
        games = [
            *held.filter(pk__in=[pk for pk in batch if pk in scored]),
            *Game.objects.with_rounds().filter(pk__in=[pk for pk in batch if pk not in scored]),
        ]
        SeatResult.objects.bulk_create(
            [row for game in games for row in result_rows(game, scored.get(game.pk))],
            batch_size=1000,
        )


def rebuild_results(crew: Crew) -> None:
    """Throw away the crew's SeatResult rows and write them all again from the rounds."""
    with transaction.atomic():
        SeatResult.objects.filter(crew=crew).delete()
        _rewrite(list(Game.objects.filter(crew=crew).counted().values_list("pk", flat=True)), {})


def refresh_results(crew: Crew, scored: Mapping[int, ScoredGame] | None = None) -> None:
    """Bring the crew's SeatResult rows in line with its games (one query when they are).

    After an import (``scored``: the games it scored, by id, so they are not scored twice),
    for writes that bypass the games services (``seed_demo``'s bulk inserts) and for
    ``rebuild_stats --stale``: only the games whose rows no longer match are rewritten.
    """
    with connection.cursor() as cursor:
        cursor.execute(_STALE, [crew.pk])
        stale = [game_id for (game_id,) in cursor.fetchall()]
    if not stale:
        return
    try:
        with transaction.atomic():
            _rewrite(stale, scored or {})
    except IntegrityError:
        # Another request refreshed the same rows at the same moment: theirs are as good.
        pass


def _in(games: QuerySet[Game]) -> QuerySet:
    """The counted games among ``games`` (finished with a result), as a subquery of ids."""
    return counted(games).order_by().values("id")


def counted(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games among ``games`` that count in the figures: finished with a result."""
    return games.filter(status=Game.Status.FINISHED, ended__in=COUNTED_ENDINGS)


def _ratio(numerator: Any, denominator: str) -> Case:
    return Case(
        When(
            **{f"{denominator}__gt": 0},
            then=Cast(numerator, FloatField()) / Cast(F(denominator), FloatField()),
        ),
        default=None,
        output_field=FloatField(),
    )


def player_stats(games: QuerySet[Game]) -> QuerySet:
    """Per player who finished a game among ``games``: their statistics over those games.

    Rows are dicts with ``player_id`` and ``name``. ``points_per_round_won``: what they
    collected per round won (the points left in the other hands); ``points_left_in_hand``: the
    average of their own hands in rounds they lost; a challenge is won by whoever did not draw.
    """
    return (
        results_of(games)
        .values("player_id")
        .annotate(
            name=F("player__name"),
            games_played=Count("pk"),
            games_won=Count("pk", filter=Q(won=True)),
            round_wins=Sum("rounds_won"),
            collected=Sum("collected"),
            best_round=Max("best_round"),
            held_points=Sum("held_points"),
            held_hands=Sum("held_hands"),
            challenges_won=Sum("challenges_won"),
            challenges_lost=Sum("challenges_lost"),
        )
        .annotate(
            win_rate=_ratio(F("games_won"), "games_played"),
            points_per_round_won=_ratio(F("collected"), "round_wins"),
            points_left_in_hand=_ratio(F("held_points"), "held_hands"),
        )
        .order_by("-games_won", "-win_rate", "name")
    )


def results_of(games: QuerySet[Game]) -> QuerySet[SeatResult]:
    """The seats' results of the finished games among ``games``."""
    return SeatResult.objects.filter(game__in=_in(games))


def winners_by_game(games: QuerySet[Game]) -> dict[int, list[str]]:
    """Each finished game's winners' names (a page's worth of games: a few rows each)."""
    rows = (
        results_of(games)
        .filter(won=True)
        .order_by("game_id", "player__name")
        .values_list("game_id", "player__name")
    )
    winners: dict[int, list[str]] = defaultdict(list)
    for game_id, name in rows:
        winners[game_id].append(name)
    return dict(winners)


def wins_by_night(games: QuerySet[Game]) -> dict[int, list[tuple[str, int]]]:
    """For each night of ``games``: (player, games won) most wins first (``night_wins``)."""
    rows = (
        results_of(games)
        .filter(won=True)
        .order_by("game__night_id", "game__started_at", "game_id", "player__name")
        .values_list("game__night_id", "game_id", "player__name")
    )
    by_night: dict[int, dict[int, list[str]]] = defaultdict(dict)
    for night_id, game_id, name in rows:
        by_night[night_id].setdefault(game_id, []).append(name)
    return {night: night_wins(games.values()) for night, games in by_night.items()}


def results_by_month(games: QuerySet[Game], player: Player, *, months: int = 12) -> list[dict]:
    """The player's games played and won per month, for the last ``months`` months they played."""
    rows = (
        results_of(games)
        .filter(player=player)
        .annotate(month=TruncMonth("game__night__date"))
        .values("month")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(won=True)))
        .order_by("-month")[:months]
    )
    return [{**row, "month": _as_date(row["month"])} for row in reversed(list(rows))]


def _as_date(value: Any) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value


def played_together(a: Player, b: Player) -> QuerySet[Game]:
    """Games where both players had a seat."""
    seat_of = Seat.objects.filter(game=OuterRef("pk"))
    return Game.objects.filter(Exists(seat_of.filter(player=a)), Exists(seat_of.filter(player=b)))


@dataclass(frozen=True)
class HeadToHead:
    """Two players' figures over the games they both played, and those games (finished)."""

    a_figures: dict[str, Any]
    b_figures: dict[str, Any]
    games: QuerySet[Game]


_NO_FIGURES = {"games_played": 0, "games_won": 0, "round_wins": 0}


def head_to_head(crew: Crew, a: Player, b: Player, season: Any = None) -> HeadToHead:
    """The crew's finished games where both sat, newest first, each with both totals and wins.

    The games carry ``a_total``, ``b_total``, ``a_won`` and ``b_won``; the figures are
    ``player_stats`` rows over the same games (zeros when a player finished none of them).
    """
    together = played_together(a, b).filter(crew=crew)
    if season is not None:  # a season: its nights only
        together = together.filter(night__date__range=(season.starts_on, season.ends_on))
    figures = {row["player_id"]: row for row in player_stats(together)}
    result_of = SeatResult.objects.filter(game=OuterRef("pk"))
    games = (
        counted(together)
        .select_related("night")
        .annotate(
            a_total=Subquery(result_of.filter(player=a).values("total")[:1]),
            b_total=Subquery(result_of.filter(player=b).values("total")[:1]),
            a_won=Exists(result_of.filter(player=a, won=True)),
            b_won=Exists(result_of.filter(player=b, won=True)),
        )
        .order_by("-started_at")
    )
    return HeadToHead(
        a_figures=figures.get(a.pk, _NO_FIGURES),
        b_figures=figures.get(b.pk, _NO_FIGURES),
        games=games,
    )
