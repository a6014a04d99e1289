"""Scorecards: one per game, every submission kept as a version with who, when and why.

Workflows (submit, confirm, dispute, settle, correct) live in ``scoring.services``; these
models hold the data and the invariants the database can enforce.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scoring.handrows import HandRow
from scoring.models.games import Game

SIDE_CHOICES = [("NS", "N-S"), ("EW", "E-W")]
SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


class Scorecard(models.Model):
    """The card of one game; `current_version` is what the page shows."""

    class Status(models.TextChoices):
        EMPTY = "empty", "No card yet"
        SUBMITTED = "submitted", "Awaiting confirmation"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        SETTLED = "settled", "Settled by staff"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="scorecard")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.EMPTY)
    current_version = models.ForeignKey(
        "ScorecardVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"Card for {self.game} ({self.get_status_display()})"

    @property
    def is_confirmed(self) -> bool:
        """Settled cards count as confirmed: a manager or director decided them."""
        return self.status in (self.Status.CONFIRMED, self.Status.SETTLED)

    @property
    def is_open(self) -> bool:
        return not self.is_confirmed


class ScorecardVersion(models.Model):
    """One submission, settlement or correction; never edited once written."""

    class Source(models.TextChoices):
        HANDS = "hands", "Hand by hand"
        FINAL = "final", "Final scores only"

    class Kind(models.TextChoices):
        SUBMISSION = "submission", "Submitted"
        SETTLEMENT = "settlement", "Settled"
        CORRECTION = "correction", "Corrected"
        ENTRY = "entry", "Entered and confirmed"  # by staff, from the paper card, in one step

    class State(models.TextChoices):
        PENDING = "pending", "Awaiting confirmation"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        REPLACED = "replaced", "Replaced by a later version"

    scorecard = models.ForeignKey(Scorecard, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveSmallIntegerField()
    source = models.CharField(max_length=5, choices=Source.choices)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.SUBMISSION)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    timed_out = models.BooleanField(default=False)
    # Computed by the engine (null only for individual cards entered as four player totals).
    ns_total = models.SmallIntegerField(null=True, blank=True)
    ew_total = models.SmallIntegerField(null=True, blank=True)
    winner = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    ended_by = models.CharField(max_length=10, blank=True)
    seat_totals = models.JSONField(default=dict, blank=True)
    lone_hands_made = models.JSONField(default=dict, blank=True)
    hand_count = models.PositiveSmallIntegerField(default=0)

    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    submitted_for = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    submitted_at = models.DateTimeField(default=timezone.now)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.TextField(blank=True, help_text="Why staff settled or corrected the card.")
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Who confirmed without an account: the other side's players, by their seat code.
    confirmed_as = models.CharField(max_length=200, blank=True)
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    disputed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["scorecard", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["scorecard", "number"], name="scorecard_version_number_once"
            ),
            # The real guard behind "a game has at most one confirmed result".
            models.UniqueConstraint(
                fields=["scorecard"],
                condition=Q(state="confirmed"),
                name="scorecard_one_confirmed_version",
            ),
            models.CheckConstraint(
                condition=~Q(state="confirmed") | Q(confirmed_at__isnull=False),
                name="scorecard_confirmed_version_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(kind="submission") | Q(submitted_for__in=["NS", "EW"]),
                name="scorecard_submission_names_its_side",
            ),
            # Staff typing a card in first need no reason; changing one does.
            models.CheckConstraint(
                condition=Q(kind__in=["submission", "entry"]) | ~Q(reason=""),
                name="scorecard_staff_change_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.scorecard.game} · version {self.number} ({self.get_state_display()})"

    def rows(self) -> list[HandRow]:
        return [hand.to_row() for hand in self.hands.all()]

    def final_scores(self) -> dict[str, int]:
        """What a final-scores card recorded, keyed as it was entered."""
        if self.seat_totals and self.ns_total is None:
            return dict(self.seat_totals)
        return {"NS": self.ns_total or 0, "EW": self.ew_total or 0}


class HandEntry(models.Model):
    """One row of a hand-by-hand version, with the points the engine gave it."""

    version = models.ForeignKey(ScorecardVersion, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    maker_side = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    alone = models.BooleanField(default=False)
    loner_seat = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    tricks = models.PositiveSmallIntegerField(default=0, help_text="Tricks the makers took.")
    renege_by = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    passed = models.BooleanField(default=False)
    false_renege_claim_by = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    # Computed by the engine when the version was written.
    ns_points = models.SmallIntegerField(default=0)
    ew_points = models.SmallIntegerField(default=0)
    ns_running = models.SmallIntegerField(default=0)
    ew_running = models.SmallIntegerField(default=0)
    seat_points = models.JSONField(default=dict, blank=True)
    seat_running = models.JSONField(default=dict, blank=True)
    summary = models.CharField(max_length=240, blank=True)

    class Meta:
        ordering = ["version", "number"]
        constraints = [
            models.UniqueConstraint(fields=["version", "number"], name="hand_number_once"),
            models.CheckConstraint(condition=Q(tricks__lte=5), name="hand_tricks_at_most_five"),
        ]
        verbose_name_plural = "hand entries"

    def __str__(self) -> str:
        return f"Hand {self.number}: {self.summary}"

    def to_row(self) -> HandRow:
        return HandRow(
            dealer=self.dealer,
            maker_side=self.maker_side,
            alone=self.alone,
            loner_seat=self.loner_seat,
            tricks=self.tricks,
            renege_by=self.renege_by,
            passed=self.passed,
            false_renege_claim_by=self.false_renege_claim_by,
        )


class ScorecardDraft(models.Model):
    """Hands a user has tapped in but not submitted: a phone refresh loses nothing."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="drafts")
    side = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    hands = models.JSONField(default=list, blank=True)
    timed_out = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="draft_once_per_user_and_game")
        ]

    def __str__(self) -> str:
        return f"Draft of {self.game} by {self.user} ({len(self.hands)} hands)"

    def rows(self) -> list[HandRow]:
        return [HandRow.from_mapping(data) for data in self.hands]
