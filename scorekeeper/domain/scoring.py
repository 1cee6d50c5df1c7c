"""Scoring a whole game from its rounds, in the ``scorekeeper-game/1`` format.

This is the one source of truth for totals, standings and winners: the web app and the
import/export commands both call :func:`score_game` on the stored rounds.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import Card, check_against_deck, format_cards, parse_cards
from .decks import Deck, game_deck
from .editions import Edition, get_edition
from .errors import RuleError
from .names import MAX_NAME_LENGTH, _shown, clean_name, seat_name  # noqa: F401 (read from here)
from .words import Words, gettext_noop, words_of

FORMAT = "scorekeeper-game/1"
DEFAULT_TARGET = 500
MIN_PLAYERS, MAX_PLAYERS = 2, 10
# Bounds a stored game keeps within its integer columns (2**31 - 1 on PostgreSQL) even when
# every total is summed: the target, one hand's points, and the number of rounds.
MAX_TARGET = 1_000_000
MAX_HAND_POINTS = 999_999
MAX_ROUNDS = 10_000
# The largest final total a game recorded without its rounds may carry (well inside an
# integer column).
MAX_TOTAL = 10_000_000
# How a game can stop before anyone reaches the target: the current leader(s) win, or the game
# counts for nothing (stopped with no result, or abandoned).
ENDINGS = ("leader", "no_result", "abandoned")
ENDINGS_WITH_A_RESULT = ("leader",)


class Scoring(StrEnum):
    STANDARD = "standard"
    LOWEST = "lowest"


# What each mode is called on every screen (the model's choices read it), and what it means.
SCORING_NAMES = {
    Scoring.STANDARD: gettext_noop("Standard"),
    Scoring.LOWEST: gettext_noop("Lowest wins"),
}
SCORING_SUMMARIES = {
    Scoring.STANDARD: gettext_noop(
        "The round's winner scores the points left in everyone else's hand; "
        "first to the target wins."
    ),
    Scoring.LOWEST: gettext_noop(
        "Everyone adds the points left in their own hand; when someone reaches "
        "the target, the lowest total wins."
    ),
}


@dataclass(frozen=True)
class Hand:
    """A hand at round end: its points, and its cards when they were entered one by one."""

    points: int
    cards: tuple[Card, ...] | None = None

    def to_json(self) -> str | int:
        return format_cards(self.cards) if self.cards is not None else self.points


def parse_scoring(value: Any) -> Scoring:
    try:
        return Scoring(str(value).strip().lower())
    except ValueError:
        raise RuleError(
            gettext_noop(
                "Unknown scoring mode %(value)s: choose 'standard' or 'lowest'.", value=repr(value)
            )
        ) from None


def parse_target(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_TARGET:
        raise RuleError(
            gettext_noop(
                "The target %(value)s must be a whole number from 1 to %(most)s, such as 500.",
                value=repr(value),
                most=MAX_TARGET,
            )
        )
    return value


def parse_players(value: Any) -> list[str]:
    """Seat order: 2 to 10 distinct names (ignoring case), each as :func:`clean_name` keeps it."""
    if not isinstance(value, list):
        raise RuleError(
            gettext_noop(
                "Players must be a list of names in seat order, not %(value)s.", value=repr(value)
            )
        )
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop(
                "A game needs %(least)s to %(most)s players; this one lists %(count)s.",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=len(value),
            )
        )
    names: list[str] = []
    seen: dict[str, str] = {}
    for raw in value:
        name = clean_name(raw)
        key = name.casefold()
        if key in seen:
            raise RuleError(
                gettext_noop(
                    "Player name %(name)s is used twice (names ignore case).", name=repr(name)
                )
            )
        seen[key] = name
        names.append(name)
    return names


def parse_hand(player: str, value: Any, edition: str) -> Hand:
    """A hand is a card string, a list of card tokens, or a whole-number total."""
    if isinstance(value, bool | float):
        raise RuleError(
            gettext_noop(
                "%(player)s's hand %(value)s must be cards or a whole-number total.",
                player=player,
                value=repr(value),
            )
        )
    if isinstance(value, int):
        if value < 0:
            raise RuleError(
                gettext_noop(
                    "%(player)s's hand total %(value)s must not be negative.",
                    player=player,
                    value=value,
                )
            )
        if value > MAX_HAND_POINTS:
            raise RuleError(
                gettext_noop(
                    "%(player)s's hand total %(value)s is more than %(most)s.",
                    player=player,
                    value=value,
                    most=f"{MAX_HAND_POINTS:,}",
                )
            )
        return Hand(points=value)
    if isinstance(value, str | list):
        try:
            cards = tuple(parse_cards(value, edition))
        except RuleError as error:
            raise RuleError(
                gettext_noop("%(player)s's hand: %(error)s", player=player, error=words_of(error))
            ) from None
        if not cards:
            raise RuleError(
                gettext_noop(
                    "%(player)s's hand is empty: only the round's winner goes out, so enter "
                    "%(player)s's cards or a total.",
                    player=player,
                )
            )
        return Hand(points=sum(card.points for card in cards), cards=cards)
    raise RuleError(
        gettext_noop(
            "%(player)s's hand %(value)s must be cards or a whole-number total.",
            player=player,
            value=repr(value),
        )
    )


def holds_no_cards(value: Any, edition: str) -> bool:
    """Whether a hand given for a round's winner is empty: 0, "", [] or only separators."""
    # bool is an int and False == 0, so check it first: false is not a hand.
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == 0
    if isinstance(value, str | list):
        try:
            return not parse_cards(value, edition)
        except RuleError:
            return False
    return False


