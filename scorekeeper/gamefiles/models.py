"""What the game files keep in the database: deleted games, as their files, for undo."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from scorekeeper.crews.models import Crew


class DeletedGame(models.Model):
    """A deleted game kept as its game file, so the deletion can be undone."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    uid = models.UUIDField()
    label = models.CharField(max_length=200)
    data = models.JSONField()
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deleted_at = models.DateTimeField(default=timezone.now)

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_deletedgame"
        ordering = ["-deleted_at"]

    def __str__(self) -> str:
        return self.label
