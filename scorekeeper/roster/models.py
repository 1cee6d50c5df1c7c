"""A crew's players and the roster's trail: every rename, merge, retirement, return and link."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.crews.models import Crew
from scorekeeper.domain.scoring import MAX_NAME_LENGTH


class Colour(models.IntegerChoices):
    """A player's colour: the first eight of the charts' series (``.series-N`` in
    static/css/history.css, each with a light and a dark shade of AA contrast for a mark, and a
    dash of its own in a chart), so a player's chip, seat and chart line wear one colour. The
    name is always printed beside it: colour is never the only signal."""

    BLUE = 0, pgettext_lazy("a player's colour", "Blue")
    RED = 1, pgettext_lazy("a player's colour", "Red")
    GREEN = 2, pgettext_lazy("a player's colour", "Green")
    AMBER = 3, pgettext_lazy("a player's colour", "Amber")
    PURPLE = 4, pgettext_lazy("a player's colour", "Purple")
    TEAL = 5, pgettext_lazy("a player's colour", "Teal")
    PINK = 6, pgettext_lazy("a player's colour", "Pink")
    SLATE = 7, pgettext_lazy("a player's colour", "Slate")


def next_colours(
    crew_id: int, count: int = 1, *, players: Iterable[Player] | None = None
) -> list[int]:
    """Colours for ``count`` new players of a crew: the ones its players wear least (the
    retired ones left out), in the palette's order, so a table of eight never repeats one.
    ``players``: the crew's players already loaded (no query)."""
    if players is None:
        players = Player.objects.filter(crew_id=crew_id).only("colour", "retired_at")
    worn = Counter(p.colour for p in players if p.retired_at is None and p.colour is not None)
    chosen = []
    for _ in range(count):
        colour = min(Colour.values, key=lambda value: (worn[value], value))
        worn[colour] += 1
        chosen.append(colour)
    return chosen


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
    # Given on creation (the crew's least worn, ``next_colours``), changed on the roster.
    colour = models.PositiveSmallIntegerField(choices=Colour, null=True, blank=True)

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

    def save(self, *args, **kwargs) -> None:
        if self.colour is None and self._state.adding:
            (self.colour,) = next_colours(self.crew_id)
        super().save(*args, **kwargs)

    @property
    def colour_class(self) -> str:
        """The CSS class that wears the player's colour ("" for none)."""
        return colour_class(self.colour)


def colour_class(colour: int | None) -> str:
    return "" if colour is None else f"series-{colour}"


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
        RECOLOURED = "recoloured", gettext_lazy("New colour")
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
