"""Skill ratings: OpenSkill's Plackett–Luce model over a crew's counted games, in order played.

A counted game (finished with a result: played to the target, or stopped with the leader
winning) ranks its players by their final place — the SeatResult ``place``, which the core's
standings give: in standard scoring the winner first and the others by total, in lowest-wins
by total ascending; equal totals share a place, and a shared place is a tie for OpenSkill. A
game stopped with no result, abandoned, or still in play rates nobody.

The ratings are derived data (:class:`~scorekeeper.history.models.Rating`, one row per player
per counted game, with the rating before and after). A write to a game can change every later
rating, so :func:`refresh_from` recomputes from that game on: each player's state just before
it is read back from the rows, the rows from it on are deleted and written again. A deleted
game, an import or a roster merge recomputes the whole crew (:func:`rebuild`). A refresh holds
the crew's row lock, so two refreshes of one crew take turns.

Shown as the ordinal μ − 3σ, one decimal; a player with fewer than ``SETTLED_GAMES`` rated games
is "settling in".
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

from django.db import connection, transaction
from django.db.models import F, Max, Min, OuterRef, Q, Subquery, Sum
from django.utils.formats import number_format
from openskill.models import PlackettLuce

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game
from scorekeeper.roster.models import Player

from .models import Rating, SeatResult

MODEL = PlackettLuce()  # OpenSkill's default parameters: μ 25, σ 25/3
SETTLED_GAMES = 5


@dataclass(frozen=True)
class Placed:
    """A counted game as the ratings read it: when it was played and each player's place."""

    game_id: int
    played_at: dt.datetime
    places: tuple[tuple[int, int], ...]  # (player id, place), 1 is best


@dataclass
class State:
    mu: float
    sigma: float
    games: int


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def counted_games(crew_id: int, after: tuple[dt.datetime, int] | None = None) -> list[Placed]:
    """The crew's counted games (from ``after`` on, when given), in the order played."""
    games = Game.objects.counted().filter(crew_id=crew_id)
    if after is not None:
        games = games.filter(_from(after, "started_at", "pk"))
    rows = SeatResult.objects.filter(crew_id=crew_id, game__in=games.values("pk"))
    rows = rows.order_by("game__started_at", "game_id", "place", "player_id").values_list(
        "game_id", "game__started_at", "player_id", "place"
    )
    return [
        Placed(game_id, started, tuple((player, place) for _, _, player, place in seats))
        for (game_id, started), seats in groupby(rows, key=lambda row: (row[0], row[1]))
    ]


def _from(after: tuple[dt.datetime, int], when: str, game: str) -> Q:
    started, game_id = after
    # (A range the (crew, played_at, game) index reads, less the same moment's earlier games:
    # the plain "later, or as late with a larger id" OR made SQLite scan every row.)
    return Q(**{f"{when}__gte": started}) & ~Q(**{when: started, f"{game}__lt": game_id})


COLUMNS = (
    "crew_id",
    "game_id",
    "player_id",
    "sequence",
    "played_at",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "ordinal_before",
    "ordinal",
    "games",
)


def rate(
    games: Iterable[Placed], states: dict[int, State], first: int, crew_id: int
) -> list[tuple]:
    """Rate ``games`` in order from the players' ``states`` (updated in place); the rows to
    store, as tuples in ``COLUMNS`` order (a rebuild writes tens of thousands)."""
    rows = []
    rating, rate_teams = MODEL.rating, MODEL.rate
    for sequence, game in enumerate(games, start=first):
        players = [player for player, _ in game.places]
        before = [states.get(p) or State(MODEL.mu, MODEL.sigma, 0) for p in players]
        teams = [[rating(mu=s.mu, sigma=s.sigma)] for s in before]
        after = rate_teams(teams, ranks=[place for _, place in game.places])
        for player, old, (new,) in zip(players, before, after, strict=True):
            state = State(new.mu, new.sigma, old.games + 1)
            states[player] = state
            rows.append(
                (
                    crew_id,
                    game.game_id,
                    player,
                    sequence,
                    game.played_at,
                    old.mu,
                    old.sigma,
                    new.mu,
                    new.sigma,
                    ordinal(old.mu, old.sigma),
                    ordinal(new.mu, new.sigma),
                    state.games,
                )
            )
    return rows


def _insert(rows: list[tuple]) -> None:
    """INSERT the rows with ``executemany``: no model instances (a rebuild writes tens of
    thousands, and Django's bulk_create spends seconds building them)."""
    if not rows:
        return
    table = connection.ops.quote_name(Rating._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(column) for column in COLUMNS)
    marks = ", ".join(["%s"] * len(COLUMNS))
    field = Rating._meta.get_field("played_at")
    when = COLUMNS.index("played_at")
    values = [
        (*row[:when], field.get_db_prep_value(row[when], connection), *row[when + 1 :])
        for row in rows
    ]
    with connection.cursor() as cursor:
        for start in range(0, len(values), 2000):
            cursor.executemany(
                f"INSERT INTO {table} ({columns}) VALUES ({marks})",  # noqa: S608 - names are ours
                values[start : start + 2000],
            )


