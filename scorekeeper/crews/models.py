"""A crew and who belongs to it: its members, its invite links (and who used them), and a
signed-in user's preferences.

The crew is the floor every other noun stands on (players, nights, decks, games): this module
imports none of them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone


def new_token() -> str:
    """A secret for a link (an invite, a game's share link)."""
    return secrets.token_urlsafe(24)


class Crew(models.Model):
    """A group of friends sharing a roster and a history."""

    name = models.CharField(max_length=80)
    # An IANA zone ("Europe/Madrid"): the crew's dates, times and evenings are read in it.
    time_zone = models.CharField(max_length=64, default="UTC")
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="crews", blank=True
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Set in the transaction of a write whose derived rows (the history's player results and
    # ratings) are refreshed after its commit, cleared when that refresh has finished: a crew
    # still marked lost its refresh (a crash, a lost connection) and is caught up at its next
    # write or the next start (scorekeeper.history.receivers.catch_up).
    results_pending = models.BooleanField(default=False, db_default=False)

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_crew"
        constraints = [models.UniqueConstraint(Lower("name"), name="crew_name_unique_ci")]
        indexes = [
            # The start-up check reads only the marked crews: one small index scan.
            models.Index(
                fields=["results_pending"],
                condition=Q(results_pending=True),
                name="crew_results_pending",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_membership"
        constraints = [models.UniqueConstraint(fields=["crew", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.crew}"


class Invite(models.Model):
    """A link that lets a friend join a crew."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_invite"

    def __str__(self) -> str:
        return f"Invite to {self.crew}"


class InviteUse(models.Model):
    """One person who joined a crew with an invite link. A link works for
    ``settings.INVITE_USES`` people: a link forwarded beyond the table stops there."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    invite = models.ForeignKey(Invite, on_delete=models.CASCADE, related_name="uses")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    used_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["invite", "user"], name="invite_use_once_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} joined {self.crew} by invite {self.invite_id}"


class Preference(models.Model):
    """A signed-in user's settings that follow them from phone to phone."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference"
    )
    language = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_preference"

    def __str__(self) -> str:
        return f"{self.user}: {self.language or 'browser language'}"
