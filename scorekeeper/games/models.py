"""Games, their seats, rounds, hands and challenges.

The nouns a game stands on have rooms of their own: the crew (``crews.models``), its players
(``roster.models``) and its nights (``nights.models``).

Every row carries its crew so that access control is a filter. Totals, standings and
winners are never stored: they come from ``scorekeeper.domain.score_game`` over the rounds.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy
from simple_history.models import HistoricalRecords

from scorekeeper.crews.models import Crew, new_token
from scorekeeper.domain import EDITIONS, SCORING_NAMES, Scoring
from scorekeeper.domain.scoring import ENDINGS_WITH_A_RESULT
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player

# One member per edition in the domain's registry (Edition.CLASSIC, Edition.CHEESE_TOUCH, ...):
# a new deck is added there, and the check constraint below follows.
Edition = models.TextChoices(
    "Edition",
    [(slug.upper().replace("-", "_"), (slug, edition.name)) for slug, edition in EDITIONS.items()],
)


class ScoringMode(models.TextChoices):
    STANDARD = Scoring.STANDARD.value, gettext_lazy(str(SCORING_NAMES[Scoring.STANDARD]))
    LOWEST = Scoring.LOWEST.value, gettext_lazy(str(SCORING_NAMES[Scoring.LOWEST]))


class GameQuerySet(models.QuerySet["Game"]):
    def with_rounds(self, *, challenges: bool = True) -> GameQuerySet:
        """Everything a scoreboard or an export reads, in a fixed number of queries.

        ``challenges=False`` leaves out the challenge log (a write that renders no page).
        """
        rows = [
            models.Prefetch("seats", queryset=Seat.objects.select_related("player")),
            # A round's entry holds its hands by name: no query for the Hand rows.
            models.Prefetch("rounds", queryset=Round.objects.select_related("created_by")),
        ]
        if challenges:
            rows.append(
                models.Prefetch(
                    "challenges",
                    queryset=Challenge.objects.select_related("challenger", "challenged", "drawer"),
                )
            )
        return self.select_related("night", "first_dealer", "deck").prefetch_related(*rows)

    def counted(self) -> GameQuerySet:
        """The games that count in results and stats: finished with a winner (played to the
        target, or stopped early with the leader winning)."""
        return self.filter(status=Game.Status.FINISHED, ended__in=COUNTED_ENDINGS)


class Ending(models.TextChoices):
    """How a game was stopped before anyone reached the target."""

    LEADER = "leader", gettext_lazy("Ended early: the leader wins")
    NO_RESULT = "no_result", gettext_lazy("Ended early: no result")
    ABANDONED = "abandoned", gettext_lazy("Abandoned")


class Source(models.TextChoices):
    """Where a game was recorded, when not at this app's table (nor from its game files)."""

    BGSTATS = "bgstats", "BG Stats"


# A game counts in results and stats when it was played to the target ("") or stopped with
# the leader winning; one stopped with no result, or abandoned, counts nowhere.
COUNTED_ENDINGS = ("", *ENDINGS_WITH_A_RESULT)


