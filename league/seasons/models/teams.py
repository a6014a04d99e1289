"""Players, teams, rosters and the waivers that make a roster final."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse

from league.seasons.models.season import Season, SkillLevel


class Player(models.Model):
    """A person who plays; many have no user account (staff enter them)."""

    name = models.CharField(max_length=120)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=32, blank=True)
    sms_opt_in = models.BooleanField("text messages", default=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    # Set when staff merged this record into the same person's other one (people.merges).
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_records"
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            # Email identifies a person: one player per address, whatever its case.
            models.UniqueConstraint(
                Lower("email"),
                condition=~Q(email=""),
                name="player_email_unique",
                violation_error_message="A player with this email already exists.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"
        REMOVED = "removed", "Removed"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="teams")
    skill_level = models.ForeignKey(
        SkillLevel, null=True, blank=True, on_delete=models.PROTECT, related_name="teams"
    )
    name = models.CharField(max_length=120)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    players = models.ManyToManyField(Player, through="RosterEntry", related_name="teams")
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )

    class Meta:
        ordering = ["season", "name"]
        constraints = [
            models.UniqueConstraint(
                "season",
                Lower("name"),
                name="team_name_unique_in_season",
                violation_error_message="The season already has a team with this name.",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:team_detail", args=[self.pk])


class RosterEntry(models.Model):
    """A player on a team. Subs for one night carry the fixture and its date as from/to.

    `season` repeats the team's season (set on save) so that the database itself keeps a
    player a regular on one team per season.
    """

    class Role(models.TextChoices):
        CAPTAIN = "captain", "Captain"
        PLAYER = "player", "Player"
        SUB = "sub", "Substitute"

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+", editable=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="roster_entries")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    starts_on = models.DateField("from", null=True, blank=True)
    ends_on = models.DateField("to", null=True, blank=True)
    fixture = models.ForeignKey(
        "league.Fixture", null=True, blank=True, on_delete=models.CASCADE, related_name="subs"
    )
    # A playoff sub under the "with approval" policy waits for a manager.
    approved = models.BooleanField(default=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["team", "role", "player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "player"],
                condition=Q(fixture__isnull=True),
                name="roster_player_once_per_team",
            ),
            models.UniqueConstraint(
                fields=["player", "fixture"],
                condition=Q(fixture__isnull=False),
                name="roster_sub_once_per_fixture",
            ),
            models.UniqueConstraint(
                fields=["player", "season"],
                condition=~Q(role="sub"),
                name="roster_one_team_per_season",
                violation_error_message="A player plays for one team a season.",
            ),
            models.CheckConstraint(
                condition=Q(fixture__isnull=True) | Q(role="sub"),
                name="roster_fixture_only_for_subs",
            ),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(starts_on__lte=models.F("ends_on")),
                name="roster_dates_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.get_role_display()}, {self.team})"

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        if self._state.adding or self.season_id is None:
            self.season_id = self.team.season_id
        super().save(*args, **kwargs)


class Waiver(models.Model):
    """A player's signed waiver for a season: one per player and season."""

    class Method(models.TextChoices):
        ONLINE = "online", "Signed online"
        PAPER = "paper", "Paper, recorded by staff"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="waivers")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="waivers")
    version = models.PositiveSmallIntegerField()
    typed_name = models.CharField(max_length=120, blank=True)
    signed_at = models.DateTimeField()
    method = models.CharField(max_length=8, choices=Method.choices)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["season", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["player", "season"], name="waiver_once_per_season")
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.season.name} (v{self.version})"
