"""Writes made at the table: new games, rounds, corrections, undo, rematches, the dealer.

Every write follows one path: lock the game's row and load it once
(:func:`locked_game`), check what the request expects (the round number it is for, the
version it edits, the round it deletes), score the game once through the core, write, bump
the game's version, and return the :class:`~scorekeeper.games.scoreboard.Board` it computed
so the view renders it without reading the game again. A refused write changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from scorekeeper.crews.models import Crew, new_token
from scorekeeper.decks.models import played_edition
from scorekeeper.domain import (
    RuleError,
    ScoredGame,
    dealer_seat,
    scored_game,
)
from scorekeeper.domain.keypad import went_out_card
from scorekeeper.domain.scored import round_after
from scorekeeper.gamefiles.models import DeletedGame
from scorekeeper.games.kept import kept_for_version
from scorekeeper.games.models import Count, Ending, Game, Hand, Round, Seat
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player

from .audit import changes_since
from .entries import HandInput, hand_rows, named_entry, stored_entry
from .nights import crew_evening, latest_night
from .scoreboard import Board, game_to_dict, recorded_result
from .signals import game_changed

User = AbstractBaseUser | AnonymousUser | None

# How long a deleted round can be put back (if no round took its number meanwhile).
UNDO_WINDOW = dt.timedelta(minutes=30)
# How long a deleted game can be put back (its file is kept that long, then forgotten).
GAME_UNDO_WINDOW = dt.timedelta(minutes=10)

# A service joins the caller's transaction (a view's locked_game block) without a savepoint;
# alone it runs in a transaction of its own.
joined_write = transaction.atomic(savepoint=False)


class Conflict(RuleError):
    """The game changed since the phone drew its form: refused with 409, nothing written."""

    def __init__(self, message: str, *, board: Board | None = None) -> None:
        super().__init__(message)
        self.board = board


@dataclass(frozen=True)
class Saved:
    """A round written (or recognised as already written) and the board after it."""

    board: Board
    number: int
    replayed: bool = False
    # An edit saved as the round already read: nothing was written or recorded.
    unchanged: bool = False


def acting_user(by: User) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


def clock_time(moment: dt.datetime) -> str:
    return time_format(timezone.localtime(moment), "H:i")


# --- Loading for a write --------------------------------------------------------------------


@contextmanager
def locked_game(
    *, game_id: int, crew: Crew | None = None, member: User = None, challenges: bool = True
) -> Iterator[Game | None]:
    """A transaction holding the game's row lock: the view validates its form against the
    game and calls one write service inside it.

    The game must be of ``crew``, or of a crew ``member`` belongs to (checked in the same
    query); otherwise this yields None.
    """
    games = Game.objects.select_for_update(of=("self",)).with_rounds(challenges=challenges)
    games = games.filter(pk=game_id)
    if crew is not None:
        games = games.filter(crew=crew)
    if member is not None:
        # pk, not the user: "user=None" would match crews that have no member at all.
        games = games.filter(crew__memberships__user_id=getattr(acting_user(member), "pk", -1))
    if crew is None and member is None:
        raise ValueError("Say whose game this is: crew= or member=.")
    with transaction.atomic():
        yield games.first()


def bump_version(game_ids: Iterable[int] | QuerySet[Any], **fields: Any) -> None:
    """The one place a game's version moves on: every write that changes what a page shows of
    a game (a round, a setting, a challenge, a rename, the live link) bumps it, in one UPDATE
    with ``fields``; the live board's ETag and the phones' stale-write checks read it. (A
    hand sent into a count is not such a write: :func:`bump_count_version`.)
    ``game_ids`` may be a queryset of ids (one UPDATE with a subquery)."""
    Game.objects.filter(pk__in=game_ids).update(
        version=F("version") + 1, updated_at=fields.pop("updated_at", timezone.now()), **fields
    )


def bump_count_version(game_id: int) -> None:
    """A hand came into the game's open count (``games.counts``): the phones' polls see it,
    since they name the count's version beside the game's. The game's version stays: a hand
    changes no total, so the board kept for the version is still right."""
    Game.objects.filter(pk=game_id).update(count_version=F("count_version") + 1)


def _bump(game: Game, scored: ScoredGame) -> None:
    """Write the derived status and the next version in one UPDATE (no history row)."""
    now = timezone.now()
    was_finished = game.status == Game.Status.FINISHED
    game.status = Game.Status.FINISHED if scored.finished else Game.Status.ACTIVE
    if scored.finished and game.finished_at is None:
        game.finished_at = now
    if not scored.finished:
        game.finished_at = None
    bump_version([game.pk], status=game.status, finished_at=game.finished_at, updated_at=now)
    game.version += 1
    game.updated_at = now
    announce_change(game, was_finished=was_finished)


def announce_change(game: Game, *, was_finished: bool | None = None) -> None:
    """Tell the other apps (player stats) once the write is committed.

    ``finished``/``was_finished`` let a listener skip games whose results cannot have moved
    (player stats count finished games only).
    """
    game_id, crew_id = game.pk, game.crew_id
    finished = game.status == Game.Status.FINISHED
    was = finished if was_finished is None else was_finished
    transaction.on_commit(
        lambda: game_changed.send(
            sender=Game, game_id=game_id, crew_id=crew_id, finished=finished, was_finished=was
        )
    )


def store_round(
    game: Game,
    number: int,
    players: Mapping[str, Player],
    winner: str,
    hands: Mapping[str, HandInput],
    request_key: str | None,
    *,
    by: User = None,
    created_at: dt.datetime | None = None,
    created_by_id: int | None = None,
    version: int = 1,
    record_history: bool = True,
    went_out_on: str = "",
    side: int | None = None,
) -> Round:
    """Insert a round already validated by the core, with its hands (canonical notation).

    ``record_history=False`` for an import: the file's own trail comes with the game.
    """
    played = played_edition(game, side)
    entry = stored_entry(winner, hands, played, {n: p.pk for n, p in players.items()})
    round_ = Round(
        crew_id=game.crew_id,
        game=game,
        number=number,
        winner=players[winner],
        request_key=request_key,
        entry=entry,
        version=version,
        went_out_on=went_out_on,
        side=side,
        created_at=created_at or timezone.now(),
        created_by_id=created_by_id if created_at else getattr(acting_user(by), "pk", None),
    )
    round_._history_user = acting_user(by)
    if not record_history:  # simple-history skips a row that has this attribute at all
        round_.skip_history_when_saving = True
    round_.save(force_insert=True)
    _store_hands(game, round_, entry)
    return round_


def _store_hands(game: Game, round_: Round, entry: Mapping[str, Any]) -> None:
    Hand.objects.bulk_create(
        Hand(crew_id=game.crew_id, round=round_, player_id=player_id, points=points, cards=cards)
        for player_id, points, cards in hand_rows(entry)
    )


def next_round_number(game: Game) -> int:
    """The number the game's next round takes: one more than its stored rounds (read from the
    prefetched rounds when ``Game.objects.with_rounds()`` loaded them)."""
    return round_after(len(game.rounds.all()))


def _seat_players(game: Game) -> dict[str, Player]:
    return {seat.player.name: seat.player for seat in game.seats.all()}


def _seat_names(game: Game) -> dict[int, str]:
    return {seat.player_id: seat.player.name for seat in game.seats.all()}


def _stored(game: Game) -> dict[str, Any]:
    """The locked game as the core reads it, built once per write (its ``rounds`` a list the
    write may change before scoring)."""
    return game_to_dict(game, challenges=False)


def _rescored(data: dict[str, Any], **changes: Any) -> ScoredGame:
    """The one scoring of a write: the stored game (``_stored``) with ``changes`` made."""
    return scored_game({**data, **changes})


# --- Starting a game ------------------------------------------------------------------------


def tonight(crew: Crew, *, now: dt.datetime | None = None) -> GameNight:
    """The crew's current night: the latest session of its evening at ``now`` (in the crew's
    time zone, with the 06:00 cut-off of ``domain.evenings``), created on first use."""
    date = crew_evening(crew, now)
    night = latest_night(crew, date)
    if night is None:
        night, _created = GameNight.objects.get_or_create(crew=crew, date=date, session=1)
    return night


@joined_write
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
    deck: Any = None,
    by: User = None,
) -> Game:
    """Seat the players in the order given and open a game on today's night, played with the
    edition's cards or with ``deck``, a version of one of the crew's decks (whose base is then
    the edition)."""
    if deck is not None:
        if deck.deck.crew_id != crew.pk:
            raise RuleError(_("That deck belongs to another crew."))
        edition = deck.data["base"]
    scored_game(
        {
            "edition": edition,
            "scoring": scoring,
            "target": target,
            "players": [p.name for p in players],
        }
    )
    if any(p.crew_id != crew.pk for p in players):
        raise RuleError(_("Every player must belong to this crew."))
    game = Game(
        crew=crew,
        night=tonight(crew),
        edition=edition,
        deck=deck,
        scoring=scoring,
        target=target,
        first_dealer=first_dealer,
        house_rules=dict(house_rules or {}),
        house_note=house_note,
    )
    game._history_user = acting_user(by)
    game.save(force_insert=True)
    Seat.objects.bulk_create(
        Seat(crew=crew, game=game, player=player, number=index)
        for index, player in enumerate(players)
    )
    announce_change(game)
    return game


# --- Rounds -----------------------------------------------------------------------------------


@joined_write
def round_record(
    *,
    game: Game,
    winner: str,
    hands: Mapping[str, HandInput],
    number: int | None = None,
    request_key: str | None = None,
    went_out_on: str = "",
    side: int | None = None,
    by: User = None,
) -> Saved:
    """Store round ``number`` (the next round when None) of a game from :func:`locked_game`.

    A repeated ``request_key`` returns the round already stored, even if it was edited since.
    A ``number`` already taken (another phone saved it) raises :class:`Conflict`.
    """
    stored = list(game.rounds.all())
    if request_key:
        for round_ in stored:
            if round_.request_key == request_key:
                board = Board(game=game, scored=_rescored(_stored(game)))
                return Saved(board=board, number=round_.number, replayed=True)
    _refuse_if_ended(game)
    _refuse_if_recorded(game)
    next_number = next_round_number(game)
    if number is not None and number != next_number:
        if number < next_number:
            taken = stored[number - 1]
            values = {"number": number, "time": clock_time(taken.created_at)}
            if taken.created_by_id:
                message = _(
                    "Round %(number)s was already saved from another phone at %(time)s by %(who)s."
                ) % (values | {"who": taken.created_by.get_username()})
            else:
                message = (
                    _("Round %(number)s was already saved from another phone at %(time)s.") % values
                )
        else:
            message = _("Round %(number)s can't be saved yet: the next round is %(next)s.") % {
                "number": number,
                "next": next_number,
            }
        board = Board(game=game, scored=_rescored(_stored(game)))
        raise Conflict(message, board=board)
    went_out_on = went_out_card(went_out_on)
    data = _stored(game)
    data["rounds"].append(_round_item(winner, hands, went_out_on, side))
    scored = _rescored(data)
    store_round(
        game,
        next_number,
        _seat_players(game),
        winner,
        scored.rounds[-1].hands,
        request_key or None,
        by=by,
        went_out_on=went_out_on,
        side=side,
    )
    # The round the table was counting is stored: a hand sent for it now is refused.
    _close_counts(game, Count.State.STORED, number=next_number)
    _bump(game, scored)
    return Saved(board=Board(game=game, scored=scored), number=next_number)


def _close_counts(game: Game, state: str, *, number: int | None = None) -> None:
    """Close the game's open count (of round ``number`` only, when given): ``state`` is
    "stored" when its round was stored, "cancelled" when the game moved so that it can't be."""
    if not game.counting:
        return  # read with the game's row: nothing is being counted (no query)
    counts = Count.objects.filter(game=game, state=Count.State.OPEN)
    if number is not None:
        counts = counts.filter(number=number)
    if counts.update(state=state, closed_at=timezone.now()):
        Game.objects.filter(pk=game.pk).update(counting=None)  # the bump that follows shows it
        game.counting = None


