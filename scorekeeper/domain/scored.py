"""The typed result of scoring a game: what every screen reads for totals and standings.

Built once from :func:`scorekeeper.domain.scoring.score_game`; the scoreboard, the game record,
its chart legend, the live view and the stats check all read it instead of indexing the
scored dictionary or adding up running totals themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dealing import dealer_seat
from .scoring import placed, scored_with_hands


def round_after(played: int) -> int:
    """The number the next round takes once ``played`` rounds are stored: rounds are numbered
    from 1 with no gap (a deleted round is always the last one)."""
    return played + 1


@dataclass(frozen=True)
class ScoredRound:
    """One round: who went out, each hand as entered, points scored, and totals after it."""

    number: int
    winner: str
    hands: Mapping[str, str | int]
    points: Mapping[str, int]
    running: Mapping[str, int]
    extras: Mapping[str, Any] = field(default_factory=dict)
    # The points left in each hand entered (whoever they pay): what a hand counts.
    held: Mapping[str, int] = field(default_factory=dict)

    @property
    def collected(self) -> int:
        """The points in the round's hands: what the winner collects in standard scoring."""
        return sum(self.held.values())


@dataclass(frozen=True)
class SeatFigures:
    """One player's figures in one game, as the history's per-seat results keep them."""

    total: int
    place: int
    won: bool
    rounds_won: int
    collected: int  # the points in the hands of the rounds this player won
    best_round: int | None  # the most points in one round they won; None if they won none
    held_points: int  # the points left in their own hands in the rounds they lost...
    held_hands: int  # ...and how many such hands


@dataclass(frozen=True)
class Placing:
    """A player's place in the standings (equal totals share a place)."""

    place: int
    name: str
    total: int
    rounds_won: int
    winner: bool


@dataclass(frozen=True)
class ScoredGame:
    """A validated, scored game. ``data`` is the canonical ``scorekeeper-game/1`` export."""

    edition: str
    scoring: str
    target: int
    players: tuple[str, ...]
    rounds: tuple[ScoredRound, ...]
    totals: Mapping[str, int]
    finished: bool
    winners: tuple[str, ...]
    data: Mapping[str, Any]
    # "" unless the game was stopped before the target: "leader", "no_result" or "abandoned".
    ended: str = ""

    @classmethod
    def from_scored(
        cls, scored: Mapping[str, Any], held: Sequence[Mapping[str, int]] = ()
    ) -> ScoredGame:
        """Wrap the dictionary :func:`score_game` returns (and, when given, each round's
        points left in each hand, from :func:`scored_with_hands`)."""
        players = tuple(scored["players"])
        running = dict.fromkeys(players, 0)
        rounds = []
        for number, item in enumerate(scored["rounds"], start=1):
            for name in players:
                running[name] += item["points"][name]
            extras = {k: v for k, v in item.items() if k not in ("winner", "hands", "points")}
            rounds.append(
                ScoredRound(
                    number=number,
                    winner=item["winner"],
                    hands=dict(item["hands"]),
                    points=dict(item["points"]),
                    running=dict(running),
                    extras=extras,
                    held=dict(held[number - 1]) if held else {},
                )
            )
        result = scored["result"]
        return cls(
            edition=scored["edition"],
            scoring=scored["scoring"],
            target=scored["target"],
            players=players,
            rounds=tuple(rounds),
            totals=dict(result["totals"]),
            finished=bool(result["finished"]),
            winners=tuple(result["winners"]),
            data=scored,
            ended=scored.get("ended", ""),
        )

    @property
    def recorded(self) -> bool:
        """Whether only the game's final totals and winners are known (no rounds): a game
        recorded elsewhere, such as a play imported from BG Stats."""
        return not self.rounds and bool(self.winners)

    @property
    def last_round(self) -> ScoredRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def next_round(self) -> int:
        return round_after(len(self.rounds))

    @property
    def rounds_won(self) -> dict[str, int]:
        won = dict.fromkeys(self.players, 0)
        for item in self.rounds:
            won[item.winner] += 1
        return won

    @property
    def standings(self) -> list[Placing]:
        """Best first under the game's mode; seat order breaks ties."""
        won = self.rounds_won
        return [
            Placing(place, name, total, won[name], name in self.winners)
            for place, name, total in placed(self.totals, self.winners, self.scoring)
        ]

    def seat_figures(self) -> dict[str, SeatFigures]:
        """Each player's figures (needs the hands' points: a game from ``scored_game``)."""
        rounds_won = self.rounds_won
        figures = {}
        for place, name, total in placed(self.totals, self.winners, self.scoring):
            won = [item.collected for item in self.rounds if item.winner == name]
            lost = [
                item.held[name] for item in self.rounds if item.winner != name and name in item.held
            ]
            figures[name] = SeatFigures(
                total=total,
                place=place,
                won=name in self.winners,
                rounds_won=rounds_won[name],
                collected=sum(won),
                best_round=max(won, default=None),
                held_points=sum(lost),
                held_hands=len(lost),
            )
        return figures

    def progression(self, name: str) -> list[int]:
        """A player's total after each round (the chart's line)."""
        return [item.running[name] for item in self.rounds]

    def next_dealer(self, first_dealer: str | None) -> str | None:
        """Who deals the next round, from the first dealer and the rounds played."""
        if first_dealer is None or self.finished or first_dealer not in self.players:
            return None
        first_seat = self.players.index(first_dealer)
        return self.players[dealer_seat(first_seat, self.next_round, len(self.players))]


def scored_game(game: Mapping[str, Any]) -> ScoredGame:
    """Validate and score a ``scorekeeper-game/1`` game into a :class:`ScoredGame`."""
    return ScoredGame.from_scored(*scored_with_hands(game))