def parse_round(
    number: int, data: Any, players: list[str], edition: str
) -> tuple[str, dict[str, Hand]]:
    """Validate one round; every refusal names the round."""
    if not isinstance(data, Mapping):
        raise RuleError(
            gettext_noop(
                "Round %(number)s: expected an object with 'winner' and 'hands'.", number=number
            )
        )
    winner = seat_name(data.get("winner"))
    if not isinstance(winner, str) or winner not in players:
        raise RuleError(
            gettext_noop(
                "Round %(number)s: the winner %(winner)s is not a player of this game.",
                number=number,
                winner=repr(winner),
            )
        )
    raw_hands = data.get("hands", {})
    if not isinstance(raw_hands, Mapping):
        raise RuleError(
            gettext_noop(
                "Round %(number)s: 'hands' must map each player to their cards or total.",
                number=number,
            )
        )
    raw_hands = {seat_name(name): hand for name, hand in raw_hands.items()}
    for name in raw_hands:
        if not isinstance(name, str) or name not in players:
            raise RuleError(
                gettext_noop(
                    "Round %(number)s: %(name)s in the hands is not a player of this game.",
                    number=number,
                    name=repr(name),
                )
            )
    if winner in raw_hands and not holds_no_cards(raw_hands[winner], edition):
        raise RuleError(
            gettext_noop(
                "Round %(number)s: the winner %(winner)s went out, so holds no cards.",
                number=number,
                winner=winner,
            )
        )
    hands: dict[str, Hand] = {}
    try:
        for player in players:
            if player == winner:
                continue
            if player not in raw_hands:
                raise RuleError(
                    gettext_noop(
                        "%(player)s's hand is missing: give their cards or a total.", player=player
                    )
                )
            hands[player] = parse_hand(player, raw_hands[player], edition)
        check_against_deck(
            (hand.cards for hand in hands.values() if hand.cards is not None), edition
        )
    except RuleError as error:
        raise RuleError(
            gettext_noop("Round %(number)s: %(error)s", number=number, error=words_of(error))
        ) from None
    return winner, hands


