"""Generated histories and the records worked out from scratch over them, for the records
tests: straight from the core's ScoredGame of each game (no SeatResult, no ``records``
function), every candidate listed and the best picked by sorting.

A history is a list of nights, each a list of games in the order played. The model says what
a record is in its own words: a record is a figure reached in some game; the best figure
wins, and among equals the one reached first (the earlier game; in the same game the one
listed first in its standings: the better place, then seat order)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from scorekeeper.domain import ScoredGame, scored_game

ROSTER = ("Ann", "Ben", "Cat", "Dan", "Eve")
# Few, small values: equal figures (ties) are common.
HAND_POINTS = (0, 5, 10, 20)
SMALLER_IS_BETTER = {"closest", "quickest"}


@dataclass(frozen=True)
class Plan:
    """One game as generated: seat order, scoring, target and rounds (winner, hands)."""

    players: tuple[str, ...]
    scoring: str
    target: int
    rounds: tuple[tuple[str, dict[str, int]], ...]
    ended: str = ""  # "leader" when stopped before anyone reached the target

    def data(self) -> dict[str, Any]:
        return {
            "format": "scorekeeper-game/1",
            "edition": "classic",
            "scoring": self.scoring,
            "target": self.target,
            "players": list(self.players),
            "rounds": [{"winner": w, "hands": dict(h)} for w, h in self.rounds],
            **({"ended": self.ended} if self.ended else {}),
        }


@st.composite
def plans(draw) -> Plan:
    players = tuple(draw(st.lists(st.sampled_from(ROSTER), min_size=2, max_size=4, unique=True)))
    scoring = draw(st.sampled_from(["standard", "lowest"]))
    target = draw(st.integers(15, 50))
    count = draw(st.integers(1, 7))
    totals = dict.fromkeys(players, 0)
    rounds = []
    for _ in range(count):
        winner = draw(st.sampled_from(players))
        hands = {p: draw(st.sampled_from(HAND_POINTS)) for p in players if p != winner}
        rounds.append((winner, hands))
        # The points table, written out: the winner takes every hand, or each keeps their own.
        if scoring == "standard":
            totals[winner] += sum(hands.values())
        else:
            for name, points in hands.items():
                totals[name] += points
        if max(totals.values()) >= target:
            return Plan(players, scoring, target, tuple(rounds))
    return Plan(players, scoring, target, tuple(rounds), ended="leader")


histories = st.lists(st.lists(plans(), min_size=1, max_size=4), min_size=1, max_size=4)


@dataclass
class Played:
    """A game of the history, scored by the core: its position, night and standings."""

    index: int
    night: int
    scored: ScoredGame
    ended: str
    # Each player's position in the game's standings (the better place, then seat order).
    positions: dict[str, int] = field(default_factory=dict)


def played(history: list[list[Plan]]) -> list[Played]:
    games = []
    for night, plans_ in enumerate(history):
        for plan in plans_:
            scored = scored_game(plan.data())
            games.append(Played(len(games), night, scored, plan.ended))
    for game in games:
        game.positions = {p.name: i for i, p in enumerate(game.scored.standings)}
    return games


def _leader(running: dict[str, int], scoring: str) -> int:
    return max(running.values()) if scoring == "standard" else min(running.values())


def _candidates(games: list[Played]) -> list[tuple[str, str, int, tuple]]:
    """Every (kind, player, figure, when) reached in the history; ``when`` orders ties."""
    found = []
    streak: dict[str, int] = defaultdict(int)
    night_wins: dict[tuple[str, int], int] = defaultdict(int)
    count: dict[str, int] = defaultdict(int)
    for game in games:
        scored = game.scored
        for name in scored.players:
            when = (game.index, game.positions[name])
            won = name in scored.winners
            count[name] += 1
            found.append(("games", name, count[name], when))
            taken = [item.points[name] for item in scored.rounds]
            if taken and max(taken) > 0:
                found.append(("biggest_round", name, max(taken), when))
            if not won:
                streak[name] = 0
                continue
            streak[name] += 1
            found.append(("streak", name, streak[name], when))
            night_wins[name, game.night] += 1
            found.append(("night_wins", name, night_wins[name, game.night], when))
            behind = 0
            for item in scored.rounds:
                leader = _leader(dict(item.running), scored.scoring)
                gap = leader - item.running[name]
                behind = max(behind, gap if scored.scoring == "standard" else -gap)
            if behind > 0:
                found.append(("comeback", name, behind, when))
            # The first two final totals, best first under the mode: their gap.
            ordered = sorted(scored.totals.values(), reverse=scored.scoring == "standard")
            found.append(("closest", name, abs(ordered[0] - ordered[1]), when))
            if not game.ended and scored.rounds:
                found.append(("quickest", name, len(scored.rounds), when))
    return found


def _best(candidates: list[tuple[str, str, int, tuple]]) -> dict[str, tuple[str, int, int]]:
    """Per kind: (player, figure, game index) of the best candidate, the first reached."""
    best = {}
    for kind in {c[0] for c in candidates}:
        sign = 1 if kind in SMALLER_IS_BETTER else -1
        mine = sorted((c for c in candidates if c[0] == kind), key=lambda c: (sign * c[2], c[3]))
        best[kind] = (mine[0][1], mine[0][2], mine[0][3][0])
    return best


def crew_records(games: list[Played]) -> dict[str, tuple[str, int, int]]:
    return _best(_candidates(games))


def player_records(games: list[Played]) -> dict[str, dict[str, tuple[int, int]]]:
    candidates = _candidates(games)
    names = {c[1] for c in candidates}
    return {
        name: {
            kind: (figure, index)
            for kind, (_, figure, index) in _best([c for c in candidates if c[1] == name]).items()
        }
        for name in names
    }


def streak_now(games: list[Played], name: str) -> tuple[bool, int] | None:
    results = [name in g.scored.winners for g in games if name in g.scored.players]
    if not results:
        return None
    last = results[-1]
    # The run is everything after the last result that differs from the last one.
    differs = [i for i, result in enumerate(results) if result != last]
    return last, len(results) - (differs[-1] + 1 if differs else 0)


def rivals(games: list[Played], name: str, least: int = 3) -> dict[str, Any]:
    """The nemesis and the one beaten most: (rival, wins, games together) or None."""
    beat_me: dict[str, list[tuple]] = defaultdict(list)
    i_beat: dict[str, list[tuple]] = defaultdict(list)
    together: dict[str, int] = defaultdict(int)
    for game in games:
        scored = game.scored
        if name not in scored.players:
            continue
        mine = name in scored.winners
        for other in scored.players:
            if other == name:
                continue
            together[other] += 1
            theirs = other in scored.winners
            when = (game.index, game.positions[other])
            if theirs and not mine:
                beat_me[other].append(when)
            if mine and not theirs:
                i_beat[other].append(when)

    def most(wins: dict[str, list[tuple]]) -> tuple[str, int, int] | None:
        # The most wins; equal wins: whoever reached that many first (their last win earlier).
        ranked = sorted((-len(w), max(w), other) for other, w in wins.items() if len(w) >= least)
        if not ranked:
            return None
        _, _, other = ranked[0]
        return other, len(wins[other]), together[other]

    return {"nemesis": most(beat_me), "beaten": most(i_beat)}
