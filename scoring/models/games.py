"""Games and who sat where; a game's scorecard lives in ``scoring.models.cards``."""

from django.conf import settings
from django.db import models

from scoring.models.rules import RuleSet


class Game(models.Model):
    """One euchre game between two sides, N-S and E-W, under a rule set.

    Sides are a league team (its captain acts for it) or the players seated there.
    League fixtures and tournament tables own their games through their own models.
    """

    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="games")
    label = models.CharField(max_length=160, help_text="e.g. 'Week 3 · Game 2'")
    ns_team = models.ForeignKey(
        "league.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ew_team = models.ForeignKey(
        "league.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.label


class GameSeat(models.Model):
    """Who sat where: needed for individual scoring and for who may confirm."""

    class Seat(models.TextChoices):
        NORTH = "N", "North"
        EAST = "E", "East"
        SOUTH = "S", "South"
        WEST = "W", "West"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=Seat.choices)
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="game_seat_once"),
            models.UniqueConstraint(fields=["game", "player"], name="game_player_seated_once"),
        ]

    def __str__(self) -> str:
        return f"{self.get_seat_display()}: {self.player}"

    @property
    def side(self) -> str:
        return "NS" if self.seat in ("N", "S") else "EW"