def round_points(
    winner: str, hands: Mapping[str, Hand], players: list[str], scoring: Scoring
) -> dict[str, int]:
    """Points each player scores in one round (0 for none)."""
    if scoring is Scoring.STANDARD:
        collected = sum(hand.points for hand in hands.values())
        return {p: collected if p == winner else 0 for p in players}
    return {p: 0 if p == winner else hands[p].points for p in players}


def winners_of(totals: Mapping[str, int], scoring: Scoring) -> list[str]:
    """The best total under the mode; equal best totals share the win."""
    best = (max if parse_scoring(scoring) is Scoring.STANDARD else min)(totals.values())
    return [player for player, total in totals.items() if total == best]


def rank(totals: Mapping[str, int], scoring: Scoring | str) -> list[tuple[int, str, int]]:
    """(place, player, total) best first; equal totals share a place; seat order breaks ties.

    ``scoring`` may be the plain string from a scored game (``"standard"``/``"lowest"``).
    """
    # Parse rather than compare by identity: "standard" is not Scoring.STANDARD.
    sign = -1 if parse_scoring(scoring) is Scoring.STANDARD else 1
    order = sorted(totals.items(), key=lambda item: sign * item[1])
    ranked: list[tuple[int, str, int]] = []
    for index, (player, total) in enumerate(order):
        place = ranked[-1][0] if ranked and ranked[-1][2] == total else index + 1
        ranked.append((place, player, total))
    return ranked


def placed(
    totals: Mapping[str, int], winners: Sequence[str], scoring: Scoring | str
) -> list[tuple[int, str, int]]:
    """The standings of a game: :func:`rank`, its winners first. A scored game's winners hold
    the best total, so this is :func:`rank` itself; a recorded game (see ``is_recorded``) may
    name a winner its totals alone would not, and the winners still share first place."""
    won = set(winners)
    if not won:
        return rank(totals, scoring)
    first = [(1, player, totals[player]) for player in totals if player in won]
    others = rank({p: t for p, t in totals.items() if p not in won}, scoring)
    return first + [(place + len(first), player, total) for place, player, total in others]


def distance_to_target(total: int, target: int, scoring: Scoring | str) -> Words:
    """What a scoreboard row says of a total against the target, in the mode's words: in
    standard scoring the target is the goal ("70 to go"); in lowest-wins it ends the game and
    a player keeps away from it ("70 before the target": the leader is the farthest)."""
    left = max(target - total, 0)
    if not left:
        return gettext_noop("target reached")
    if parse_scoring(scoring) is Scoring.LOWEST:
        return gettext_noop("%(points)s before the target", points=left)
    return gettext_noop("%(points)s to go", points=left)