def refuse_if_cannot_take_rounds(game: Game) -> None:
    """A game stopped, recorded with its totals only or over takes no new round."""
    _refuse_if_ended(game)
    _refuse_if_recorded(game)
    if game.status == Game.Status.FINISHED:
        raise RuleError(_("This game is over: someone reached the target."))


def _refuse_if_ended(game: Game) -> None:
    """A game the table stopped takes no more rounds until it is resumed (a correction of
    a round already played is still allowed)."""
    if game.ended:
        # Not a Conflict: no other round number would be saved either (as for a game that
        # reached its target, the refusal is shown above the board).
        raise RuleError(
            _("This game was stopped (%(how)s): resume it to add or delete a round.")
            % {"how": _ending_words(game.ended)}
        )


def _refuse_if_recorded(game: Game) -> None:
    """A game recorded with its final totals only (a play from BG Stats) has no rounds to go
    on from: a round would throw its totals away."""
    if recorded_result(game) is not None:
        raise RuleError(
            _(
                "This game was recorded with its final totals only (no rounds), so it takes "
                "no rounds."
            )
        )


def _round_item(
    winner: str, hands: Mapping[str, HandInput], went_out_on: str, side: int | None = None
) -> dict[str, Any]:
    item: dict[str, Any] = {"winner": winner, "hands": dict(hands)}
    if went_out_on:
        item["went_out_on"] = went_out_on
    if side is not None:
        item["side"] = side
    return item


