"""The season's subs, captains' requests for one, and who each request asked."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.seasons.models.schedule import Fixture
from league.seasons.models.season import Season, SkillLevel
from league.seasons.models.teams import Player, RosterEntry, Team


class SubVolunteer(models.Model):
    """A player who opted in to sub in a season: at these levels (none: any) on these nights
    (none: any). A regular of another team may opt in; the finder skips the nights their own
    team plays."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="sub_volunteers")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sub_volunteering")
    levels = models.ManyToManyField(SkillLevel, blank=True, related_name="+")
    # ISO dates ("2027-01-12") the volunteer can play; empty means every league night.
    nights = models.JSONField(default=list, blank=True)
    note = models.CharField(max_length=200, blank=True)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"], name="sub_volunteer_once_per_season"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} subs in {self.season}"


class SubRequest(models.Model):
    """A captain asks for a sub for one fixture; the first eligible yes fills it."""

    class Status(models.TextChoices):
        OPEN = "open", "Looking for a sub"
        FILLED = "filled", "Filled"
        WITHDRAWN = "withdrawn", "Withdrawn"
        CLOSED = "closed", "Closed (the night came or the fixture changed)"

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="sub_requests")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="sub_requests")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    filled_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The one-fixture roster place the yes created (league.seasons' sub entry).
    entry = models.OneToOneField(
        RosterEntry, null=True, blank=True, on_delete=models.SET_NULL, related_name="sub_request"
    )
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # Two captains (or a double click) asking at once: one request stands.
            models.UniqueConstraint(
                fields=["fixture", "team"],
                condition=Q(status="open"),
                name="sub_request_one_open_per_team_and_fixture",
                violation_error_message="This team is already looking for a sub for this fixture.",
            ),
            models.CheckConstraint(
                condition=~Q(status="filled") | Q(filled_by__isnull=False),
                name="sub_request_filled_has_sub",
            ),
        ]

    def __str__(self) -> str:
        return f"Sub for {self.team}, {self.fixture} ({self.get_status_display()})"


class SubAsk(models.Model):
    """One volunteer asked by a request; `token` makes the link in their email and text."""

    class Answer(models.TextChoices):
        WAITING = "", "No answer yet"
        YES = "yes", "Yes, got it"
        NO = "no", "No"
        TOO_LATE = "too_late", "Yes, but it was already filled"

    request = models.ForeignKey(SubRequest, on_delete=models.CASCADE, related_name="asks")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sub_asks")
    token = models.CharField(max_length=43, unique=True)
    answer = models.CharField(max_length=10, choices=Answer.choices, blank=True, default="")
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["request", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["request", "player"], name="sub_ask_once_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} asked for {self.request}"
