"""Records and rivals: the crew's bests and each player's, and who beats whom most.

Pure functions on plain values (nothing here imports Django), in two steps:

1. When a game's results are written, :func:`record_figures` reads the core's
   :class:`~scorekeeper.domain.ScoredGame` for what only the rounds know, kept on each
   :class:`~scorekeeper.history.models.SeatResult` row: the most points the player took in one
   round, the farthest they trailed the leader after a round, and a winner's lead at the end.
2. The pages read those rows back as :class:`Line` values, in the order the games were played,
   and :func:`player_records`, :func:`crew_records`, :func:`streak_now` and :func:`rivals_of`
   work the records out in one pass.

The records (:class:`Kind`), over the counted games (finished with a result). A game's biggest
round, comeback and closest finish are measured as the night's recap measures them
(:mod:`scorekeeper.nights.recap`; ``tests/history/test_records.py`` holds the two equal):

- **longest winning streak**: the most games won in a row of the games the player played
  (a shared win is a win; any other result ends the run);
- **most wins in one night**: the most games won on one game night;
- **biggest round**: the most points taken in one round, in either mode: in standard scoring
  what the round's winner collects, in lowest-wins what a player adds to their own total;
- **best comeback**: the largest deficit a winner overcame: after some round they trailed the
  leader by that much. The leader is the best total under the game's mode, so in lowest-wins
  the deficit is measured from the lowest total (the leader's) to the player's;
- **closest finish**: the smallest gap between the first and the second final totals of a
  game, held by its winner (a shared win is a gap of 0);
- **quickest win**: the fewest rounds in a game won at the target (a game stopped early with
  the leader winning counts in every other record, but was not won quickly);
- **most games played**.

A game with totals but no rounds counts in the streak, the night's wins, the closest finish
and the games played; the records that need rounds (biggest round, comeback, quickest win)
leave it out.

Ties: **the earliest set keeps it.** A record is set in the game where it was reached (a
streak in the game that brought it to its length, a night's wins in the game that brought the
night to that count, the games played in the game that reached that number), and a later
equal does not take it. Within one game, the order of its standings decides: the better
place, then seat order, as the game's record lists them (the order the lines are read in).
The same rule picks a nemesis among players with as many wins: the one who reached that
number first.

Rivals, for one player: their **nemesis** is the player who beat them most often, and the one
they **beat most**, who they beat most often; "A beat B" means A won a game both played and B
did not. It takes :data:`MIN_RIVAL_WINS` such games to be a rival.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import groupby
from typing import NamedTuple

from scorekeeper.domain import ScoredGame
from scorekeeper.domain.scoring import winners_of

# It takes this many games beaten to be someone's nemesis, or the one they beat most.
MIN_RIVAL_WINS = 3


class Kind(StrEnum):
    """A record, in the order the pages list them."""

    STREAK = "streak"
    NIGHT_WINS = "night_wins"
    BIGGEST_ROUND = "biggest_round"
    COMEBACK = "comeback"
    CLOSEST = "closest"
    QUICKEST = "quickest"
    GAMES = "games"


# The records where the smaller figure is the better one.
SMALLER_IS_BETTER = frozenset({Kind.CLOSEST, Kind.QUICKEST})


@dataclass(frozen=True, slots=True)
class RecordFigures:
    """What the records need of one player's game beyond its totals (kept on SeatResult)."""

    biggest_round: int | None  # the most points they took in one round; None without rounds
    deficit: int | None  # the farthest behind the leader after any round; None without rounds
    margin: int | None  # the gap between the first two totals, on a winner; None for the others


def record_figures(scored: ScoredGame) -> dict[str, RecordFigures]:
    """Each player's :class:`RecordFigures` in a game with a result (its winners known)."""
    players = scored.players
    biggest: dict[str, int | None] = dict.fromkeys(players)
    deficit: dict[str, int | None] = dict.fromkeys(players)
    for item in scored.rounds:
        # The leader after this round: the best total under the mode (the lowest in lowest-wins).
        leader = item.running[winners_of(item.running, scored.scoring)[0]]
        for name in players:
            biggest[name] = max(biggest[name] or 0, item.points[name])
            deficit[name] = max(deficit[name] or 0, abs(leader - item.running[name]))
    # The gap between the first and second final totals (the standings' order), as the night's
    # recap measures its closest finish: a shared win is a gap of 0.
    first, second = scored.standings[:2]
    gap = abs(first.total - second.total)
    return {
        name: RecordFigures(biggest[name], deficit[name], gap if name in scored.winners else None)
        for name in players
    }


class Line(NamedTuple):
    """One player's result in one counted game, as the records read it. The functions below
    read a line by position, so a plain tuple of these fields in this order is a line too:
    the rows a page reads from the database, tens of thousands of them, as they come."""

    game_id: int
    night_id: int
    player_id: int
    won: bool
    rounds: int  # the game's rounds (0: a game known by its totals only)
    to_target: bool  # played until someone reached the target (not stopped early)
    biggest_round: int | None
    deficit: int | None
    margin: int | None


# Where a line's fields sit, for the functions that read only a few of them.
GAME, PLAYER, WON = (Line._fields.index(name) for name in ("game_id", "player_id", "won"))


class Record(NamedTuple):
    """A record: who holds it, its figure, and the game (and night) it was set in."""

    kind: Kind
    player_id: int
    value: int
    game_id: int
    night_id: int
    # The position of the line it was set at: the earlier keeps a tie.
    order: int


def _beats(kind: Kind, value: int, held: Record | None) -> bool:
    """Whether ``value`` takes the record ``held`` (strictly better: an equal keeps it)."""
    if held is None:
        return True
    return value < held.value if kind in SMALLER_IS_BETTER else value > held.value