def _lock(crew_id: int) -> bool:
    return bool(list(Crew.objects.select_for_update().filter(pk=crew_id).values_list("pk")))


def rebuild(crew_id: int) -> int:
    """Throw away the crew's ratings and compute them all again; the number of rows."""
    with transaction.atomic():
        if not _lock(crew_id):
            return 0
        Rating.objects.filter(crew_id=crew_id).delete()
        rows = rate(counted_games(crew_id), {}, 1, crew_id)
        _insert(rows)
        return len(rows)


def refresh_from(crew_id: int, game_id: int) -> bool:
    """Recompute the crew's ratings from this game on (all of them when the game is gone:
    its rows went with it, so where it stood is unknown). Whether the crew is marked as
    awaiting a refresh an earlier write lost (``Crew.results_pending``, read with the lock)."""
    started_at = Game.objects.filter(pk=game_id).values_list("started_at", flat=True).first()
    if started_at is None:
        rebuild(crew_id)
        return False
    after = (started_at, game_id)
    with transaction.atomic():
        locked = Crew.objects.select_for_update().filter(pk=crew_id)
        pending = locked.values_list("results_pending", flat=True).first()
        if pending is None:
            return False
        ratings = Rating.objects.filter(crew_id=crew_id)
        changed = ratings.filter(_from(after, "played_at", "game_id"))
        cut = changed.aggregate(first=Min("sequence"))["first"]
        earlier = ratings if cut is None else ratings.filter(sequence__lt=cut)
        last = earlier.aggregate(last=Max("sequence"))["last"] or 0
        games = counted_games(crew_id, after)
        # The state of each player of the games to rate again, just before them: their
        # latest earlier row (one indexed lookup per player; a finished game has a few).
        states: dict[int, State] = {}
        for player in {player for game in games for player, _ in game.places}:
            row = earlier.filter(player_id=player).order_by("-sequence").first()
            if row is not None:
                states[player] = State(row.mu, row.sigma, row.games)
        changed.delete()
        rows = rate(games, states, last + 1, crew_id)
        _insert(rows)
    return pending


@dataclass(frozen=True)
class Shown:
    """A rating as a page shows it."""

    value: float
    games: int

    @property
    def settling(self) -> bool:
        return self.games < SETTLED_GAMES


# The pages' minus sign, the typographic one, for a rating, a change and the chart's axis alike.
MINUS = "\u2212"


def shown_figure(value: float, *, signed: bool = False, decimals: int = 1) -> str:
    """A rating (or a change, ``signed``: "+1.0") as the pages print it: rounded to
    ``decimals``, in the page's language, with the typographic minus ("−1.5")."""
    rounded = round(value, decimals)
    text = number_format(abs(rounded), decimals)
    if rounded < 0:  # round(-0.04, 1) is -0.0, which prints as "0.0"
        return MINUS + text
    return f"+{text}" if signed else text


@dataclass(frozen=True)
class Move:
    """A rating's move as the pages print it, "1.6 → 2.6 (+1.0)": the change is the difference
    of the two figures shown, so the line adds up (the change rounded on its own said +0.9)."""

    before: str
    after: str
    change: str
    up: bool  # the change shown is zero or more


def shown_move(before: float, after: float) -> Move:
    rounded_change = round(round(after, 1) - round(before, 1), 1)
    return Move(
        before=shown_figure(before),
        after=shown_figure(after),
        change=shown_figure(rounded_change, signed=True),
        up=rounded_change >= 0,
    )


def latest(field: str, player: str = "player_id") -> Subquery:
    """The player's rating now (``field`` of their latest row), for an ``annotate`` on rows
    that carry the player's id in ``player``: one subquery, no query per player."""
    rows = Rating.objects.filter(player_id=OuterRef(player)).order_by("-sequence")
    return Subquery(rows.values(field)[:1])


def history_of(player: Player):
    """The player's rating rows, one per rated game."""
    return Rating.objects.filter(player=player)


def gained(starts_on: dt.date, ends_on: dt.date, player: str = "player_id") -> Subquery:
    """The rating the player gained (or lost) over the games of the nights in this stretch,
    for an ``annotate`` like :func:`latest`."""
    rows = (
        Rating.objects.filter(
            player_id=OuterRef(player), game__night__date__range=(starts_on, ends_on)
        )
        .values("player_id")
        .annotate(total=Sum(F("ordinal") - F("ordinal_before")))
        .values("total")
    )
    return Subquery(rows[:1])
