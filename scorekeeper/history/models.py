"""A derived, disposable table of per-seat results that keeps the history pages fast.

Totals and winners are never entered: the domain core scores them from the rounds. Scoring a
crew's whole history on every page would read every hand (a quarter of a million at 10 000
games). So the result of each finished game is kept here, written when the game is written
(the games app sends ``game_changed`` on commit; :func:`scorekeeper.history.stats.refresh_game`
rewrites that game's rows from its ``ScoredGame``; an import hands over the games it scored).
Pages only read it. Each row is stamped with the game's ``updated_at`` and its numbers of
rounds and challenges, so ``manage.py rebuild_stats --stale`` can find rows left behind by a
write that bypassed the services; ``tests/history/test_stats.py`` holds the rows to a
recomputation from scratch. Deleting every row is safe: ``manage.py rebuild_stats`` writes them
all again.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game
from scorekeeper.roster.models import Player


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
    # What the records read (records.record_figures): the most points this player took in one
    # round, the farthest they trailed the leader after a round (both None for a game without
    # rounds), and on a winner's row the gap between the first two final totals (0 for a
    # shared win; None on the others' rows).
    biggest_round = models.PositiveIntegerField(null=True)
    deficit = models.PositiveIntegerField(null=True)
    margin = models.PositiveIntegerField(null=True)
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


class Rating(models.Model):
    """One player's skill rating before and after one counted game: derived, disposable.

    Computed by :mod:`scorekeeper.history.ratings` with OpenSkill (Plackett–Luce, its default
    parameters) over the crew's counted games in the order played; rewritten from the first
    game a write can have changed. ``ordinal`` (μ − 3σ) is what the pages show.
    """

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    # The game's place in the crew's counted games, in the order played (1, 2, ...).
    sequence = models.PositiveIntegerField()
    played_at = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal = models.FloatField()
    # The player's counted games so far, this one included.
    games = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="rating_unique"),
        ]
        indexes = [
            models.Index(fields=["player", "-sequence"]),
            models.Index(fields=["crew", "sequence"]),
            models.Index(fields=["crew", "played_at", "game"]),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after game {self.game_id}: {self.ordinal:.1f}"

    @property
    def change(self) -> float:
        return self.ordinal - self.ordinal_before


class Season(models.Model):
    """A named stretch of a crew's game nights ("Winter league"), by the nights' dates (the
    crew's evenings, in its time zone), both ends included. Calendar years and quarters are
    seasons too without a row (see :mod:`scorekeeper.history.seasons`)."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField()

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint("crew", Lower("name"), name="season_name_unique_in_crew"),
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")), name="season_ends_after_it_starts"
            ),
        ]

    def __str__(self) -> str:
        return self.name