class _Player:
    """One player's figures so far while the lines are read, and the records they hold."""

    __slots__ = ("held", "last", "nights", "played", "run")

    def __init__(self) -> None:
        self.held: dict[Kind, Record] = {}
        self.played = 0
        self.run = 0
        self.nights: dict[int, int] = {}
        self.last: tuple[int, int, int] = (0, 0, 0)  # (order, game, night) of their last line

    def offer(self, kind: Kind, value: int, line: tuple[int, int, int], order: int) -> None:
        """Keep ``value`` if it beats the player's record of ``kind``; ``line`` is where
        (player, game, night)."""
        if _beats(kind, value, self.held.get(kind)):
            self.held[kind] = Record(kind, line[0], value, line[1], line[2], order)


def player_records(lines: Iterable[Line]) -> dict[int, dict[Kind, Record]]:
    """Each player's records (by player id), from ``lines`` in the order the games were played
    and, within a game, in the order of its standings (the order that breaks a tie).

    A player holds only the records they have: no win, no streak; no round, no biggest round."""
    players: dict[int, _Player] = {}
    for order, line in enumerate(lines):
        game_id, night_id, player_id, won, rounds, to_target, biggest, deficit, margin = line
        mine = players.get(player_id)
        if mine is None:
            mine = players[player_id] = _Player()
        where = (player_id, game_id, night_id)
        mine.played += 1
        mine.last = (order, game_id, night_id)
        if biggest:
            mine.offer(Kind.BIGGEST_ROUND, biggest, where, order)
        if not won:
            mine.run = 0
            continue
        mine.run += 1
        mine.offer(Kind.STREAK, mine.run, where, order)
        wins = mine.nights[night_id] = mine.nights.get(night_id, 0) + 1
        mine.offer(Kind.NIGHT_WINS, wins, where, order)
        if deficit:
            mine.offer(Kind.COMEBACK, deficit, where, order)
        if margin is not None:
            mine.offer(Kind.CLOSEST, margin, where, order)
        if rounds and to_target:
            mine.offer(Kind.QUICKEST, rounds, where, order)
    found = {}
    for player_id, mine in players.items():
        # The games played: a new record at every game, so set once, at their last.
        order, game_id, night_id = mine.last
        mine.held[Kind.GAMES] = Record(Kind.GAMES, player_id, mine.played, game_id, night_id, order)
        found[player_id] = mine.held
    return found


def crew_records(by_player: Mapping[int, Mapping[Kind, Record]]) -> dict[Kind, Record]:
    """The crew's record of each kind: the best of the players' (:func:`player_records`),
    the earliest set keeping a tie. A kind nobody holds is left out."""
    found: dict[Kind, Record] = {}
    for held in by_player.values():
        for kind, record in held.items():
            current = found.get(kind)
            if (
                current is None
                or _beats(kind, record.value, current)
                or (record.value == current.value and record.order < current.order)
            ):
                found[kind] = record
    return {kind: found[kind] for kind in Kind if kind in found}


@dataclass(frozen=True, slots=True)
class Streak:
    """A player's run now: ``games`` won in a row (``won``), or games in a row without a win."""

    won: bool
    games: int


def streak_now(lines: Sequence[Line]) -> Streak | None:
    """The run that ``lines`` (one player's, in the order played) end on; None without games."""
    if not lines:
        return None
    flags = [bool(line[WON]) for line in lines]
    won = flags[-1]
    games = 0
    for flag in reversed(flags):
        if flag != won:
            break
        games += 1
    return Streak(won, games)


class Rival(NamedTuple):
    """Another player, and how often one of the two beat the other in the games both played."""

    player_id: int
    wins: int
    together: int
    order: int  # the line at which ``wins`` was reached: the earlier keeps a tie


@dataclass(frozen=True, slots=True)
class Rivals:
    nemesis: Rival | None  # who beat the player most often
    beaten: Rival | None  # who the player beat most often


def rivals_of(player_id: int, lines: Iterable[Line]) -> Rivals:
    """The player's rivals, from the lines of the games they played (every seat of each game;
    lines of games they did not play are ignored), in the order of :func:`player_records`."""
    together: dict[int, int] = defaultdict(int)
    beat_them: dict[int, tuple[int, int]] = {}  # other → (wins over the player, reached at)
    they_beat: dict[int, tuple[int, int]] = {}  # other → (the player's wins over them, ...)
    seats = ((order, line[GAME], line[PLAYER], line[WON]) for order, line in enumerate(lines))
    for _, game in groupby(seats, key=lambda seat: seat[1]):
        game = list(game)
        mine = next((won for _, _, player, won in game if player == player_id), None)
        if mine is None:
            continue
        for order, _, other, theirs in game:
            if other == player_id:
                continue
            together[other] += 1
            if theirs and not mine:
                beat_them[other] = (beat_them.get(other, (0, 0))[0] + 1, order)
            elif mine and not theirs:
                they_beat[other] = (they_beat.get(other, (0, 0))[0] + 1, order)
    return Rivals(_most(beat_them, together), _most(they_beat, together))


def _most(wins: Mapping[int, tuple[int, int]], together: Mapping[int, int]) -> Rival | None:
    """The most wins, at least MIN_RIVAL_WINS; the first to reach that number keeps a tie."""
    found = [
        Rival(other, count, together[other], order)
        for other, (count, order) in wins.items()
        if count >= MIN_RIVAL_WINS
    ]
    return min(found, key=lambda rival: (-rival.wins, rival.order), default=None)
