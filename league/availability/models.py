"""A rostered player's answer for one fixture: coming, not coming or maybe."""

from django.db import models

from league.seasons.models.schedule import Fixture
from league.seasons.models.teams import Player, Team


class Availability(models.Model):
    """One answer per player and fixture; answering again replaces it.

    `team` is the team the player plays for in that fixture (a regular's team, or the team a
    sub was found for), kept so the night's counts are one query.
    """

    class Answer(models.TextChoices):
        COMING = "coming", "Coming"
        NOT_COMING = "not_coming", "Not coming"
        MAYBE = "maybe", "Maybe"

    class Via(models.TextChoices):
        PAGE = "page", "On the site"
        LINK = "link", "The link in the reminder"
        TEXT = "text", "A reply to the reminder text"
        SUB = "sub", "Found as a sub"

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="availability")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="availability")
    answer = models.CharField(max_length=12, choices=Answer.choices)
    via = models.CharField(max_length=8, choices=Via.choices, default=Via.PAGE)
    answered_at = models.DateTimeField()

    class Meta:
        ordering = ["fixture", "team", "player__name"]
        verbose_name_plural = "availability"
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "player"], name="availability_once_per_player_and_fixture"
            )
        ]
        indexes = [models.Index(fields=["fixture", "team"], name="availability_fixture_team")]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_answer_display()} ({self.fixture})"
