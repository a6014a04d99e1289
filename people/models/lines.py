"""One player's line for one confirmed game: the result, and hand counts when entered by hand.

Written by ``people.services.lines`` whenever a card is confirmed, settled or corrected, so a
profile or a statistics page sums indexed rows instead of reading every hand again.
"""

from django.db import models
from django.db.models import Q


class GameLine(models.Model):
    class Result(models.TextChoices):
        WON = "won", "Won"
        LOST = "lost", "Lost"
        TIED = "tied", "Tied"

    player = models.ForeignKey("league.Player", on_delete=models.CASCADE, related_name="game_lines")
    game = models.ForeignKey("scoring.Game", on_delete=models.CASCADE, related_name="player_lines")
    # The partner at that game (None when the player's side had one player, or it's unknown).
    partner = models.ForeignKey(
        "league.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Where the game was played: a league season (and team) or a tournament.
    season = models.ForeignKey(
        "league.Season", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    team = models.ForeignKey(
        "league.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    side = models.CharField(max_length=2, choices=[("NS", "N-S"), ("EW", "E-W")])
    seat = models.CharField(max_length=1, blank=True, help_text="Empty when seats weren't kept.")
    played_at = models.DateTimeField()
    result = models.CharField(max_length=4, choices=Result.choices)
    points_for = models.SmallIntegerField(default=0)
    points_against = models.SmallIntegerField(default=0)
    rated = models.BooleanField(default=False, help_text="Counted in the ratings.")
    # Hand statistics: only cards entered hand by hand carry them.
    by_hand = models.BooleanField(default=False)
    hands = models.PositiveSmallIntegerField(default=0)
    hand_points = models.SmallIntegerField(default=0)
    trump_made = models.PositiveSmallIntegerField(default=0)
    trump_made_good = models.PositiveSmallIntegerField(default=0)
    marches = models.PositiveSmallIntegerField(default=0)
    euchres_suffered = models.PositiveSmallIntegerField(default=0)
    euchres_given = models.PositiveSmallIntegerField(default=0)
    # The player's own lone hands (seat known); the side's lone hands count for the partnership.
    lone_tried = models.PositiveSmallIntegerField(default=0)
    lone_made = models.PositiveSmallIntegerField(default=0)
    lone_marched = models.PositiveSmallIntegerField(default=0)
    side_lone_tried = models.PositiveSmallIntegerField(default=0)
    side_lone_made = models.PositiveSmallIntegerField(default=0)
    side_lone_marched = models.PositiveSmallIntegerField(default=0)
    reneges = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-played_at", "-game_id"]
        indexes = [
            models.Index(fields=["player", "played_at"], name="line_player_played"),
            # A profile's page of recent games, newest first, read without sorting them all.
            models.Index(fields=["player", "-played_at", "-game"], name="line_player_recent"),
            # A profile's stamp: the count and the last id of the player's lines, from it.
            models.Index(fields=["player", "id"], name="line_player_ids"),
            models.Index(fields=["season", "player"], name="line_season_player"),
            models.Index(fields=["tournament", "player"], name="line_event_player"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="line_once_per_player_game"),
            models.CheckConstraint(
                condition=Q(season__isnull=True) | Q(tournament__isnull=True),
                name="line_in_a_season_or_an_event",
            ),
            models.CheckConstraint(
                condition=Q(by_hand=True) | Q(hands=0), name="line_hands_only_by_hand"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.game} ({self.get_result_display()})"
