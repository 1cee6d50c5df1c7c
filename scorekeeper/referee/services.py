"""Writes made by the referee: logging a Wild Draw Four challenge on a game."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scorekeeper.domain import RuleError, Verdict
from scorekeeper.domain.challenge import parse_colour
from scorekeeper.games.models import Challenge, Game
from scorekeeper.games.services import bump_version
from scorekeeper.games.signals import game_changed
from scorekeeper.roster.models import Player
from scorekeeper.rules.entries import only_the_drawer_challenges


class OtherChallenger(RuleError):
    """Someone other than the player who had to draw the 4 challenged, which a sheet in play
    doesn't allow (unorules.org, for Classic): the table is warned and may log it anyway."""


def _other_challenger(challenger: Player) -> OtherChallenger:
    rule = _(
        "%(name)s didn't have to draw the 4, and the Classic sheet (unorules.org) "
        "lets only that player challenge."
    ) % {"name": challenger.name}
    return OtherChallenger(
        _(
            "Not logged: %(rule)s If your table lets anyone challenge, tick “Log it anyway” "
            "and send it again."
        )
        % {"rule": rule}
    )


@transaction.atomic
def challenge_record(
    *,
    game: Game,
    challenger: Player,
    challenged: Player,
    colour: str,
    hand: str,
    verdict: Verdict,
    request_key: str | None = None,
    challenger_drew: bool = True,
    log_anyway: bool = False,
) -> Challenge:
    """Log a judged challenge on the game. It never touches rounds, so scores stay as they are.

    Both players must be seated in the game and differ; the drawer follows the verdict. When a
    sheet in play gives the challenge to the player who had to draw the 4 only (Classic's) and
    ``challenger_drew`` is False, the challenge is refused with ``OtherChallenger`` (a warning
    in words) unless the table chose ``log_anyway``; with the boxed decks no sheet in play
    limits who challenges. A repeated ``request_key`` (a phone resending what it kept
    offline) returns the challenge already logged with it.
    """
    if request_key:
        logged = _logged(game, request_key)
        if logged is not None:
            return logged
    seated = {seat.player_id for seat in game.seats.all()}
    if challenger.pk not in seated or challenged.pk not in seated:
        raise RuleError(_("Both players must be seated in this game."))
    if challenger.pk == challenged.pk:
        raise RuleError(_("A player can't challenge their own Wild Draw Four."))
    if not challenger_drew and not log_anyway and only_the_drawer_challenges(game.edition):
        raise _other_challenger(challenger)
    try:
        with transaction.atomic():  # a savepoint: a resend racing this one may win the key
            logged = Challenge.objects.create(
                crew_id=game.crew_id,
                game=game,
                challenger=challenger,
                challenged=challenged,
                colour=parse_colour(colour),
                hand=hand,
                guilty=verdict.guilty,
                drawer=challenged if verdict.drawer == "challenged" else challenger,
                cards_drawn=verdict.cards,
                request_key=request_key or None,
            )
    except IntegrityError:
        raced = _logged(game, request_key) if request_key else None
        if raced is None:
            raise
        return raced
    bump_version([game.pk])  # the game's page and live board show its challenges
    game.version += 1
    transaction.on_commit(lambda: game_changed.send(Game, game_id=game.pk, crew_id=game.crew_id))
    return logged


def _logged(game: Game, request_key: str) -> Challenge | None:
    return (
        Challenge.objects.select_related("challenger", "challenged")
        .filter(game=game, request_key=request_key)
        .first()
    )
