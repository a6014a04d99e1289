"""Cancelled nights: what was called off, why, and what the manager chose to do about it."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.seasons.models.schedule import Fixture
from league.seasons.models.season import Season, Venue


class Cancellation(models.Model):
    """One decision to call off play: a whole night, one venue that night, or some fixtures.

    The affected fixtures are linked so the record survives their later moves; the
    follow-up (reschedule to makeup dates or shorten the season) is recorded here too.
    """

    class Scope(models.TextChoices):
        NIGHT = "night", "The whole league night"
        VENUE = "venue", "One venue"
        FIXTURES = "fixtures", "Single fixtures"

    class Reason(models.TextChoices):
        WEATHER = "weather", "Weather"
        UNPLAYABLE = "unplayable", "Unplayable conditions"
        FACILITY = "facility", "Facility constraints"
        CONFLICT = "conflict", "Scheduling conflict"
        OTHER = "other", "Other"

    class Outcome(models.TextChoices):
        UNDECIDED = "undecided", "Not decided yet"
        RESCHEDULE = "reschedule", "Reschedule to makeup dates"
        SHORTEN = "shorten", "Shorten the season"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="cancellations")
    date = models.DateField(help_text="The night that was called off.")
    scope = models.CharField(max_length=10, choices=Scope.choices)
    venue = models.ForeignKey(
        Venue, null=True, blank=True, on_delete=models.PROTECT, related_name="cancellations"
    )
    fixtures = models.ManyToManyField(Fixture, related_name="cancellations")
    reason = models.CharField(max_length=12, choices=Reason.choices)
    details = models.TextField(blank=True, help_text="Shown in the notice and announcement.")
    on_site = models.BooleanField(
        default=False, help_text="Called off at the venue: only teams still scheduled are told."
    )
    outcome = models.CharField(max_length=12, choices=Outcome.choices, default=Outcome.UNDECIDED)
    outcome_note = models.CharField(max_length=200, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scope="venue", venue__isnull=False) | ~Q(scope="venue"),
                name="cancellation_venue_scope_names_a_venue",
            )
        ]

    def __str__(self) -> str:
        return (
            f"{self.season} {self.date}: {self.get_scope_display()} ({self.get_reason_display()})"
        )
