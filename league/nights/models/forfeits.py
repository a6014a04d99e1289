"""Forfeits, their escalation per season, and the manager's playoff decision they may call for."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.seasons.models.schedule import Fixture
from league.seasons.models.season import Season
from league.seasons.models.teams import Team


class Forfeit(models.Model):
    """A team forfeits some or all games of a fixture: one offence per team and night.

    `games` lists the game numbers forfeited; the fixture's games carry the mark
    (`FixtureGame.forfeited_by`). `offense` is the team's count in the season at the
    time (1st, 2nd, ...), recomputed when a forfeit is overturned.
    """

    class Reason(models.TextChoices):
        LATE = "late", "Late"
        ONE_PLAYER = "one_player", "Only one player present"
        NO_SHOW = "no_show", "Did not show"
        ANNOUNCED = "announced", "Announced in advance"

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="forfeits")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="forfeits")
    reason = models.CharField(max_length=12, choices=Reason.choices)
    minutes_late = models.PositiveSmallIntegerField(null=True, blank=True)
    games = models.JSONField(default=list)
    offense = models.PositiveSmallIntegerField(default=1)
    note = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    overturned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    overturned_at = models.DateTimeField(null=True, blank=True)
    overturn_reason = models.TextField(blank=True)
    # What the third offence changed, so an overturn can put it back:
    # [{"fixture": id, "home": id, "away": id, "table": id|None}, ...]
    removal_changes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["fixture__date", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "team"],
                condition=Q(overturned_at__isnull=True),
                name="forfeit_once_per_team_and_fixture",
            ),
            models.CheckConstraint(
                condition=Q(overturned_at__isnull=True) | ~Q(overturn_reason=""),
                name="forfeit_overturn_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} forfeited {self.fixture} ({self.get_reason_display()})"

    @property
    def is_live(self) -> bool:
        return self.overturned_at is None

    @property
    def games_label(self) -> str:
        numbers = sorted(self.games)
        if len(numbers) == 1:
            return f"game {numbers[0]}"
        return "games " + ", ".join(str(n) for n in numbers)


class PlayoffReview(models.Model):
    """The manager's decision on a team's playoff place after its second offence."""

    class Decision(models.TextChoices):
        PENDING = "pending", "Waiting for the manager"
        KEEP = "keep", "Stays in the playoffs"
        EXCLUDE = "exclude", "Removed from the playoffs"
        VOID = "void", "No longer needed (forfeit overturned)"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="playoff_reviews")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="playoff_reviews")
    forfeit = models.ForeignKey(Forfeit, on_delete=models.CASCADE, related_name="reviews")
    decision = models.CharField(max_length=10, choices=Decision.choices, default=Decision.PENDING)
    note = models.TextField(blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["forfeit"], name="playoff_review_once_per_forfeit"),
        ]

    def __str__(self) -> str:
        return f"Playoff review of {self.team}: {self.get_decision_display()}"