class Game(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("In play")
        FINISHED = "finished", gettext_lazy("Finished")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="games")
    night = models.ForeignKey(GameNight, on_delete=models.PROTECT, related_name="games")
    edition = models.CharField(max_length=20, choices=Edition, default=Edition.CLASSIC)
    # A crew's own deck (its frozen version; ``edition`` is then the deck's base, whose sheets
    # settle the rules). None: the edition's own cards.
    deck = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="games"
    )
    scoring = models.CharField(max_length=20, choices=ScoringMode, default=ScoringMode.STANDARD)
    target = models.PositiveIntegerField(default=500)
    # Derived from the rounds by the domain core and rewritten on every change (see services).
    status = models.CharField(max_length=20, choices=Status, default=Status.ACTIVE)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    first_dealer = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    house_rules = models.JSONField(default=dict, blank=True)
    house_note = models.TextField(blank=True)
    share_token = models.CharField(max_length=64, unique=True, default=new_token)
    # A stable id carried by the game's file: importing the same game twice is recognised.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # A copy imported from another crew's file gets an id of its own (``uid`` is unique across
    # crews); the file's id is kept here, so the next import of that file is recognised.
    origin = models.UUIDField(null=True, blank=True, editable=False)
    # Bumped on every change so the live view can answer 304 Not Modified.
    updated_at = models.DateTimeField(auto_now=True)
    # +1 on every write to the game or its rounds: forms say which version they were drawn
    # from, and a read that saw two versions is read again (see scoreboard.load_game).
    version = models.PositiveIntegerField(default=0)
    # The audit trail a game file carried when this game was imported (its own history
    # starts after the import), so an export of an imported game loses nothing.
    imported_audit = models.JSONField(default=list, blank=True)
    # The game this one is a rematch of: a table's live link follows the chain to the newest.
    rematch_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematches"
    )
    # Set when the table stops a game before anyone reaches the target (see services).
    ended = models.CharField(max_length=12, choices=Ending, blank=True, default="", db_default="")
    # "" for a game played here; "bgstats" for a play imported from BG Stats, which brought
    # its final totals and winners only (kept on its seats: ``Seat.recorded_total``).
    source = models.CharField(max_length=12, choices=Source, blank=True, default="", db_default="")
    # The round the table is counting at every phone (an open ``Count``), else NULL: read with
    # the game row, so a page that shows no count costs no query for it.
    counting = models.PositiveIntegerField(null=True, blank=True)
    # Moves on with every hand a phone sends into the open count. The version does not: a
    # hand changes no total, so the board's kept copies stay good; the polls name both.
    count_version = models.PositiveIntegerField(default=0)

    # Who changed a setting (dealer, house rules, share link) and when; derived fields and
    # the version are written with QuerySet.update() and so leave no history.
    history = HistoricalRecords(
        excluded_fields=[
            *("updated_at", "status", "finished_at", "version", "imported_audit", "uid"),
            *("origin", "source", "counting", "count_version"),
        ]
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.CheckConstraint(condition=Q(target__gt=0), name="game_target_positive"),
            # One copy of a file's game per crew, even when two imports run at once.
            models.UniqueConstraint(fields=["crew", "origin"], name="game_origin_once_per_crew"),
            models.CheckConstraint(
                condition=Q(edition__in=[e.value for e in Edition]), name="game_edition_known"
            ),
            models.CheckConstraint(
                condition=Q(scoring__in=[s.value for s in ScoringMode]),
                name="game_scoring_known",
            ),
            models.CheckConstraint(
                condition=Q(source__in=["", *Source.values]), name="game_source_known"
            ),
        ]
        indexes = [models.Index(fields=["crew", "-started_at"])]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.get_edition_display()})"

    @property
    def deck_label(self) -> str:
        """What the game is played with: the crew's deck's name, else the edition's."""
        return self.deck.data["name"] if self.deck_id else self.get_edition_display()