def parse_ending(value: Any) -> str:
    """A game's ``ended``: "" (played to the target, or still in play) or one of ENDINGS."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or value not in ENDINGS:
        raise RuleError(
            f"'ended' {_shown(value)} is not a way a game ends: use "
            f"{', '.join(map(repr, ENDINGS))}, or leave it out."
        )
    return value


def score_game(game: Mapping[str, Any]) -> dict[str, Any]:
    """Validate and score a ``scorekeeper-game/1`` game (see ``scored_with_hands``)."""
    return scored_with_hands(game)[0]


def scored_with_hands(game: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, int]]]:
    """Validate and score a ``scorekeeper-game/1`` game; and, beside it, each round's points
    left in each hand (what a hand counts, whoever it pays), which the canonical game does
    not carry.

    Returns a copy of the game in canonical form (card hands rewritten in notation) with each
    round's ``points`` (every player → points scored that round) and a ``result`` of
    ``totals``, ``finished`` and ``winners`` (empty until the game is over). Raises
    :class:`RuleError` (a ``ValueError``) naming the offending value.

    A game stopped early carries ``ended``: it is over (``finished``) though nobody reached
    the target; with ``"leader"`` the best total(s) win, as at the target; with
    ``"no_result"`` or ``"abandoned"`` nobody does.

    A game without rounds whose ``result`` names winners is a recorded game (a play logged in
    BG Stats, say): only its final totals and winners are known, and they are checked and
    kept as given (``is_recorded``). With rounds, any ``result`` is worked out again.
    """
    if not isinstance(game, Mapping):
        raise RuleError(gettext_noop("A game must be a JSON object."))
    fmt = game.get("format", FORMAT)
    if fmt != FORMAT:
        raise RuleError(
            gettext_noop(
                "Unknown format %(value)s: expected %(format)s.",
                value=repr(fmt),
                format=repr(FORMAT),
            )
        )
    deck = game_deck(game)
    edition = deck.base if deck else get_edition(game.get("edition", "classic")).slug
    scoring = parse_scoring(game.get("scoring", Scoring.STANDARD))
    target = parse_target(game.get("target", DEFAULT_TARGET))
    players = parse_players(game.get("players"))
    ended = parse_ending(game.get("ended"))
    rounds = game.get("rounds", [])
    if not isinstance(rounds, list):
        raise RuleError(gettext_noop("'rounds' must be a list."))
    if len(rounds) > MAX_ROUNDS:
        raise RuleError(
            gettext_noop(
                "A game holds at most %(most)s rounds; this one has %(count)s.",
                most=MAX_ROUNDS,
                count=len(rounds),
            )
        )

    totals = dict.fromkeys(players, 0)
    scored_rounds = []
    held: list[dict[str, int]] = []
    finished_at: int | None = None
    for number, data in enumerate(rounds, start=1):
        if finished_at is not None:
            raise RuleError(
                gettext_noop(
                    "Round %(number)s comes after the game ended in round %(last)s.",
                    number=number,
                    last=finished_at,
                )
            )
        winner, hands = parse_round(
            number, data, players, _side_played(number, data, deck, edition)
        )
        points = round_points(winner, hands, players, scoring)
        held.append({p: hand.points for p, hand in hands.items()})
        for player, scored in points.items():
            totals[player] += scored
        extras = {k: _copied(v) for k, v in data.items() if k not in ROUND_KEYS}
        scored_rounds.append(
            {
                "winner": winner,
                "hands": {p: hand.to_json() for p, hand in hands.items()},
                "points": points,
                **extras,
            }
        )
        if any(total >= target for total in totals.values()):
            finished_at = number

    recorded = _recorded_result(game.get("result"), players) if not rounds else None
    if recorded is not None:
        if ended:
            raise RuleError(
                gettext_noop(
                    "A game recorded with its final totals was played to the end, so it can't "
                    "also be ended early (%(ended)s).",
                    ended=repr(ended),
                )
            )
        totals, winners = recorded
        result = {"totals": totals, "finished": True, "winners": winners}
        return _scored(game, edition, deck, scoring, target, players, ended, [], result), []

    finished = finished_at is not None
    if ended and finished:
        raise RuleError(
            gettext_noop(
                "The game reached its target in round %(number)s, so it can't also be ended "
                "early (%(ended)s).",
                number=finished_at,
                ended=repr(ended),
            )
        )
    if ended in ENDINGS_WITH_A_RESULT and not scored_rounds:
        raise RuleError(
            gettext_noop("A game ended with the leader winning needs at least one round.")
        )
    has_result = finished or ended in ENDINGS_WITH_A_RESULT
    result = {
        "totals": totals,
        "finished": finished or bool(ended),
        "winners": winners_of(totals, scoring) if has_result else [],
    }
    return _scored(
        game, edition, deck, scoring, target, players, ended, scored_rounds, result
    ), held


def _scored(
    game: Mapping[str, Any],
    edition: str,
    deck: Deck | None,
    scoring: Scoring,
    target: int,
    players: list[str],
    ended: str,
    rounds: list[dict[str, Any]],
    result: dict[str, Any],
) -> dict[str, Any]:
    """The scored game in canonical form: the known keys in order, the others passed through."""
    extras = {k: _copied(v) for k, v in game.items() if k not in GAME_KEYS}
    return {
        "format": FORMAT,
        "edition": edition,
        **({"deck": _copied(deck.data)} if deck else {}),
        "scoring": scoring.value,
        "target": target,
        "players": players,
        **({"ended": ended} if ended else {}),
        **extras,
        "rounds": rounds,
        "result": result,
    }


def is_recorded(result: Any) -> bool:
    """Whether a game's ``result`` is a recorded one (it names winners): what a game without
    rounds carries when only its final totals are known, e.g. a play logged in BG Stats. A
    game's worked-out result names no winner until a round is played, so an exported game
    that has not started is never taken for one."""
    return isinstance(result, Mapping) and bool(result.get("winners"))


def _recorded_result(value: Any, players: list[str]) -> tuple[dict[str, int], list[str]] | None:
    """A game without rounds keeps the final totals and winners it was recorded with (see
    :func:`is_recorded`), checked like a file's other values; None when it carries none."""
    if not is_recorded(value):
        return None
    totals = value.get("totals")
    if not isinstance(totals, Mapping):
        raise RuleError(
            gettext_noop("The result's 'totals' must map each player to their final total.")
        )
    named = {seat_name(name): total for name, total in totals.items()}
    for name in named:
        if name not in players:
            raise RuleError(
                gettext_noop(
                    "The result names %(name)s, who is not a player of this game.",
                    name=_shown(name),
                )
            )
    checked: dict[str, int] = {}
    for player in players:
        if player not in named:
            raise RuleError(
                gettext_noop("The result gives no final total for %(player)s.", player=player)
            )
        checked[player] = parse_total(player, named[player])
    winners = value.get("winners")
    if not isinstance(winners, list) or not all(isinstance(name, str) for name in winners):
        raise RuleError(gettext_noop("The result's 'winners' must be a list of player names."))
    won = {seat_name(name) for name in winners}
    for name in won:
        if name not in players:
            raise RuleError(
                gettext_noop("The winner %(name)s is not a player of this game.", name=_shown(name))
            )
    # The winners as recorded (a table may have settled a tie its own way), in seat order.
    return checked, [player for player in players if player in won]


