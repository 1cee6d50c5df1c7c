"""A crew's players and the roster's trail: every rename, merge, retirement, return and link."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy

from scorekeeper.crews.models import Crew
from scorekeeper.domain.scoring import MAX_NAME_LENGTH


class Player(models.Model):
    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Set when the crew retires the player (see the roster): hidden from the new-game picker,
    # kept everywhere in the history; cleared when they come back.
    retired_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_player"
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint("crew", Lower("name"), name="player_name_unique_in_crew"),
            # A member is at most one player of a crew.
            models.UniqueConstraint(
                fields=["crew", "user"],
                condition=Q(user__isnull=False),
                name="player_one_per_member",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class RosterChange(models.Model):
    """One change to a crew's roster: who made it, when, and the player before and after.

    ``before`` and ``after`` hold what changed in plain values (names, the member's username),
    so the trail reads right after the player is renamed again or merged away.
    """

    class Kind(models.TextChoices):
        RENAMED = "renamed", gettext_lazy("Renamed")
        MERGED = "merged", gettext_lazy("Merged")
        RETIRED = "retired", gettext_lazy("Retired")
        RETURNED = "returned", gettext_lazy("Brought back")
        LINKED = "linked", gettext_lazy("Linked to a member")
        UNLINKED = "unlinked", gettext_lazy("Unlinked from a member")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    # The player changed (the kept one, for a merge); NULL once that player is merged away.
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="roster_changes"
    )
    kind = models.CharField(max_length=12, choices=Kind)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["crew", "-at"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.before} → {self.after}"