def _same_entry(entry: Mapping[str, Any], stored: Mapping[str, Any]) -> bool:
    """The same round: the same winner and points, and each hand the same cards in any order
    (or the same total)."""

    def hands(of: Mapping[str, Any]) -> dict[str, Any]:
        return {
            name: hand if isinstance(hand, int) else sorted(str(hand).split())
            for name, hand in of.get("hands", {}).items()
        }

    return (
        entry.get("winner") == stored.get("winner")
        and entry.get("points") == stored.get("points")
        and hands(entry) == hands(stored)
    )


def _changes_since(game: Game, round_: Round, version: int) -> str:
    """What happened to a round after ``version``, in words, from its history."""
    return " ".join(changes_since(round_.pk, version, _seat_names(game)))


@joined_write
def round_edit(
    *,
    game: Game,
    number: int,
    version: int | None,
    winner: str,
    hands: Mapping[str, HandInput],
    went_out_on: str | None = None,
    side: int | None = None,
    by: User = None,
) -> Saved:
    """Correct round ``number`` as it was at ``version``; the whole game must stay valid.
    ``went_out_on=None`` keeps the card the round ended on as it was, ``side=None`` the side
    of a two-sided deck that was up; "other" keeps a round stored without its card as it was.

    The row is updated in place (it keeps its creation time, author and request key). An edit
    that changes nothing (the same winner, hands and card) writes nothing, so the trail records
    no change: the result says ``unchanged``."""
    stored = list(game.rounds.all())
    if not 1 <= number <= len(stored):
        raise Conflict(
            _("Round %(number)s is no longer in this game: it was deleted.") % {"number": number}
        )
    round_ = stored[number - 1]
    if version is not None and version != round_.version:
        since = _changes_since(game, round_, version)
        raise Conflict(
            (
                _(
                    "Round %(number)s was changed on another phone since you opened it, so your "
                    "correction was not saved."
                )
                % {"number": number}
                + f" {since}"
            ).strip()
        )
    went_out_on = round_.went_out_on if went_out_on is None else went_out_card(went_out_on)
    went_out_on = "" if went_out_on == "other" and not round_.went_out_on else went_out_on
    data = _stored(game)
    side = round_.side if side is None else side
    data["rounds"][number - 1] = _round_item(winner, hands, went_out_on, side)
    scored = _rescored(data)
    players = _seat_players(game)
    ids = {name: player.pk for name, player in players.items()}
    played = played_edition(game, side)
    entry = stored_entry(winner, scored.rounds[number - 1].hands, played, ids)
    unmoved = went_out_on == round_.went_out_on and side == round_.side
    if unmoved and _same_entry(entry, round_.entry):
        return Saved(board=Board(game=game, scored=scored), number=number, unchanged=True)
    round_.winner = players[winner]
    round_.entry = entry
    round_.went_out_on = went_out_on
    round_.side = side
    round_.version += 1
    round_._history_user = acting_user(by)
    round_.save(update_fields=["winner", "entry", "went_out_on", "side", "version"])
    Hand.objects.filter(round=round_).delete()
    _store_hands(game, round_, entry)
    _bump(game, scored)
    return Saved(board=Board(game=game, scored=scored), number=number)


