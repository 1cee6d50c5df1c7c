"""A derived, disposable table of per-seat results that keeps the history pages fast.

Totals and winners are never entered: ``scorekeeper.domain.score_game`` derives them from the
rounds. Re-deriving them in SQL for a crew's whole history reads every hand (a quarter of a
million at 10 000 games) on every page, which takes about a second on SQLite. So the result of
each finished game is kept here, written when the game is written (the games app sends
``game_changed`` on commit; :func:`scorekeeper.history.stats.refresh_game` rewrites that game's
rows with the same SQL). Pages only read it. Each row is stamped with the game's ``updated_at``
and its numbers of rounds and challenges, so ``manage.py rebuild_stats --stale`` can find rows
left behind by a write that bypassed the services; ``tests/history/test_stats.py`` proves the
rows equal ``score_game``. Deleting every row is safe: ``manage.py rebuild_stats`` writes them
all again.
"""

from __future__ import annotations

from django.db import models

from scorekeeper.games.models import Crew, Game, Player


class SeatResult(models.Model):
    """One player's result in one finished game."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seat_results")
    total = models.IntegerField()
    place = models.PositiveSmallIntegerField()
    won = models.BooleanField()
    rounds_won = models.PositiveIntegerField()
    # Points left in the other hands of the rounds this player won (what standard scoring pays).
    collected = models.PositiveIntegerField()
    best_round = models.PositiveIntegerField(null=True)
    # Points left in this player's own hands, and how many hands, in the rounds they lost.
    held_points = models.PositiveIntegerField()
    held_hands = models.PositiveIntegerField()
    # Wild Draw Four challenges: won when the other side had to draw.
    challenges_won = models.PositiveIntegerField()
    challenges_lost = models.PositiveIntegerField()
    # The game as it was when this row was computed.
    game_updated_at = models.DateTimeField()
    game_rounds = models.PositiveIntegerField()
    game_challenges = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="seat_result_unique"),
        ]
        indexes = [models.Index(fields=["player", "game"])]

    def __str__(self) -> str:
        return f"{self.player_id} in game {self.game_id}: {self.total}"
