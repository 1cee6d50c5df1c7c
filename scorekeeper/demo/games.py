"""Believable demo history: games made of real hands, dealt from the edition's deck.

Every game is built round by round with the domain core (cards, points, the challenge verdict)
and checked by ``score_game`` before it is returned, so seeded data is always a valid game.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.domain import (
    COLOURS,
    EDITIONS,
    FORMAT,
    Scoring,
    hand_points,
    judge_challenge,
    scored_game,
)
from scorekeeper.domain.cards import deck_limits
from scorekeeper.domain.evenings import EVENING_CUTOFF
from scorekeeper.domain.scoring import Hand, round_points

ROSTER = ("Ann", "Ben", "Cat", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo")
HOUSE_RULES = ({"stack-draw": True}, {"seven-zero": True, "jump-in": True}, {"uno-penalty": 4})
HAND_SIZES = (1, 1, 2, 2, 2, 3, 3, 4, 5, 7)  # most hands are small when someone goes out
NOTES = ("", "", "Stacking only on the same colour.", "Dealer shuffles twice.")


@dataclass
class DemoGame:
    """A scored game (``scorekeeper-game/1``) and the points of each stored hand."""

    data: dict[str, Any]
    # Per round, per player who did not go out: (points, cards in notation or "" for a total).
    hands: list[dict[str, tuple[int, str]]] = field(default_factory=list)


def deck_for(edition: str) -> list[str]:
    """Every card of the edition's deck, in notation."""
    exact, _ = deck_limits(edition)
    return [token for token, count in exact.items() for _ in range(count)]


_DECKS = {slug: deck_for(slug) for slug in EDITIONS}


def demo_game(rng: random.Random, roster: list[str], skill: dict[str, float]) -> DemoGame:
    """One finished game between 2 to 6 players of the roster."""
    count = min(len(roster), rng.choice((2, 3, 3, 4, 4, 4, 5, 5, 6)))
    players = rng.sample(roster, count)
    edition = rng.choice(list(EDITIONS))
    scoring = Scoring.STANDARD if rng.random() < 0.7 else Scoring.LOWEST
    target = (
        rng.choice((500, 500, 500, 300))
        if scoring is Scoring.STANDARD
        else rng.choice((250, 300, 300))
    )
    weights = [skill[name] for name in players]
    totals = dict.fromkeys(players, 0)
    rounds: list[dict[str, Any]] = []
    stored: list[dict[str, tuple[int, str]]] = []
    typed = rng.random() < 0.5  # some tables type totals, others tap the cards in
    while max(totals.values()) < target:
        winner = rng.choices(players, weights)[0]
        deck = rng.sample(_DECKS[edition], 7 * (count - 1))
        json_hands: dict[str, str | int] = {}
        hands: dict[str, Hand] = {}
        stored_round: dict[str, tuple[int, str]] = {}
        for index, name in enumerate(p for p in players if p != winner):
            cards = deck[index * 7 : index * 7 + rng.choice(HAND_SIZES)]
            points = hand_points(cards, edition)
            text = " ".join(cards)
            json_hands[name] = points if typed else text
            hands[name] = Hand(points=points)
            stored_round[name] = (points, "" if typed else text)
        for name, scored in round_points(winner, hands, players, scoring).items():
            totals[name] += scored
        rounds.append({"winner": winner, "hands": json_hands})
        stored.append(stored_round)
    data: dict[str, Any] = {
        "format": FORMAT,
        "edition": edition,
        "scoring": scoring.value,
        "target": target,
        "players": players,
        "first_dealer": rng.choice(players),
        "rounds": rounds,
    }
    if rng.random() < 0.25:
        data["house_rules"] = {"agreed": rng.choice(HOUSE_RULES), "note": rng.choice(NOTES)}
    if rng.random() < 0.3:
        data["challenges"] = [_challenge(rng, players, edition)]
    scored = scored_game(data)
    if not scored.finished:  # pragma: no cover - the loop runs to the target
        raise AssertionError("a demo game must end")
    return DemoGame(data=dict(scored.data), hands=stored)


def _challenge(rng: random.Random, players: list[str], edition: str) -> dict[str, Any]:
    challenger, challenged = rng.sample(players, 2)
    colour = rng.choice(COLOURS)
    hand = " ".join(rng.sample([c for c in _DECKS[edition] if c != "X"], rng.randint(1, 5)))
    verdict = judge_challenge(colour, hand, edition)
    return {
        "challenger": challenger,
        "challenged": challenged,
        "colour": colour,
        "hand": hand,
        "guilty": verdict.guilty,
        "drawer": challenged if verdict.drawer == "challenged" else challenger,
        "cards": verdict.cards,
    }


@dataclass
class DemoNight:
    date: dt.date
    games: list[DemoGame]


# A demo night starts at seven, a game takes three minutes a round and five to deal and
# settle, and the table breathes for four minutes between games.
NIGHT_STARTS_AT = dt.time(19, 0)
BREAK = dt.timedelta(minutes=4)


def game_length(game: DemoGame) -> dt.timedelta:
    """How long a demo game takes at the table."""
    return dt.timedelta(minutes=3 * len(game.data["rounds"]) + 5)


def night_starts(night: DemoNight, time_zone: dt.tzinfo) -> list[dt.datetime]:
    """When each game of the night starts, in UTC: one after the other from seven in the
    evening, or earlier for a long night, so that its last game ends before the 06:00 cut-off
    and every game belongs to the night's evening (``domain.evenings``)."""

    def at(date: dt.date, time: dt.time) -> dt.datetime:
        return dt.datetime.combine(date, time, tzinfo=time_zone).astimezone(dt.UTC)

    lengths = [game_length(game) for game in night.games]
    whole = sum(lengths, dt.timedelta()) + BREAK * (len(lengths) - 1)
    cutoff = at(night.date + dt.timedelta(days=1), EVENING_CUTOFF)
    start = min(at(night.date, NIGHT_STARTS_AT), cutoff - BREAK - whole)
    starts = []
    for length in lengths:
        starts.append(start)
        start += length + BREAK
    return starts


def demo_nights(
    total_games: int, *, seed: int = 7, last_night: dt.date, roster: list[str] | None = None
) -> Iterator[DemoNight]:
    """Nights going back from ``last_night``, 2 to 8 games each, until ``total_games`` are made."""
    rng = random.Random(seed)
    roster = list(roster or ROSTER)
    skill = {name: rng.uniform(0.6, 1.6) for name in roster}
    # Keep a big history within a few years: more games a night and nights closer together.
    gap = 7 if total_games <= 500 else 2
    date = last_night
    made = 0
    while made < total_games:
        count = min(total_games - made, rng.randint(2, 8))
        # A night's regulars: most games are played by the same few friends.
        regulars = rng.sample(roster, min(len(roster), rng.randint(4, 7)))
        yield DemoNight(date=date, games=[demo_game(rng, regulars, skill) for _ in range(count)])
        made += count
        date -= dt.timedelta(days=rng.randint(1, gap))
