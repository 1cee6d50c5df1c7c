"""The night's recap: what a game night came down to, readable in ten seconds on a phone.

Every figure is read from the core's score of the stored rounds
(:func:`scorekeeper.domain.scored_game` over ``game_to_dict``): :func:`night_recap` loads the
night's games in a fixed number of queries, whatever their number, and :func:`recap_of` is a
pure function of the scored games. A game is named by its place in the night ("game 2"), so
the shared page says nothing of the crew's other games.

The figures, exactly:

* **Games** — every game of the night in the order it started, with its players, its rounds
  and its outcome: who won, or still in play, stopped with no result, abandoned.
* **Counted games** — the games ``Game.objects.counted()`` selects (finished with a winner: at
  the target, or stopped early with the leader winning), read from the same score: a game the
  core calls over and that has winners. Only they count for the champion, the closest finish
  and the comeback.
* **Champion** — the player who won the most counted games; a shared win counts for each of
  its winners. Equal most wins make **co-champions**, all of them named: no tie-break, as any
  (points, rounds won) would compare games of different targets and scoring modes. No counted
  game, no champion.
* **Biggest round** — the most points one player scored in one round, over every round played
  that night (in counted games or not: the round was played), as the core scores a round: in
  standard scoring, the points the round's winner collected from everyone else's hands; in
  lowest-wins scoring, the most points left in one hand (which its holder adds to their own
  total). Equal rounds: the earliest (game, then round, then seat) is named.
* **Closest finish** — among counted games, the smallest margin between the first and the
  second final totals, in the game's own order (highest first in standard scoring, lowest
  first in lowest-wins). A shared win is a margin of 0. Equal margins: the earliest game.
* **Comeback** — among the winners of counted games, the largest deficit overcome: the most
  points a winner trailed the leader by after any round, "leading" in that game's own sense
  (the highest total in standard scoring, the lowest in lowest-wins). Named only when some
  winner was ever behind (a deficit above 0). Equal deficits: the earliest game, then the
  first such round, then seat order.
* **Challenges called** — every Wild Draw Four challenge logged on the night's games, in the
  order logged: who challenged whom, the verdict, who drew and how many cards.
* **Movers** — every player rated that night, from their rating before their first game of
  the night to after their last, the biggest riser first (:func:`night_movers`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.domain import ScoredGame, Scoring, rank, scored_game
from scorekeeper.domain.evenings import night_champions, night_wins
from scorekeeper.games.models import Ending, Game
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.history.models import Rating
from scorekeeper.history.ratings import shown_move
from scorekeeper.nights.models import GameNight


@dataclass(frozen=True)
class GameLine:
    """One game of the night. ``number`` is its place in the night, from 1; ``pk`` links it
    on the members' page only."""

    number: int
    pk: int
    players: tuple[str, ...]
    winners: tuple[str, ...]
    rounds: int
    finished: bool
    ended: str  # "" unless stopped early: "leader", "no_result", "abandoned"

    @property
    def counted(self) -> bool:
        return bool(self.winners)

    @property
    def outcome_label(self) -> str:
        """How a game without a winner stands, in the models' words ("In play", "Abandoned")."""
        if self.counted:
            return ""
        if self.ended:
            return str(Ending(self.ended).label)
        return str(Game.Status.ACTIVE.label if not self.finished else Game.Status.FINISHED.label)


@dataclass(frozen=True)
class Champion:
    """The player(s) with the most wins among ``counted`` games; several when tied."""

    names: tuple[str, ...]
    wins: int
    counted: int

    @property
    def shared(self) -> bool:
        return len(self.names) > 1


@dataclass(frozen=True)
class BiggestRound:
    game: int
    round: int
    player: str
    points: int
    scoring: str

    @property
    def collected(self) -> bool:
        """True in standard scoring (the winner collected the points), False in lowest-wins
        (the player was left holding them)."""
        return self.scoring == Scoring.STANDARD


@dataclass(frozen=True)
class ClosestFinish:
    game: int
    first: str
    first_total: int
    second: str
    second_total: int
    winners: tuple[str, ...]

    @property
    def margin(self) -> int:
        return abs(self.first_total - self.second_total)

    @property
    def tied(self) -> bool:
        return self.margin == 0


@dataclass(frozen=True)
class Comeback:
    """``player`` won game ``game`` after trailing ``leader`` by ``deficit`` points after
    round ``after_round``."""

    game: int
    player: str
    deficit: int
    after_round: int
    leader: str


@dataclass(frozen=True)
class ChallengeLine:
    game: int
    challenger: str
    challenged: str
    guilty: bool
    drawer: str
    cards: int


@dataclass
class Recap:
    games: tuple[GameLine, ...]
    champion: Champion | None
    biggest_round: BiggestRound | None
    closest_finish: ClosestFinish | None
    comeback: Comeback | None
    challenges: tuple[ChallengeLine, ...]
    # The night's rating movers (:func:`night_movers`, added by :func:`night_recap`); the page
    # shows their section only when this holds something.
    movers: list[Any] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return sum(1 for game in self.games if game.counted)


