"""Ratings: each player's current rating and its history, one point per rated game.

The numbers come from ``algorithms.ratings`` (openskill) over every confirmed game in
played order; ``people.services.ratings`` keeps these rows equal to a rebuild from scratch.
"""

from django.db import models


class PlayerRating(models.Model):
    player = models.OneToOneField("league.Player", on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    # The conservative number people see (see algorithms.ratings.display_value).
    value = models.IntegerField(db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-value", "player_id"]

    def __str__(self) -> str:
        return f"{self.player}: {self.value} ({self.games} games)"


class RatingPoint(models.Model):
    """A player's rating just after one rated game: the history and the re-rating checkpoint."""

    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="rating_points"
    )
    game = models.ForeignKey("scoring.Game", on_delete=models.CASCADE, related_name="+")
    played_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    value = models.IntegerField()

    class Meta:
        ordering = ["player", "played_at", "game_id"]
        indexes = [
            models.Index(fields=["player", "played_at", "game"], name="rating_point_player_order"),
            models.Index(fields=["played_at", "game"], name="rating_point_order"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_point_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player} after {self.game}: {self.value}"


class RatingsLock(models.Model):
    """One row, locked while ratings are rewritten, so two workers never interleave."""

    name = models.CharField(max_length=20, unique=True, default="ratings")
    rebuilt_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name
