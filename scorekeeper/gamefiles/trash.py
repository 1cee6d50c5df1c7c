"""Deleting a game and putting it back: a deleted game's file is kept for a few minutes
(:data:`~scorekeeper.games.services.GAME_UNDO_WINDOW`), and Undo imports it again.

Here rather than in ``games.services`` because undo is a game-file round trip (export, then
import back): the table's write path never needs the file store.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.crews.models import Crew, new_token
from scorekeeper.gamefiles.models import DeletedGame
from scorekeeper.games.models import Game
from scorekeeper.games.services import (
    GAME_UNDO_WINDOW,
    Conflict,
    User,
    acting_user,
    announce_change,
    bump_version,
    clock_time,
    joined_write,
    refuse_stale,
)
from scorekeeper.roster.models import Player

from .files import export_game, import_game, with_names


@joined_write
def game_delete(*, game: Game, version: int | None = None, by: User = None) -> DeletedGame:
    """Delete a game (from :func:`locked_game`, with its challenges), keeping its game file
    for :data:`GAME_UNDO_WINDOW` so :func:`game_restore` can put it back.

    The table's live link does not die with a rematch deleted by mistake: it goes back to
    the game the rematch followed.
    """
    refuse_stale(game, version)
    now = timezone.now()
    rematches = list(game.rematches.values_list("pk", flat=True))
    previous = (
        Game.objects.filter(pk=game.rematch_of_id, crew_id=game.crew_id)
        .values_list("pk", "share_token")
        .first()
        if game.rematch_of_id
        else None
    )
    table = {
        "share_token": game.share_token,
        "rematch_of": previous[0] if previous else None,
        "rematch_of_token": previous[1] if previous else None,
        "rematches": rematches,
        # By id, in seat order: a player renamed on the roster before the undo is still them.
        "players": [seat.player_id for seat in game.seats.all()],
        # A copy from another crew's file still knows that file when it comes back.
        "origin": str(game.origin) if game.origin else None,
    }
    DeletedGame.objects.filter(crew_id=game.crew_id, deleted_at__lt=now - GAME_UNDO_WINDOW).delete()
    kept = DeletedGame.objects.create(
        crew_id=game.crew_id,
        uid=game.uid,
        label=", ".join(seat.player.name for seat in game.seats.all())[:200],
        data={"file": export_game(game), "table": table},
        deleted_by=acting_user(by),
        deleted_at=now,
    )
    announce_change(game)  # its results (if it had any) go with it
    game._history_user = acting_user(by)
    game.delete()
    if previous and not rematches:
        bump_version([previous[0]], share_token=table["share_token"], updated_at=now)
    return kept


def _current_names(crew: Crew, file: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    """The deleted game's file with each seated player's name as the roster has it now (a
    rename since the deletion); a player merged away meanwhile comes back by the old name."""
    ids = table.get("players") or []
    now = dict(Player.objects.filter(crew=crew, pk__in=ids).values_list("pk", "name"))
    renames = {
        old: now[pk] for old, pk in zip(file.get("players", []), ids, strict=False) if pk in now
    }
    return with_names(file, {old: new for old, new in renames.items() if old != new})


@transaction.atomic  # not joined_write: a refusal here must not break a caller's transaction
def game_restore(*, crew: Crew, deleted: int, by: User = None) -> Game:
    """Put back the deleted game ``deleted`` (a DeletedGame id) of ``crew`` while its undo
    lasts: imported from its game file (same id, rounds, challenges and trail), with its
    live link and its place in a chain of rematches. It comes back under a new number."""
    kept = _kept_for_undo(crew, deleted)
    table = kept.data.get("table") or {}
    game = import_game(crew=crew, data=_current_names(crew, kept.data["file"], table))
    fields = _table_links(crew, table)
    fields["imported_audit"] = [*game.imported_audit, _restored_note(kept, by)]
    origin = table.get("origin")
    # The copy remembers its file again, unless that file was imported after the deletion.
    if origin and not Game.objects.filter(crew=crew, origin=origin).exists():
        fields["origin"] = uuid.UUID(origin)
    Game.objects.filter(pk=game.pk).update(**fields)
    Game.objects.filter(
        pk__in=table.get("rematches") or [], crew=crew, rematch_of__isnull=True
    ).update(rematch_of=game)
    for name, value in fields.items():
        setattr(game, name, value)
    kept.delete()
    return game


def _kept_for_undo(crew: Crew, deleted: int) -> DeletedGame:
    """The deleted game's kept file, locked; refused once restored or past its undo."""
    kept = DeletedGame.objects.select_for_update().filter(crew=crew, pk=deleted).first()
    if kept is None or timezone.now() - kept.deleted_at > GAME_UNDO_WINDOW:
        raise Conflict(
            _(
                "That game can't be put back any more: it was already restored, or its undo "
                "expired after %(minutes)s minutes."
            )
            % {"minutes": int(GAME_UNDO_WINDOW.total_seconds() // 60)}
        )
    return kept


def _table_links(crew: Crew, table: dict[str, Any]) -> dict[str, Any]:
    """The restored game's place at the table: the game it was a rematch of (if still
    there), and its live link back, unless another game took that link meanwhile."""
    fields: dict[str, Any] = {}
    previous = table.get("rematch_of")
    if previous and Game.objects.filter(pk=previous, crew=crew).exists():
        fields["rematch_of_id"] = previous
    token = table.get("share_token")
    if token:
        holder = Game.objects.filter(share_token=token).values_list("pk", flat=True).first()
        if holder is not None and holder == previous:
            # The link went back to the previous game when this one was deleted: it returns.
            bump_version([previous], share_token=table.get("rematch_of_token") or new_token())
            holder = None
        if holder is None:
            fields["share_token"] = token
    return fields


def _restored_note(kept: DeletedGame, by: User) -> dict[str, Any]:
    """The trail's line for the restore: when the game was deleted, put back, and by whom."""
    user = acting_user(by)
    who = user.get_username() if user is not None else None
    times = {"deleted": clock_time(kept.deleted_at), "now": clock_time(timezone.now()), "who": who}
    if who:
        text = _("Game deleted at %(deleted)s and put back at %(now)s by %(who)s.") % times
    else:
        text = _("Game deleted at %(deleted)s and put back at %(now)s.") % times
    return {
        "at": timezone.now().isoformat(),
        "by": who,
        "action": "game-restored",
        "round": None,
        "text": text,
    }