@joined_write
def round_delete_last(*, game: Game, number: int | None, by: User = None) -> Board:
    """Delete the last round, which must be round ``number``; it stays restorable."""
    _refuse_if_ended(game)
    stored = list(game.rounds.all())
    if not stored:
        raise Conflict(_("There is no round to delete."))
    last = stored[-1]
    if number is not None and number != last.number:
        if number > last.number:
            message = _("Round %(number)s was already deleted.") % {"number": number}
        else:
            message = _("Round %(number)s is no longer the last round, so it was not deleted.") % {
                "number": number
            }
        raise Conflict(message)
    data = _stored(game)
    scored = _rescored(data, rounds=data["rounds"][:-1])
    last._history_user = acting_user(by)
    last.delete()
    _close_counts(game, Count.State.CANCELLED)  # it counted a round after the one deleted
    _bump(game, scored)
    return Board(game=game, scored=scored, deleted=_restorable(game, scored.next_round))


def _deletions(game: Game) -> QuerySet[Any]:
    last_first = ("-history_date", "-history_id")
    return Round.history.filter(game_id=game.pk, history_type="-").order_by(*last_first)


def _restorable(game: Game, next_number: int) -> Any:
    """The last deleted round of the game if it can still be put back, else None."""
    deleted = _deletions(game).select_related("history_user").first()
    if deleted is None or deleted.number != next_number:
        return None
    if timezone.now() - deleted.history_date > UNDO_WINDOW:
        return None
    return deleted


