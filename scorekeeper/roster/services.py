"""Changes to a crew's players: rename, merge, retire, bring back, link to a member.

Each change is one transaction that writes a :class:`~scorekeeper.roster.models.RosterChange`
(who, when, before, after). A refused change raises :class:`RosterError` (a ``RuleError``
whose message the page shows) and writes nothing.

A merge moves everything of one player to another: seats, rounds (their winner and their
stored entry, in the rows and in their history), hands, challenges, the first dealer, the
derived results, the member link and the roster trail. It takes the row locks of every game
either player sat in before it touches anything, in the same order as the table's writes
(the game first, then its players), so a round being saved on one of those games either
commits before the merge reads, or waits and then sees the merged players: never half of
each.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.crews.models import Crew, Membership
from scorekeeper.domain import RuleError
from scorekeeper.domain.scoring import clean_name
from scorekeeper.games.entries import merged_entry
from scorekeeper.games.models import Challenge, Count, CountedHand, Game, Hand, Round, Seat
from scorekeeper.games.services import bump_version
from scorekeeper.games.signals import roster_changed
from scorekeeper.languages.words import in_words
from scorekeeper.roster.models import Colour, Player

from .models import RosterChange


class RosterError(RuleError):
    """A roster change refused with a message for the page (nothing was written)."""


def _user(by: Any) -> Any:
    return by if by is not None and getattr(by, "is_authenticated", False) else None


def _locked(crew: Crew, player_id: int) -> Player:
    # NO KEY UPDATE: a round being saved may still reference the row (its hands' foreign
    # keys take a key-share lock at commit); only a merge, which deletes a row, needs more.
    players = Player.objects.select_for_update(no_key=True)
    player = players.filter(crew=crew, pk=player_id).first()
    if player is None:
        raise RosterError(_("That player is no longer on the crew's roster: it was merged away."))
    return player


def _record(crew: Crew, player: Player | None, kind: str, before, after, by) -> RosterChange:
    return RosterChange.objects.create(
        crew=crew, player=player, kind=kind, before=before, after=after, by=_user(by)
    )


def _touch_games(player_ids: list[int]) -> None:
    """The games these players sat in show their names: their version moves, so every open
    board and live link fetches them again."""
    games = Game.objects.filter(seats__player_id__in=player_ids).values("pk")
    bump_version(games)


def _taken(crew: Crew, name: str, *, but: Player) -> Player | None:
    return Player.objects.filter(crew=crew, name__iexact=name).exclude(pk=but.pk).first()


@transaction.atomic
def rename(*, crew: Crew, player_id: int, name: Any, by: Any = None) -> RosterChange | None:
    """Give the player a new name, unique in the crew ignoring case ("ben" is "Ben"); changing
    only its case is allowed. Returns None when the name is the same (nothing recorded)."""
    try:
        new = clean_name(name)
    except RuleError as error:
        raise RosterError(in_words(error)) from error
    _lock_games_of([player_id])  # the games first, as a merge and the table's writes do
    player = _locked(crew, player_id)
    if new == player.name:
        return None
    if (other := _taken(crew, new, but=player)) is not None:
        raise RosterError(
            _(
                "%(name)s is already a player of this crew: pick another name, or merge "
                "%(old)s into %(name)s if they are the same person."
            )
            % {"name": other.name, "old": player.name}
        )
    old = player.name
    player.name = new
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError as error:  # the same name taken by another phone a moment ago
        raise RosterError(
            _("%(name)s was just taken by another player: pick another name.") % {"name": new}
        ) from error
    _touch_games([player.pk])
    return _record(crew, player, RosterChange.Kind.RENAMED, {"name": old}, {"name": new}, by)


@transaction.atomic
def recolour(*, crew: Crew, player_id: int, colour: Any, by: Any = None) -> RosterChange | None:
    """Give the player another colour of the palette (``Colour``): their chip, their seat on
    the boards and their chart line wear it. None when it is the colour they have."""
    text = str(colour if colour is not None else "")
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 2 else None
    if value not in Colour.values:
        raise RosterError(_("Pick one of the colours shown."))
    _lock_games_of([player_id])  # the games first, as a rename does
    player = _locked(crew, player_id)
    if player.colour == value:
        return None
    old = player.colour
    player.colour = value
    player.save(update_fields=["colour"])
    _touch_games([player.pk])
    before, after = {"name": player.name, "colour": old}, {"name": player.name, "colour": value}
    return _record(crew, player, RosterChange.Kind.RECOLOURED, before, after, by)


@transaction.atomic
def set_retired(
    *, crew: Crew, player_id: int, retired: bool, by: Any = None
) -> RosterChange | None:
    """Retire the player (hidden from the new-game picker, kept in all history) or bring them
    back. Returns None when they already were in that state."""
    player = _locked(crew, player_id)
    if (player.retired_at is not None) == retired:
        return None
    player.retired_at = timezone.now() if retired else None
    player.save(update_fields=["retired_at"])
    kind = RosterChange.Kind.RETIRED if retired else RosterChange.Kind.RETURNED
    return _record(crew, player, kind, {"name": player.name}, {"name": player.name}, by)


@transaction.atomic
def link(*, crew: Crew, player_id: int, user_id: int | None, by: Any = None) -> RosterChange | None:
    """Link the player to a member of the crew (``user_id``), or unlink it (None). A member is
    at most one player of the crew. Returns None when nothing changes."""
    player = _locked(crew, player_id)
    if user_id == player.user_id:
        return None
    before = {"name": player.name, "member": _username(player.user_id)}
    if user_id is not None:
        if not Membership.objects.filter(crew=crew, user_id=user_id).exists():
            raise RosterError(_("That person is not a member of this crew."))
        other = Player.objects.filter(crew=crew, user_id=user_id).exclude(pk=player.pk).first()
        if other is not None:
            raise RosterError(
                _(
                    "%(member)s is already linked to %(other)s: unlink them there first "
                    "(a member is one player)."
                )
                % {"member": _username(user_id), "other": other.name}
            )
    player.user_id = user_id
    try:
        with transaction.atomic():
            player.save(update_fields=["user"])
    except IntegrityError as error:
        raise RosterError(
            _("That member was just linked to another player: look again and retry.")
        ) from error
    after = {"name": player.name, "member": _username(user_id)}
    kind = RosterChange.Kind.LINKED if user_id is not None else RosterChange.Kind.UNLINKED
    return _record(crew, player, kind, before, after, by)


def _username(user_id: int | None) -> str | None:
    if user_id is None:
        return None
    user = get_user_model().objects.filter(pk=user_id).first()
    return user.get_username() if user else None


def _lock_games_of(player_ids: list[int]) -> list[int]:
    games = Game.objects.select_for_update(of=("self",)).filter(seats__player_id__in=player_ids)
    return list(games.order_by("pk").values_list("pk", flat=True))


@transaction.atomic
def merge(*, crew: Crew, keep_id: int, gone_id: int, by: Any = None) -> RosterChange:
    """Merge player ``gone_id`` into ``keep_id``: every seat, round, hand, challenge and
    result of the first becomes the second's, and the first leaves the roster. Refused when
    both sat in the same game (the game would seat one person twice)."""
    if keep_id == gone_id:
        raise RosterError(_("Pick two different players to merge."))
    # The games first, as the table's writes do: a round being saved finishes first.
    _lock_games_of([keep_id, gone_id])
    both = Player.objects.select_for_update().filter(crew=crew, pk__in=[keep_id, gone_id])
    players = {player.pk: player for player in both}
    if len(players) < 2:
        raise RosterError(_("That player is no longer on the crew's roster: it was merged away."))
    kept, gone = players[keep_id], players[gone_id]
    # A game started with either player while we waited for their locks.
    games = _lock_games_of([gone.pk])
    shared = (
        Seat.objects.filter(player=kept, game_id__in=games).order_by("game__started_at").first()
    )
    if shared is not None:
        raise RosterError(
            _(
                "%(gone)s and %(kept)s both played in game %(game)s, so they are two people: "
                "they can't be merged."
            )
            % {"gone": gone.name, "kept": kept.name, "game": shared.game_id}
        )
    if gone.user_id and kept.user_id and gone.user_id != kept.user_id:
        raise RosterError(
            _(
                "%(gone)s and %(kept)s are linked to two different members: unlink one of "
                "them first."
            )
            % {"gone": gone.name, "kept": kept.name}
        )
    before = {
        "name": gone.name,
        "kept": kept.name,
        "games": len(games),
        "member": _username(gone.user_id),
    }
    _move_rows(gone.pk, kept.pk, games)
    RosterChange.objects.filter(player=gone).update(player=kept)
    member = gone.user_id
    gone.delete()  # its derived results go with it; the refresh below writes them for kept
    if member and not kept.user_id:
        kept.user_id = member
        kept.save(update_fields=["user"])
    bump_version(games)
    crew_id = crew.pk
    transaction.on_commit(lambda: roster_changed.send(sender=Player, crew_id=crew_id))
    after = {"name": kept.name}
    return _record(crew, kept, RosterChange.Kind.MERGED, before, after, by)


def _move_rows(gone: int, kept: int, games: list[int]) -> None:
    """Every row that names player ``gone`` names ``kept`` instead, history included."""
    Seat.objects.filter(player_id=gone).update(player_id=kept)
    Hand.objects.filter(player_id=gone).update(player_id=kept)
    Round.objects.filter(winner_id=gone).update(winner_id=kept)
    Game.objects.filter(first_dealer_id=gone).update(first_dealer_id=kept)
    Count.objects.filter(winner_id=gone).update(winner_id=kept)
    CountedHand.objects.filter(player_id=gone).update(player_id=kept)
    for field in ("challenger", "challenged", "drawer"):
        Challenge.objects.filter(**{f"{field}_id": gone}).update(**{f"{field}_id": kept})
        Challenge.history.filter(**{f"{field}_id": gone}).update(**{f"{field}_id": kept})
    Round.history.filter(winner_id=gone).update(winner_id=kept)
    Game.history.filter(first_dealer_id=gone).update(first_dealer_id=kept)
    for model in (Round, Round.history.model):
        rows = model._default_manager.filter(game_id__in=games).only("pk", "entry")
        changed = []
        for row in rows:
            entry = merged_entry(row.entry, gone, kept)
            if entry != row.entry:
                row.entry = entry
                changed.append(row)
        model._default_manager.bulk_update(changed, ["entry"], batch_size=500)


def trail(crew: Crew, *, limit: int = 50) -> list[RosterChange]:
    """The crew's latest roster changes, newest first."""
    return list(RosterChange.objects.filter(crew=crew).select_related("by")[:limit])