def parse_total(player: str, value: Any) -> int:
    """A recorded final total: a whole number from 0 to MAX_TOTAL."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            gettext_noop(
                "%(player)s's final total %(value)s must be a whole number.",
                player=player,
                value=_shown(value),
            )
        )
    if not 0 <= value <= MAX_TOTAL:
        raise RuleError(
            gettext_noop(
                "%(player)s's final total %(value)s must be from 0 to %(most)s.",
                player=player,
                value=value,
                most=MAX_TOTAL,
            )
        )
    return value


def _side_played(number: int, data: Any, deck: Deck | None, edition: str) -> Edition | str:
    """The cards a round's hands are read with: the game's deck, on the side that was up when
    the round ended (a round of a two-sided deck says ``"side": 1`` or ``2``)."""
    side = data.get("side") if isinstance(data, Mapping) else None
    if deck is None:
        if side is not None:
            raise RuleError(
                gettext_noop(
                    "Round %(number)s names a side, but the game's deck has only one.",
                    number=number,
                )
            )
        return edition
    if side is None and deck.two_sided:
        raise RuleError(
            gettext_noop(
                "Round %(number)s: say which side of the deck was up (side 1 or 2).",
                number=number,
            )
        )
    try:
        return deck.side(side)
    except RuleError as error:
        raise RuleError(
            gettext_noop("Round %(number)s: %(error)s", number=number, error=words_of(error))
        ) from None


GAME_KEYS = {
    "deck",
    "format",
    "edition",
    "scoring",
    "target",
    "players",
    "ended",
    "rounds",
    "result",
}


def _copied(value: Any) -> Any:
    """A copy of a game's other fields, so the scored game never shares a list or an object
    with its input: JSON's objects and lists copied by hand (a game file holds nothing else;
    ``copy.deepcopy`` costs a third of an import's scoring), anything else deep-copied."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return copy.deepcopy(value)


ROUND_KEYS = {"winner", "hands", "points"}