def restorable_round(game: Game, board: Board) -> Any:
    """For the scoreboard: the deleted round that an Undo would put back, if any. The number
    of the round deleted last is kept per version (a deletion moves it on)."""
    if board.finished:
        return None
    last = kept_for_version(game, "deleted", lambda: _deletions(game).values("number").first() or 0)
    if not last or last["number"] != board.next_round:
        return None
    return _restorable(game, board.next_round)


@joined_write
def round_restore(*, game: Game, deletion: int, by: User = None) -> Saved:
    """Put back the deleted round ``deletion`` (its history id) if nothing took its place."""
    _refuse_if_ended(game)
    deleted = _restorable(game, next_round_number(game))
    if deleted is None or deleted.history_id != deletion:
        raise Conflict(
            _(
                "That round can't be put back any more: a round was saved in its place, "
                "it was already restored, or the undo expired."
            )
        )
    data = _stored(game)
    went_out_on = getattr(deleted, "went_out_on", "") or ""
    entry = named_entry(deleted.entry, _seat_names(game))
    data["rounds"].append(_round_item(entry["winner"], entry["hands"], went_out_on))
    scored = _rescored(data)
    store_round(
        game,
        deleted.number,
        _seat_players(game),
        entry["winner"],
        scored.rounds[-1].hands,
        deleted.request_key,
        by=by,
        created_at=deleted.created_at,
        created_by_id=deleted.created_by_id,
        version=deleted.version + 1,
        went_out_on=went_out_on,
    )
    _bump(game, scored)
    return Saved(board=Board(game=game, scored=scored), number=deleted.number)


# --- The game's settings ------------------------------------------------------------------


@joined_write
def game_rematch(*, game: Game, started_by_next_dealer: bool = True, by: User = None) -> Game:
    """A new game with the same players, seats, edition, mode, target and house rules.

    A game has at most one rematch: a second tap (or another phone) gets the one already
    started, so the table's live link is not split between two games.
    """
    existing = game.rematches.order_by("-pk").first()
    if existing is not None:
        return existing
    seats = list(game.seats.all())
    players = [seat.player for seat in seats]
    first_dealer = None
    if game.first_dealer_id and started_by_next_dealer:
        first_seat = next(s.number for s in seats if s.player_id == game.first_dealer_id)
        first_dealer = players[dealer_seat(first_seat, next_round_number(game), len(players))]
    rematch = game_start(
        crew=game.crew,
        players=players,
        edition=game.edition,
        scoring=game.scoring,
        target=game.target,
        first_dealer=first_dealer,
        house_rules=game.house_rules,
        house_note=game.house_note,
        deck=game.deck,
        by=by,
    )
    # The table's live link moves on to the rematch: the watchers' phones (and the QR code on
    # the table) follow the table, and the finished game gets a link of its own.
    table_token = game.share_token
    bump_version([game.pk], share_token=new_token())
    Game.objects.filter(pk=rematch.pk).update(share_token=table_token, rematch_of=game)
    rematch.share_token, rematch.rematch_of = table_token, game
    _links_follow_the_table(seats, rematch)
    return rematch


