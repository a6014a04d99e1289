"""Leagues, seasons, teams and the people on them."""

from django.conf import settings
from django.db import models


class League(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True)
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    slug = models.SlugField()
    starts_on = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="season_slug_unique_in_league")
        ]

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"


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

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"
        REMOVED = "removed", "Removed"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    players = models.ManyToManyField(Player, through="RosterEntry", related_name="teams")

    class Meta:
        ordering = ["season", "name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="team_name_unique_in_season")
        ]

    def __str__(self) -> str:
        return self.name


class RosterEntry(models.Model):
    class Role(models.TextChoices):
        CAPTAIN = "captain", "Captain"
        PLAYER = "player", "Player"
        SUB = "sub", "Substitute"

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="roster_entries")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)

    class Meta:
        ordering = ["team", "role", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="roster_player_once_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.get_role_display()}, {self.team})"