def _line(number: int, pk: int, scored: ScoredGame) -> GameLine:
    return GameLine(
        number=number,
        pk=pk,
        players=scored.players,
        winners=scored.winners,
        rounds=len(scored.rounds),
        finished=scored.finished,
        ended=scored.ended,
    )


def champion_of(games: Mapping[int, ScoredGame]) -> Champion | None:
    counted = [scored.winners for scored in games.values() if scored.winners]
    wins = night_wins(counted)
    if not wins:
        return None
    # Named in the order they first won that night.
    return Champion(night_champions(wins), wins[0][1], len(counted))


def biggest_round_of(games: Mapping[int, ScoredGame]) -> BiggestRound | None:
    best: BiggestRound | None = None
    for number, scored in enumerate(games.values(), start=1):
        for item in scored.rounds:
            for player in scored.players:  # seat order: the first of equal hands is named
                points = item.points[player]
                if points > (best.points if best else 0):
                    best = BiggestRound(number, item.number, player, points, scored.scoring)
    return best


def closest_finish_of(games: Mapping[int, ScoredGame]) -> ClosestFinish | None:
    best: ClosestFinish | None = None
    for number, scored in enumerate(games.values(), start=1):
        if not scored.winners:
            continue
        first, second = scored.standings[:2]
        finish = ClosestFinish(
            number, first.name, first.total, second.name, second.total, scored.winners
        )
        if best is None or finish.margin < best.margin:
            best = finish
    return best


def comeback_of(games: Mapping[int, ScoredGame]) -> Comeback | None:
    best: Comeback | None = None
    for number, scored in enumerate(games.values(), start=1):
        higher_leads = scored.scoring == Scoring.STANDARD
        for item in scored.rounds:
            leader_total = (max if higher_leads else min)(item.running.values())
            leader = rank(item.running, scored.scoring)[0][1]
            for winner in scored.winners:
                behind = abs(leader_total - item.running[winner])
                if behind > (best.deficit if best else 0):
                    best = Comeback(number, winner, behind, item.number, leader)
    return best


def challenges_of(games: Mapping[int, ScoredGame]) -> tuple[ChallengeLine, ...]:
    """The challenges ``game_to_dict`` carried into the scored game (the core keeps them)."""
    return tuple(
        ChallengeLine(
            game=number,
            challenger=logged["challenger"],
            challenged=logged["challenged"],
            guilty=bool(logged["guilty"]),
            drawer=logged["drawer"],
            cards=int(logged["cards"]),
        )
        for number, scored in enumerate(games.values(), start=1)
        for logged in scored.data.get("challenges", ())
    )


def recap_of(games: Mapping[int, ScoredGame]) -> Recap:
    """The recap of the night's scored games, keyed by game id in the order they started."""
    return Recap(
        games=tuple(
            _line(number, pk, scored) for number, (pk, scored) in enumerate(games.items(), start=1)
        ),
        champion=champion_of(games),
        biggest_round=biggest_round_of(games),
        closest_finish=closest_finish_of(games),
        comeback=comeback_of(games),
        challenges=challenges_of(games),
    )


def night_games(night: GameNight, *, attempts: int = 3) -> list[Game]:
    """The night's games with their seats, rounds and challenges, in the order they started:
    one consistent read, as ``scoreboard.load_game`` makes of one game. The rows come in four
    queries; a fifth reads every game's ``version`` again, and a write that committed in
    between (it bumps the version) makes the read start over, at last under the row locks."""
    games = Game.objects.filter(crew_id=night.crew_id, night=night).order_by("started_at", "pk")
    for _attempt in range(attempts):
        loaded = list(games.with_rounds())
        if dict(games.values_list("pk", "version")) == {g.pk: g.version for g in loaded}:
            return loaded
    with transaction.atomic():
        return list(games.select_for_update(of=("self",)).with_rounds())


@dataclass(frozen=True)
class Mover:
    """A player's rating over the night: before their first rated game, after their last."""

    name: str
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before

    def __str__(self) -> str:
        move = shown_move(self.before, self.after)
        return _("%(name)s %(before)s → %(after)s (%(change)s)") % {
            "name": self.name,
            "before": move.before,
            "after": move.after,
            "change": move.change,
        }


def night_movers(night: GameNight) -> list[Mover]:
    """Each player rated that night, the biggest riser first (one query)."""
    rows = Rating.objects.filter(game__night=night).select_related("player").order_by("sequence")
    first: dict[int, Rating] = {}
    last: dict[int, Rating] = {}
    for row in rows:
        first.setdefault(row.player_id, row)
        last[row.player_id] = row
    movers = [
        Mover(row.player.name, first[pk].ordinal_before, row.ordinal) for pk, row in last.items()
    ]
    return sorted(movers, key=lambda mover: (-mover.change, mover.name))


def night_recap(night: GameNight) -> Recap:
    """The night's recap, scored by the core, with its rating movers: six queries, whatever
    the number of games."""
    recap = recap_of({game.pk: scored_game(game_to_dict(game)) for game in night_games(night)})
    recap.movers.extend(night_movers(night))
    return recap