class Seat(models.Model):
    """A player's place at the table for one game: ``number`` is the seat order from 0."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()
    # A game recorded without its rounds (a play imported from BG Stats) keeps each player's
    # final total and whether they won here; NULL for a game played round by round, whose
    # totals the core works out from the rounds. On the seat, so a roster merge moves them.
    recorded_total = models.IntegerField(null=True, blank=True)
    recorded_won = models.BooleanField(null=True, blank=True)
    # The secret of the seat's link ("Join as Ben"): opened on the player's phone it shows
    # the board and, while a round is counted, the keypad for this seat's hand only. NULL:
    # revoked. It moves on to the rematch's seat of the same player, like the live link.
    link_token = models.CharField(  # noqa: DJ001
        max_length=64, unique=True, null=True, blank=True, default=new_token
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_unique_number"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
            models.CheckConstraint(
                condition=Q(recorded_total__isnull=True, recorded_won__isnull=True)
                | Q(
                    recorded_total__isnull=False, recorded_total__gte=0, recorded_won__isnull=False
                ),
                name="seat_recorded_total_and_win",
            ),
        ]

    def __str__(self) -> str:
        return f"Seat {self.number + 1}: {self.player}"


class Round(models.Model):
    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    winner = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="rounds_won")
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # +1 on every edit; an edit names the version it changed, so a stale one is refused.
    version = models.PositiveIntegerField(default=1)
    # The round as entered ({"winner", "hands", "points"} by player id, see entries.py, so a
    # renamed or merged player keeps every round): the Hand rows are
    # what stats query; this copy is what the history keeps, so an audit entry or an undo
    # reads the round's values before and after without joining rows that no longer exist.
    entry = models.JSONField(default=dict)
    # Sent by the form once; a resent request with the same key never stores a second round.
    # NULL (not "") for rounds stored without a key, so the unique constraint skips them.
    request_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    # The card the winner went out on: "+2", "+4", "other", or "" when not recorded.
    went_out_on = models.CharField(max_length=8, blank=True, default="", db_default="")
    # Which side of a two-sided deck was up when the round ended (1 or 2); None otherwise.
    side = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_unique_number"),
            models.UniqueConstraint(
                fields=["game", "request_key"], name="round_unique_request_key"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_one"),
        ]

    history = HistoricalRecords(excluded_fields=["crew"])

    def __str__(self) -> str:
        return f"Round {self.number} of game {self.game_id}"


class Hand(models.Model):
    """Points left in one player's hand at the end of a round; ``cards`` when entered one by one."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hands")
    points = models.PositiveIntegerField()
    cards = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="hand_unique_player"),
            models.CheckConstraint(condition=Q(points__gte=0), name="hand_points_non_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points}"


class Challenge(models.Model):
    """A Wild Draw Four challenge logged on a game; it never changes the scores."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    challenged = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    colour = models.CharField(max_length=1)
    hand = models.TextField(blank=True)
    guilty = models.BooleanField()
    drawer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    cards_drawn = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(default=timezone.now)
    # As on Round: a challenge resent by a phone that was offline is recognised, never logged twice.
    request_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001

    history = HistoricalRecords(excluded_fields=["crew"])

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(challenger=models.F("challenged")), name="challenge_two_players"
            ),
            models.UniqueConstraint(
                fields=["game", "request_key"], name="challenge_unique_request_key"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.challenger} challenged {self.challenged}"


class Count(models.Model):
    """A round counted by the whole table: the scorekeeper says who went out (and on which
    card), and every other player sends their own hand from their phone (their seat's link).
    The round is stored once, when every hand is in, or when the scorekeeper saves it with the
    hands there are (see ``games.counts``). At most one count of a game is open."""

    class State(models.TextChoices):
        OPEN = "open", gettext_lazy("Counting")
        STORED = "stored", gettext_lazy("Saved")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="counts")
    number = models.PositiveIntegerField()  # the round it counts
    winner = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    went_out_on = models.CharField(max_length=20, blank=True, default="")
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    state = models.CharField(max_length=12, choices=State, default=State.OPEN)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    opened_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(state="open"), name="count_one_open_per_game"
            ),
            models.CheckConstraint(
                condition=Q(state__in=["open", "stored", "cancelled"]), name="count_state_known"
            ),
        ]

    def __str__(self) -> str:
        return f"Count of round {self.number} of game {self.game_id} ({self.state})"


class CountedHand(models.Model):
    """One player's hand sent into an open count: the latest send wins; ``trail`` keeps every
    send (when, from which phone, how many points), for the game's audit trail."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="+")
    count = models.ForeignKey(Count, on_delete=models.CASCADE, related_name="hands")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # The hand as entered: cards in notation, or a typed total (then ``cards`` is "").
    cards = models.CharField(max_length=400, blank=True, default="")
    total = models.PositiveIntegerField(null=True, blank=True)
    points = models.PositiveIntegerField()
    phone = models.CharField(max_length=80)
    request_key = models.CharField(max_length=64, blank=True, default="")
    sent_at = models.DateTimeField(default=timezone.now)
    trail = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["count", "player"], name="counted_hand_once"),
            models.CheckConstraint(
                condition=Q(total__isnull=True) ^ Q(cards=""), name="counted_hand_cards_or_total"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} sent {self.points} into {self.count}"

    @property
    def hand(self) -> str | int:
        """The hand as the round takes it: the cards, or the typed total."""
        return self.total if self.total is not None else self.cards
