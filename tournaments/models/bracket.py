"""Partner brackets: single elimination matches, each a best-of-N series of games."""

from django.db import models


class BracketMatch(models.Model):
    class Bracket(models.TextChoices):
        MAIN = "main", "Championship"
        CONSOLATION = "consolation", "Consolation"

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="bracket_matches"
    )
    bracket = models.CharField(max_length=12, choices=Bracket.choices, default=Bracket.MAIN)
    round = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(help_text="1-based, top of the bracket first.")
    top = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bottom = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    top_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    bottom_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    is_bye = models.BooleanField(default=False)
    winner = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    top_wins = models.PositiveSmallIntegerField(default=0)
    bottom_wins = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "bracket", "round", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "bracket", "round", "position"], name="bracket_slot_once"
            ),
            models.CheckConstraint(
                condition=models.Q(round__gte=1, position__gte=1), name="bracket_slot_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(winner__isnull=True)
                | models.Q(winner=models.F("top"))
                | models.Q(winner=models.F("bottom")),
                name="bracket_winner_plays_the_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_bracket_display()} round {self.round} match {self.position}"

    @property
    def ready(self) -> bool:
        return self.top_id is not None and self.bottom_id is not None and not self.is_bye

    @property
    def decided(self) -> bool:
        return self.winner_id is not None


class MatchGame(models.Model):
    """Game `number` of a series; the next one is created only while the series is open."""

    match = models.ForeignKey(BracketMatch, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        "scoring.Game", on_delete=models.CASCADE, related_name="bracket_game"
    )
    top_is_ns = models.BooleanField(default=True, help_text="Sides swap each game of a series.")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="series_game_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.match}, game {self.number}"
