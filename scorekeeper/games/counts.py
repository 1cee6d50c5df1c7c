"""A round counted by the whole table: each player sends their own hand from their own phone.

The scorekeeper says who went out (and on which card): :func:`count_open`. Every other seat's
phone, opened from the seat's link (``Seat.link_token``), then sends that player's hand:
:func:`hand_send`, checked as the round form checks a hand (the notation, the deck's cards,
the side of a two-sided deck). The round is stored once, through the table's one write path
(``services.round_record``): when the last hand arrives, or when the scorekeeper saves the
round form (the hands sent fill it; a missing one they type). A hand sent again (a retry, a
second phone on the link) replaces the one before, and the hand's trail keeps every send;
a hand sent after the round was stored is refused in words and changes nothing.

Every write here holds the game's row lock, as every write at the table does, so hands sent
from several phones at once are taken one after another, and exactly one of them stores the
round. An open count is rows in the database: it survives a restart and a reload.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.crews.models import new_token
from scorekeeper.decks.models import played_edition
from scorekeeper.domain import RuleError
from scorekeeper.domain.keypad import went_out_card
from scorekeeper.domain.scoring import parse_hand
from scorekeeper.games.models import Count, CountedHand, Game, Seat
from scorekeeper.languages.words import in_words
from scorekeeper.prepared import Prepared

from .forms import parse_hand_input
from .services import (
    Conflict,
    User,
    acting_user,
    bump_count_version,
    bump_version,
    joined_write,
    next_round_number,
    refuse_if_cannot_take_rounds,
    round_record,
)

# The most a phone's label may say (it is shown in the trail).
PHONE_MAX_LENGTH = 80


@dataclass(frozen=True)
class Sent:
    """What a seat's phone is told after a send: the count it went into, the points kept, and
    whether this send stored the round (``stored``) or was a repeat already counted."""

    count: Count
    points: int
    stored: bool = False
    repeated: bool = False
    hand: CountedHand | None = None


def open_count(game: Game) -> Count | None:
    """The game's open count, with its hands, or None."""
    return (
        Count.objects.filter(game=game, state=Count.State.OPEN)
        .select_related("winner")
        .prefetch_related("hands__player")
        .first()
    )


def count_rows(game: Game, count: Count) -> list[dict[str, Any]]:
    """Each seat's state in the count, in seat order (the game's seats loaded with it): went
    out, sent (with its points), counting (the seat has a link) or no phone."""
    sent = {hand.player_id: hand for hand in count.hands.all()}
    rows = []
    for seat in game.seats.all():
        hand = sent.get(seat.player_id)
        rows.append(
            {
                "name": seat.player.name,
                "colour": seat.player.colour_class,
                "out": seat.player_id == count.winner_id,
                "points": hand.points if hand else None,
                "linked": bool(seat.link_token),
            }
        )
    return rows


@joined_write
def count_open(
    *,
    game: Game,
    winner: str,
    number: int,
    went_out_on: str = "",
    side: int | None = None,
    by: User = None,
) -> Count:
    """Open the count of round ``number`` of a game from ``locked_game``: ``winner`` went out,
    and every other seat's phone may send its hand. The same request again (the same round
    and winner) gets the count already open."""
    refuse_if_cannot_take_rounds(game)
    seats = {seat.player.name: seat for seat in game.seats.all()}
    if winner not in seats:
        raise RuleError(_("Pick the player who went out from this game's players."))
    existing = open_count(game)
    if existing is not None:
        if existing.number == number and existing.winner.name == winner:
            return existing
        raise Conflict(
            _("Round %(number)s is already being counted: save it or cancel the count first.")
            % {"number": existing.number}
        )
    next_number = next_round_number(game)
    if number != next_number:
        raise Conflict(
            _("Round %(number)s can't be counted: the next round is %(next)s.")
            % {"number": number, "next": next_number}
        )
    if side is not None and side not in (1, 2):
        raise RuleError(_("Pick side 1 or 2 of this deck."))
    count = Count.objects.create(
        crew_id=game.crew_id,
        game=game,
        number=number,
        winner=seats[winner].player,
        went_out_on=went_out_card(went_out_on),
        side=side,
        opened_by=acting_user(by),
    )
    bump_version([game.pk], counting=number)
    game.counting = number
    return count


