"""The scoreboard: what the table and the live view show, computed by the core once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from scorekeeper.domain import FORMAT, ScoredGame, ScoredRound, scored_game
from scorekeeper.domain.evenings import night_wins
from scorekeeper.domain.scoring import distance_to_target

from .entries import named_entry
from .models import Game


def game_to_dict(game: Game, *, challenges: bool = True) -> dict[str, Any]:
    """The stored game in ``scorekeeper-game/1`` form, before scoring.

    ``challenges=False`` leaves out the challenge log, which never changes a score.
    """
    players = [seat.player.name for seat in game.seats.all()]
    names = {seat.player_id: seat.player.name for seat in game.seats.all()}
    rounds = []
    for round_ in game.rounds.all():
        entry = named_entry(round_.entry, names)
        item = {"winner": entry["winner"], "hands": entry["hands"]}
        if round_.went_out_on:
            item["went_out_on"] = round_.went_out_on
        if round_.side is not None:
            item["side"] = round_.side
        rounds.append(item)
    data: dict[str, Any] = {
        "format": FORMAT,
        "edition": game.edition,
        "scoring": game.scoring,
        "target": game.target,
        "players": players,
        "night": {"date": game.night.date.isoformat(), "name": game.night.name},
        "started_at": game.started_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }
    if game.deck_id:
        data["deck"] = game.deck.data
    if game.ended:
        data["ended"] = game.ended
    if game.first_dealer_id:
        data["first_dealer"] = game.first_dealer.name
    if game.house_rules or game.house_note:
        data["house_rules"] = {"agreed": game.house_rules, "note": game.house_note}
    challenges = [
        {
            "challenger": c.challenger.name,
            "challenged": c.challenged.name,
            "colour": c.colour,
            "hand": c.hand,
            "guilty": c.guilty,
            "drawer": c.drawer.name,
            "cards": c.cards_drawn,
            "at": c.created_at.isoformat(),
        }
        for c in (game.challenges.all() if challenges else ())
    ]
    if challenges:
        data["challenges"] = challenges
    data["rounds"] = rounds
    if game.source:
        data["source"] = game.source
    recorded = recorded_result(game)
    if recorded is not None:
        data["result"] = recorded
    return data


def recorded_result(game: Game) -> dict[str, Any] | None:
    """The final totals and winners a game recorded without its rounds keeps on its seats (a
    play imported from BG Stats), as the format's ``result``; None for a game played here."""
    seats = game.seats.all()
    if not seats or seats[0].recorded_total is None:
        return None
    return {
        "totals": {seat.player.name: seat.recorded_total for seat in seats},
        "finished": True,
        "winners": [seat.player.name for seat in seats if seat.recorded_won],
    }


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    total: int
    to_target: str  # the core's words: "70 to go", "70 before the target" (lowest-wins)
    progress: int  # percent of the target reached, 0-100
    last_points: int | None
    winner: bool
    rounds_won: int = 0
    # The CSS class wearing the player's colour ("" for none).
    colour: str = ""


@dataclass(frozen=True)
class Board:
    """Everything the scoreboard shows: the stored game and the core's score of it."""

    game: Game
    scored: ScoredGame
    # The last deleted round while it can still be put back (a history row), else None.
    deleted: Any = None
    # Each seated player's colour class by name; None: read from the game's seats (loaded
    # with it). A kept board carries them, its game row coming without its seats.
    colours: Mapping[str, str] | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return self.scored.players

    @property
    def rounds(self) -> tuple[ScoredRound, ...]:
        return self.scored.rounds

    @property
    def finished(self) -> bool:
        """Over: the target was reached, or the table ended the game early."""
        return self.scored.finished

    @property
    def ended(self) -> str:
        """How the game was stopped early ("leader", "no_result", "abandoned"), else ""."""
        return self.scored.ended

    @property
    def winners(self) -> tuple[str, ...]:
        return self.scored.winners

    @property
    def shared_win(self) -> bool:
        return len(self.winners) > 1

    @property
    def next_round(self) -> int:
        return self.scored.next_round

    @property
    def next_dealer(self) -> str | None:
        dealer = self.game.first_dealer.name if self.game.first_dealer_id else None
        return self.scored.next_dealer(dealer)

    def player_colours(self) -> Mapping[str, str]:
        """Each seated player's colour class, by name."""
        if self.colours is not None:
            return self.colours
        return seat_colours(self.game)

    @property
    def standings(self) -> list[Standing]:
        last = self.scored.last_round
        target = self.game.target
        colours = self.player_colours()
        return [
            Standing(
                place=row.place,
                name=row.name,
                total=row.total,
                to_target=distance_to_target(row.total, target, self.scored.scoring),
                progress=min(100, round(100 * row.total / target)),
                last_points=last.points[row.name] if last else None,
                winner=row.winner,
                rounds_won=row.rounds_won,
                colour=colours.get(row.name, ""),
            )
            for row in self.scored.standings
        ]


def seat_colours(game: Game) -> dict[str, str]:
    """The colour class of each player seated in a game loaded with its seats, by name."""
    return {seat.player.name: seat.player.colour_class for seat in game.seats.all()}


def board_for(game: Game) -> Board:
    """Score a game loaded with ``Game.objects.with_rounds()`` (no further query)."""
    return Board(game=game, scored=scored_game(game_to_dict(game)), colours=seat_colours(game))


def load_game(queryset: QuerySet[Game], game_id: int, *, attempts: int = 3) -> Game | None:
    """One consistent read of a game: never half of another phone's write.

    The game and its rows come in several queries; a write commits everything together with
    a new ``version``, so if the version is unchanged after the rows were read, they all
    belong to that version. Otherwise read again, and at last under the row lock.
    """
    for _ in range(attempts):
        game = queryset.with_rounds().filter(pk=game_id).first()
        if game is None:
            return None
        if Game.objects.filter(pk=game_id).values_list("version", flat=True).first() == (
            game.version
        ):
            return game
    with transaction.atomic():
        return queryset.select_for_update(of=("self",)).with_rounds().filter(pk=game_id).first()


def night_winners(games: Iterable[Game]) -> list[tuple[str, int]]:
    """Who won how many of ``games`` (loaded with ``with_rounds()``), most wins first, equal
    wins as first won (``night_wins``). Scored by the core, like every result."""
    played = sorted(games, key=lambda game: (game.started_at, game.pk))
    return night_wins(scored_game(game_to_dict(game, challenges=False)).winners for game in played)
