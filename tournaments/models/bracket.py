"""Partner brackets: single or double elimination matches, each a best-of-N series."""

from django.db import models


class BracketMatch(models.Model):
    class Bracket(models.TextChoices):
        MAIN = "main", "Championship"  # the winners' bracket of a double elimination
        CONSOLATION = "consolation", "Consolation"
        LOSERS = "losers", "Losers' bracket"
        FINAL = "final", "Grand final"

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
        if self.bracket == self.Bracket.FINAL:
            return self.label()
        return f"{self.get_bracket_display()} round {self.round} match {self.position}"

    def label(self, double: bool = False) -> str:
        """Short name for cards and pages: "Losers' bracket R2 M1", "Grand final"..."""
        if self.bracket == self.Bracket.FINAL:
            return "Grand final" if self.round == 1 else "Grand final, reset match"
        name = "Winners' bracket" if double and self.bracket == self.Bracket.MAIN else None
        return f"{name or self.get_bracket_display()} R{self.round} M{self.position}"

    @property
    def void(self) -> bool:
        """Never played: a double-elimination slot whose teams can't exist (two byes
        meeting, or a reset match the grand final made unnecessary)."""
        return self.is_bye and self.top_id is None and self.bottom_id is None

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