@joined_write
def count_cancel(*, game: Game, number: int) -> bool:
    """Cancel the open count of round ``number`` (the hands sent are kept with it, unused).
    False when there was none (already saved or cancelled: nothing to do)."""
    cancelled = Count.objects.filter(game=game, state=Count.State.OPEN, number=number).update(
        state=Count.State.CANCELLED, closed_at=timezone.now()
    )
    if cancelled:
        bump_version([game.pk], counting=None)
        game.counting = None
    return bool(cancelled)


def _checked_hand(name: str, cards: str, total: str, edition: Any) -> tuple[str | int, int]:
    """The hand as typed, checked as the round form checks each hand; and its points."""
    try:
        hand = parse_hand_input(name, cards or "", total or "")
    except forms.ValidationError as error:
        raise RuleError(" ".join(error.messages)) from error
    try:
        parsed = parse_hand(name, hand, edition)
    except RuleError as error:
        raise RuleError(in_words(error)) from error
    return (hand if isinstance(hand, int) else parsed.to_json()), parsed.points


# The reads of a hand's send, their SQL built once per connection (ten phones may be sending
# at this moment, and building a query's SQL costs more than running it).
_SEAT = Prepared(
    lambda token: Seat.objects.select_related("game__deck", "game__crew", "player").filter(
        link_token=token
    ),
    token=str,
)
_OPEN = Prepared(
    lambda game_id: Count.objects.select_related("winner").filter(
        game_id=game_id, state=Count.State.OPEN
    ),
    game_id=int,
)
_LOCKED = Prepared(
    lambda game_id: Game.objects.select_for_update().only("counting").filter(pk=game_id),
    game_id=int,
)
_SEATS = Prepared(
    lambda game_id: Seat.objects.only("player_id", "link_token").filter(game_id=game_id),
    game_id=int,
)
_HANDS = Prepared(lambda count_id: CountedHand.objects.filter(count_id=count_id), count_id=int)


def seat_of(token: str) -> Seat | None:
    """The seat whose link this is (with its game, the game's deck and crew, and its player),
    or None (unknown or revoked)."""
    return _SEAT.get(token=token) if token else None


@dataclass(frozen=True)
class _Checked:
    """A hand checked before the game's lock is taken, against the count open then: its
    stored form and points, or the refusal to raise once the lock shows that count open."""

    count_id: int | None
    hand: str | int = ""
    points: int = 0
    error: RuleError | None = None


def _check_ahead(seat: Seat, cards: str, total: str) -> _Checked:
    """Check the hand against the count open now, outside the lock: the lock is then held
    only for the writes (ten phones sending at once wait on it one after another)."""
    count = _OPEN.get(game_id=seat.game_id)
    if count is None or count.winner_id == seat.player_id:
        return _Checked(count_id=None)
    try:
        hand, points = _checked_hand(
            seat.player.name, cards, total, played_edition(seat.game, count.side)
        )
    except RuleError as error:
        return _Checked(count_id=count.pk, error=error)
    return _Checked(count_id=count.pk, hand=hand, points=points)


def hand_send(
    *,
    token: str,
    cards: str = "",
    total: str = "",
    request_key: str = "",
    phone: str = "",
    seat: Seat | None = None,
) -> Sent:
    """Send the hand of the seat whose link ``token`` is into its game's open count (``seat``:
    that seat as :func:`seat_of` read it, when the caller has it already).

    Raises ``Seat.DoesNotExist`` for an unknown or revoked link, :class:`Conflict` when the
    round was already stored (or nothing is being counted) and ``RuleError`` for a hand the
    round form would refuse; nothing changes then. The send that brings the last hand in
    stores the round.
    """
    if seat is None or seat.link_token != token:
        seat = seat_of(token)
    if seat is None:
        raise Seat.DoesNotExist
    checked = _check_ahead(seat, cards, total)
    phone = (phone or "").strip()[:PHONE_MAX_LENGTH] or _("%(name)s's phone") % {
        "name": seat.player.name
    }
    with transaction.atomic():
        return _send_locked(seat, token, checked, request_key[:64], phone, cards, total)


