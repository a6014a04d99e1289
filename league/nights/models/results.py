"""A fixture's games and how the night ended: cards, forfeit marks and a manager's closing.

Each game of a fixture is a scoring `Game` (its card lives in scoring). The home team
sits N-S and the away team E-W by convention. A forfeited game needs no card: the
forfeit mark decides it. A game with no result (`no_result`) counts for nobody.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.seasons.models.schedule import Fixture
from league.seasons.models.teams import Team


class FixtureGame(models.Model):
    """Game `number` of a fixture: 1-3 a regular night; a playoff series adds game 3 at 1-1."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="fixture_games")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        "scoring.Game", on_delete=models.CASCADE, related_name="fixture_game"
    )
    # Booked from the live forfeits of the fixture (league.nights.services.forfeits).
    forfeited_by = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    forfeit = models.ForeignKey(
        "league.Forfeit", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    forfeit_reason = models.CharField(max_length=200, blank=True)
    # Closed by a manager without a card, or forfeited by both teams.
    no_result = models.BooleanField(default=False)

    class Meta:
        ordering = ["fixture", "number"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "number"], name="fixture_game_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="fixture_game_number_positive"),
            models.CheckConstraint(
                condition=Q(forfeited_by__isnull=True) | Q(no_result=False),
                name="fixture_game_forfeit_or_no_result",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture}, game {self.number}"

    @property
    def is_forfeited(self) -> bool:
        return self.forfeited_by_id is not None


class FixtureClosure(models.Model):
    """A manager closed a fixture after the grace period: who, when and why.

    Cards still awaiting confirmation were settled as submitted; games without a card
    were booked as no result (see docs/league.md, "League nights").
    """

    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="closure")
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    closed_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField()
    settled_games = models.JSONField(default=list, blank=True)
    no_result_games = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-closed_at"]

    def __str__(self) -> str:
        return f"{self.fixture} closed"
