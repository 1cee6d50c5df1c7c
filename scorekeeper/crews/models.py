"""What the crews app keeps of its own: who joined a crew by which invite link.

(Crews, members and invites themselves still live in ``scorekeeper.games.models``.)
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from scorekeeper.games.models import Crew, Invite


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