def _send_locked(
    seat: Seat, token: str, checked: _Checked, request_key: str, phone: str, cards: str, total: str
) -> Sent:
    """The writes of :func:`hand_send`, under the game's row lock: a handful of queries, and
    the round's store when this hand is the last one in."""
    locked = _LOCKED.get(game_id=seat.game_id)
    # The link may have moved on to a rematch while this request waited for the lock.
    seats = {s.pk: s for s in _SEATS.all(game_id=seat.game_id)}
    if seat.pk not in seats or seats[seat.pk].link_token != token:
        raise Seat.DoesNotExist
    count = _OPEN.get(game_id=seat.game_id) if locked and locked.counting is not None else None
    if count is None:
        return _after_the_count(seat, request_key)
    if count.winner_id == seat.player_id:
        raise RuleError(
            _("%(name)s went out in round %(number)s: there is no hand to count.")
            % {"name": seat.player.name, "number": count.number}
        )
    if checked.count_id != count.pk:  # a count opened while this one waited: check again
        checked = _check_ahead(seat, cards, total)
    if checked.error is not None:
        raise checked.error
    hand, points = checked.hand, checked.points
    now = timezone.now()
    mark = {"at": now.isoformat(), "phone": phone, "points": points}
    counted = {h.player_id: h for h in _HANDS.all(count_id=count.pk)}
    mine = counted.get(seat.player_id)
    if mine is not None and request_key and mine.request_key == request_key:
        return Sent(count=count, points=mine.points, repeated=True, hand=mine)
    values = {
        "cards": hand if isinstance(hand, str) else "",
        "total": hand if isinstance(hand, int) else None,
        "points": points,
        "phone": phone,
        "request_key": request_key,
        "sent_at": now,
    }
    if mine is None:
        mine = CountedHand.objects.create(
            crew_id=seat.game.crew_id, count=count, player_id=seat.player_id, trail=[mark], **values
        )
    else:
        for field, value in values.items():
            setattr(mine, field, value)
        mine.trail = [*mine.trail, mark]
        mine.save(update_fields=[*values, "trail"])
    counted[seat.player_id] = mine
    if any(s.player_id != count.winner_id and s.player_id not in counted for s in seats.values()):
        bump_count_version(seat.game_id)
        return Sent(count=count, points=points, hand=mine)
    return _store_counted(seat, count, counted, points, mine)


def _store_counted(
    seat: Seat, count: Count, counted: dict[int, CountedHand], points: int, mine: CountedHand
) -> Sent:
    """Every hand is in: store the round through the table's one write path (the game's row
    is locked already). A refusal (the deck's limits over all hands) leaves the count open."""
    game = Game.objects.with_rounds(challenges=False).get(pk=seat.game_id)
    hands = {
        s.player.name: counted[s.player_id].hand for s in game.seats.all() if s.player_id in counted
    }
    try:
        with transaction.atomic():
            round_record(
                game=game,
                winner=count.winner.name,
                hands=hands,
                number=count.number,
                went_out_on=count.went_out_on,
                side=count.side,
                request_key=f"count-{count.pk}",
            )
    except RuleError:
        bump_count_version(game.pk)  # the scorekeeper's panel shows the hands and the problem
        return Sent(count=count, points=points, hand=mine)
    return Sent(count=count, points=points, stored=True, hand=mine)


def _after_the_count(seat: Seat, request_key: str) -> Sent:
    """A send with no count open: a repeat of a hand already counted is answered as counted;
    anything else is refused, changing nothing."""
    last = (
        Count.objects.filter(game_id=seat.game_id)
        .exclude(state=Count.State.OPEN)
        .order_by("-pk")
        .first()
    )
    if last is not None and request_key:
        mine = last.hands.filter(player=seat.player, request_key=request_key).first()
        if mine is not None and last.state == Count.State.STORED:
            return Sent(count=last, points=mine.points, repeated=True)
    if last is not None and last.state == Count.State.STORED:
        raise Conflict(
            _("Round %(number)s was already saved — ask the scorekeeper to correct it.")
            % {"number": last.number}
        )
    raise Conflict(_("No round is being counted: wait for the scorekeeper to say who went out."))


@joined_write
def seat_link_renew(*, game: Game, seat_number: int) -> Seat:
    """A new link for a seat (the old one answers 404 from now on)."""
    seat = _seat(game, seat_number)
    seat.link_token = new_token()
    seat.save(update_fields=["link_token"])
    return seat


@joined_write
def seat_link_revoke(*, game: Game, seat_number: int) -> Seat:
    """No link for a seat until a new one is made (the old one answers 404)."""
    seat = _seat(game, seat_number)
    seat.link_token = None
    seat.save(update_fields=["link_token"])
    return seat


def _seat(game: Game, seat_number: int) -> Seat:
    for seat in game.seats.all():
        if seat.number == seat_number:
            return seat
    raise RuleError(_("This game has no seat %(number)s.") % {"number": seat_number + 1})