def _links_follow_the_table(seats: list[Seat], rematch: Game) -> None:
    """The seats' links move on to the rematch's seats of the same players, as the live link
    does: the phones on the table go on counting their hands in the next game."""
    tokens = {seat.player_id: seat.link_token for seat in seats if seat.link_token}
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(link_token=None)
    moved = list(Seat.objects.filter(game=rematch, player_id__in=tokens))
    for seat in moved:
        seat.link_token = tokens[seat.player_id]
    Seat.objects.bulk_update(moved, ["link_token"])


def _save_setting(game: Game, fields: list[str], by: User) -> None:
    """Save changed settings with a history row naming who, and bump the version."""
    game._history_user = acting_user(by)
    game.save(update_fields=[*fields, "updated_at"])
    bump_version([game.pk], updated_at=game.updated_at)
    game.version += 1
    announce_change(game)


@joined_write
def game_set_dealer(*, game: Game, player: Player, by: User = None) -> None:
    if player.pk not in {seat.player_id for seat in game.seats.all()}:
        raise RuleError(_("%(player)s is not playing in this game.") % {"player": player.name})
    game.first_dealer = player
    _save_setting(game, ["first_dealer"], by)


@joined_write
def game_set_house_rules(
    *, game: Game, house_rules: Mapping[str, Any], house_note: str, by: User = None
) -> None:
    game.house_rules = dict(house_rules)
    game.house_note = house_note
    _save_setting(game, ["house_rules", "house_note"], by)


@joined_write
def game_new_share_token(*, game: Game, by: User = None) -> None:
    game.share_token = new_token()
    _save_setting(game, ["share_token"], by)


# --- The game's life: stopping early, resuming, deleting and undeleting ----------------------


def _ending_words(ending: str) -> str:
    return {
        Ending.LEADER: _("ended early, the leader wins"),
        Ending.NO_RESULT: _("ended early with no result"),
        Ending.ABANDONED: _("abandoned"),
    }.get(ending, ending)


def refuse_stale(game: Game, version: int | None) -> None:
    """A stop or a delete names the version the phone showed: anything written meanwhile (a
    round that could change who leads, a setting, a challenge) makes the table look again."""
    if version is not None and version != game.version:
        raise Conflict(
            _(
                "The game changed on another phone since you opened it (a round, a setting or "
                "a challenge), so nothing was done: check the board and try again."
            )
        )


@joined_write
def game_end(*, game: Game, ending: str, version: int | None = None, by: User = None) -> Board:
    """Stop a game before anyone reached the target.

    ``ending``: "leader" (the best total wins now and the game counts in the stats),
    "no_result" or "abandoned" (the game counts in no stats). It can be undone
    (:func:`game_resume`).
    """
    if ending not in Ending.values:
        raise RuleError(
            _(
                "%(ending)s is not a way to stop a game: choose “the leader wins”, "
                "“no result” or “abandon”."
            )
            % {"ending": repr(ending)[:40]}
        )
    if game.ended:
        raise Conflict(
            _("This game was already stopped (%(how)s).") % {"how": _ending_words(game.ended)}
        )
    refuse_stale(game, version)
    data = _stored(game)
    if _rescored(data).finished:
        raise Conflict(_("This game is already over: someone reached the target."))
    if ending == Ending.LEADER and not data["rounds"]:
        raise RuleError(
            _(
                "No round has been played yet, so nobody leads: stop it with no result, "
                "or abandon it."
            )
        )
    game.ended = ending
    scored = _rescored(data, ended=ending)
    game._history_user = acting_user(by)
    game.save(update_fields=["ended"])
    _close_counts(game, Count.State.CANCELLED)
    _bump(game, scored)
    return Board(game=game, scored=scored)


@joined_write
def game_resume(*, game: Game, by: User = None) -> Board:
    """Undo :func:`game_end`: the game is in play again where it stopped."""
    if not game.ended:
        raise Conflict(_("This game is not stopped, so there is nothing to resume."))
    game.ended = ""
    scored = _rescored(_stored(game))
    game._history_user = acting_user(by)
    game.save(update_fields=["ended"])
    _bump(game, scored)
    return Board(game=game, scored=scored)


def deleted_games(crew: Crew, *, now: dt.datetime | None = None):
    """The crew's deleted games that can still be put back, newest first."""
    now = now or timezone.now()
    return DeletedGame.objects.filter(crew=crew, deleted_at__gte=now - GAME_UNDO_WINDOW)
