"""The audit trail of a game in plain words: who saved, changed, deleted or restored a round,
logged a challenge or changed a setting, when, and the values before and after.

The rows come from django-simple-history (``Round.history``, ``Game.history``,
``Challenge.history``), and a round counted on every phone adds its count: who opened it, each
hand each phone sent (a hand's ``trail``: which phone, when, how many points) and a cancel. A
game imported from a file also keeps the trail its file carried.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .entries import named_entry
from .models import Challenge, Count, Game, Round, Seat

# The settings whose changes the trail shows, with their names in words (the keys of an
# entry's before/after in English, the text in the reader's language).
SETTINGS = {
    "first_dealer_id": gettext_noop("first dealer"),
    "house_rules": gettext_noop("house rules"),
    "house_note": gettext_noop("house note"),
    "share_token": gettext_noop("share link"),
    "target": gettext_noop("target"),
}


@dataclass(frozen=True)
class AuditEntry:
    at: dt.datetime
    by: str | None
    action: str  # round-saved, round-changed, round-deleted, round-restored, challenge, ...
    round: int | None
    text: str
    before: Mapping[str, Any] | None = None
    after: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at.isoformat(),
            "by": self.by,
            "action": self.action,
            "round": self.round,
            "text": self.text,
            "before": self.before,
            "after": self.after,
        }


def _at(moment: dt.datetime) -> str:
    return time_format(timezone.localtime(moment), "H:i")


def _who(record: Any) -> str | None:
    return record.history_user.get_username() if record.history_user_id else None


def _points_change(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    changes = []
    if before.get("winner") != after.get("winner"):
        changes.append(
            _("went out: %(before)s → %(after)s")
            % {"before": before.get("winner"), "after": after.get("winner")}
        )
    old_points, new_points = before.get("points", {}), after.get("points", {})
    for name in dict.fromkeys([*old_points, *new_points]):
        old, new = old_points.get(name, 0), new_points.get(name, 0)
        if old != new:
            changes.append(f"{name} {old} → {new}")
    return "; ".join(changes) or _("no change in points")


def _round_entries(records: Iterable[Any], names: Mapping[int, str]) -> list[AuditEntry]:
    """The round records' trail; ``names`` reads the stored entries' player ids as names."""
    entries, last = [], {}
    for record in records:
        entry = named_entry(record.entry, names)
        who, when = _who(record), _at(record.history_date)
        values = {"number": record.number, "who": who, "time": when}
        before = last.get(record.id)
        if record.history_type == "+":
            action = "round-restored" if record.version > 1 else "round-saved"
            if record.version > 1:
                text = (
                    _("Round %(number)s restored by %(who)s at %(time)s.")
                    if who
                    else _("Round %(number)s restored at %(time)s.")
                ) % values
            else:
                text = (
                    _("Round %(number)s saved by %(who)s at %(time)s.")
                    if who
                    else _("Round %(number)s saved at %(time)s.")
                ) % values
            before = None
        elif record.history_type == "-":
            action = "round-deleted"
            text = (
                _("Round %(number)s deleted by %(who)s at %(time)s.")
                if who
                else _("Round %(number)s deleted at %(time)s.")
            ) % values
        else:
            action = "round-changed"
            values["detail"] = _points_change(before or {}, entry)
            text = (
                _("Round %(number)s changed by %(who)s at %(time)s: %(detail)s.")
                if who
                else _("Round %(number)s changed at %(time)s: %(detail)s.")
            ) % values
        after = None if record.history_type == "-" else entry
        if record.history_type == "-":
            before = entry
        entries.append(
            AuditEntry(record.history_date, who, action, record.number, text, before, after)
        )
        last[record.id] = entry
    return entries


def _setting_value(game: Game, field: str, value: Any) -> Any:
    if field == "first_dealer_id":
        names = {seat.player_id: seat.player.name for seat in game.seats.all()}
        return names.get(value)
    if field == "share_token":
        return "replaced"
    return value


def _game_entries(game: Game, records: Iterable[Any]) -> list[AuditEntry]:
    entries, previous = [], None
    for record in records:
        who, when = _who(record), _at(record.history_date)
        values = {"who": who, "time": when}
        if previous is None:
            text = (
                _("Game started by %(who)s at %(time)s.") if who else _("Game started at %(time)s.")
            ) % values
            entries.append(AuditEntry(record.history_date, who, "game-started", None, text))
        else:
            before, after, words = {}, {}, []
            for field, label in SETTINGS.items():
                old, new = getattr(previous, field), getattr(record, field)
                if old != new:
                    before[label] = _setting_value(game, field, old)
                    after[label] = _setting_value(game, field, new)
                    if field == "share_token":
                        words.append(_("share link replaced"))
                    else:
                        old_shown = before[label] or "—"
                        new_shown = after[label] or "—"
                        words.append(f"{_(label)}: {old_shown} → {new_shown}")
            if words:
                values["changes"] = "; ".join(words)
                text = (
                    _("Settings changed by %(who)s at %(time)s: %(changes)s.")
                    if who
                    else _("Settings changed at %(time)s: %(changes)s.")
                ) % values
                entries.append(
                    AuditEntry(record.history_date, who, "settings", None, text, before, after)
                )
        previous = record
    return entries


def _challenge_entries(records: Iterable[Any], names: Mapping[int, str]) -> list[AuditEntry]:
    entries = []
    for record in records:
        if record.history_type != "+":
            continue
        who = _who(record)
        people = {
            "challenger": names.get(record.challenger_id),
            "challenged": names.get(record.challenged_id),
            "drawer": names.get(record.drawer_id),
            "cards": record.cards_drawn,
        }
        what = (
            _("%(challenger)s challenged %(challenged)s: guilty, %(drawer)s drew %(cards)s")
            if record.guilty
            else _(
                "%(challenger)s challenged %(challenged)s: not guilty, %(drawer)s drew %(cards)s"
            )
        ) % people
        values = {"who": who, "time": _at(record.history_date), "what": what}
        text = (
            _("Wild Draw 4 challenge logged by %(who)s at %(time)s: %(what)s.")
            if who
            else _("Wild Draw 4 challenge logged at %(time)s: %(what)s.")
        ) % values
        entries.append(AuditEntry(record.history_date, who, "challenge", None, text))
    return entries


def _count_entries(counts: Iterable[Count]) -> list[AuditEntry]:
    """A round counted on every phone: its opening, every send of every hand (a hand sent
    again shows each time, with the phone it came from) and its cancel."""
    entries = []
    for count in counts:
        who = count.opened_by.get_username() if count.opened_by_id else None
        values = {
            "number": count.number,
            "time": _at(count.opened_at),
            "who": who,
            "winner": count.winner.name,
        }
        text = (
            _(
                "Round %(number)s counted on every phone: %(who)s opened it at %(time)s, "
                "%(winner)s went out."
            )
            if who
            else _(
                "Round %(number)s counted on every phone: opened at %(time)s, %(winner)s went out."
            )
        ) % values
        entries.append(AuditEntry(count.opened_at, who, "count-opened", count.number, text))
        for hand in count.hands.all():
            for mark in hand.trail:
                at = parse_datetime(str(mark.get("at", ""))) or hand.sent_at
                sent = {
                    "name": hand.player.name,
                    "number": count.number,
                    "points": mark.get("points", hand.points),
                    "phone": mark.get("phone") or "?",
                    "time": _at(at),
                }
                text = (
                    _(
                        "%(name)s's hand for round %(number)s sent from %(phone)s at %(time)s: "
                        "%(points)s points."
                    )
                    % sent
                )
                entries.append(AuditEntry(at, None, "hand-sent", count.number, text))
        if count.state == Count.State.CANCELLED and count.closed_at is not None:
            text = _("The count of round %(number)s was cancelled at %(time)s.") % {
                "number": count.number,
                "time": _at(count.closed_at),
            }
            entries.append(AuditEntry(count.closed_at, None, "count-cancelled", count.number, text))
    return entries


def trails_for(games: Iterable[Game]) -> dict[int, list[AuditEntry]]:
    """Each game's trail, oldest first, in six queries however many games (the games come
    from ``Game.objects.with_rounds()``)."""
    games = list(games)
    ids = [game.pk for game in games]
    rounds, settings, challenges = defaultdict(list), defaultdict(list), defaultdict(list)
    order = ("history_date", "history_id")
    for record in (
        Round.history.filter(game_id__in=ids).select_related("history_user").order_by(*order)
    ):
        rounds[record.game_id].append(record)
    for record in Game.history.filter(id__in=ids).select_related("history_user").order_by(*order):
        settings[record.id].append(record)
    for record in (
        Challenge.history.filter(game_id__in=ids).select_related("history_user").order_by(*order)
    ):
        challenges[record.game_id].append(record)
    counts = defaultdict(list)
    for count in (
        Count.objects.filter(game_id__in=ids)
        .select_related("opened_by", "winner")
        .prefetch_related("hands__player")
        .order_by("opened_at", "pk")
    ):
        counts[count.game_id].append(count)
    trails = {}
    for game in games:
        names = {seat.player_id: seat.player.name for seat in game.seats.all()}
        entries = (
            _game_entries(game, settings[game.pk])
            + _round_entries(rounds[game.pk], names)
            + _challenge_entries(challenges[game.pk], names)
            + _count_entries(counts[game.pk])
        )
        trails[game.pk] = sorted(entries, key=lambda entry: entry.at)
    return trails


def trail_for(game: Game) -> list[AuditEntry]:
    return trails_for([game])[game.pk]


def _names_at(game_id: int) -> dict[int, str]:
    """The game's players by id: how a stored entry is read in words."""
    seats = Seat.objects.filter(game_id=game_id).values_list("player_id", "player__name")
    return dict(seats)


def changes_since(round_id: int, version: int, names: Mapping[int, str]) -> list[str]:
    """What happened to one round after its ``version``, in words, oldest first (``names``:
    the game's players by id)."""
    records = list(
        Round.history.filter(id=round_id)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )
    entries = _round_entries(records, names)
    return [e.text for r, e in zip(records, entries, strict=True) if r.version > version]


def describe_change(record: Any) -> str:
    """One history row of a round in plain words (its earlier rows give the "before")."""
    earlier = Round.history.filter(id=record.id, history_id__lte=record.history_id)
    records = list(earlier.select_related("history_user").order_by("history_date", "history_id"))
    return _round_entries(records, _names_at(record.game_id))[-1].text
