"""The schedule: fixtures (a week's meeting of two teams) and requests to move them."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.seasons.models.season import Season, SkillLevel, Table
from league.seasons.models.teams import Team


class Fixture(models.Model):
    """Two teams' meeting on a night (three games); a bye has no away team and no table.

    Results, forfeits and playoffs build on this row: games point at the fixture,
    `status` says what became of it, and `original_date` keeps the scheduled night
    once a fixture has been moved.
    """

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        POSTPONED = "postponed", "Postponed"
        CANCELLED = "cancelled", "Cancelled"
        PLAYED = "played", "Played"

    class Stage(models.TextChoices):
        REGULAR = "regular", "Regular season"
        PLAYOFF = "playoff", "Playoffs"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="fixtures")
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.REGULAR)
    week = models.PositiveSmallIntegerField()
    date = models.DateField()
    start_time = models.TimeField(null=True, blank=True, help_text="Empty: the season's time.")
    skill_level = models.ForeignKey(
        SkillLevel, null=True, blank=True, on_delete=models.PROTECT, related_name="fixtures"
    )
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="home_fixtures")
    away = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="away_fixtures"
    )
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="fixtures"
    )
    games = models.PositiveSmallIntegerField(default=3)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    original_date = models.DateField(null=True, blank=True)
    # A one-off pairing the manager arranged for teams whose opponents announced a forfeit;
    # whether it counts is the season's rule, copied here when it is made.
    one_off = models.BooleanField(default=False)
    counts_in_standings = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["season", "date", "week", "skill_level__position", "table__position", "pk"]
        indexes = [
            models.Index(fields=["season", "week"]),
            models.Index(fields=["date"]),
            # The season's last fixture save, read by every cached schedule page (versions).
            models.Index(fields=["season", "updated_at"], name="fixture_season_saved"),
        ]
        constraints = [
            # A table holds one live fixture a night.
            models.UniqueConstraint(
                fields=["table", "date"],
                condition=Q(table__isnull=False) & Q(status__in=["scheduled", "played"]),
                name="fixture_table_once_a_night",
            ),
            models.CheckConstraint(
                condition=Q(away__isnull=True) | ~Q(away=models.F("home")),
                name="fixture_not_against_itself",
            ),
            # A one-off makeup is stored with the lower team id at home, so the same pair
            # arranged twice at once (either way round) meets this constraint.
            models.UniqueConstraint(
                fields=["home", "away", "date"],
                condition=Q(one_off=True),
                name="fixture_one_off_once_per_pair_and_night",
            ),
            models.CheckConstraint(
                condition=Q(one_off=False) | Q(home__lt=models.F("away")),
                name="fixture_one_off_home_is_lower_id",
            ),
        ]

    def __str__(self) -> str:
        if self.away_id is None:
            return f"Week {self.week}: {self.home} (bye)"
        return f"Week {self.week}: {self.home} v {self.away}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # A save naming its fields still moves `updated_at`: the season's versions read it,
        # the net under the counters for a path that doesn't call `season_changed`.
        fields = kwargs.get("update_fields")
        if fields is not None and "updated_at" not in fields:
            kwargs["update_fields"] = [*fields, "updated_at"]
        super().save(*args, **kwargs)

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def was_moved(self) -> bool:
        return self.original_date is not None and self.original_date != self.date

    def team_ids(self) -> set[int]:
        return {self.home_id} if self.away_id is None else {self.home_id, self.away_id}

    def opponent_of(self, team_id: int) -> Team | None:
        return self.away if team_id == self.home_id else self.home


class RescheduleRequest(models.Model):
    """A captain asks to move a fixture; the opposing captain answers; managers watch."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the other captain"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Withdrawn"

    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="reschedule_requests"
    )
    requested_by_team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    proposed_date = models.DateField()
    proposed_time = models.TimeField(null=True, blank=True)
    reason = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    responded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    responded_at = models.DateTimeField(null=True, blank=True)
    response_note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture"],
                condition=Q(status="pending"),
                name="reschedule_one_pending_per_fixture",
            )
        ]

    def __str__(self) -> str:
        return f"Move {self.fixture} to {self.proposed_date} ({self.get_status_display()})"
