"""Playoff brackets: seeds, rounds with their dates, and best-of-N series as playoff fixtures.

The pure `algorithms.brackets` module owns the structure; these rows store its state.
Each match that has both teams gets a playoff `Fixture` (home = the better seed, N-S),
whose `FixtureGame`s are the series' games.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.seasons.models.schedule import Fixture
from league.seasons.models.season import Season, SkillLevel
from league.seasons.models.teams import Team


class PlayoffBracket(models.Model):
    """One single-elimination bracket: a skill level's, or the season's combined one."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="playoff_brackets")
    skill_level = models.ForeignKey(
        SkillLevel, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    name = models.CharField(max_length=80)
    best_of = models.PositiveSmallIntegerField(default=3)
    # Who created it is in the activity log (verb "playoffs_created").
    created_at = models.DateTimeField(auto_now_add=True)
    champion = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "skill_level__position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "skill_level"],
                condition=Q(skill_level__isnull=False),
                name="playoff_bracket_once_per_level",
            ),
            models.UniqueConstraint(
                fields=["season"],
                condition=Q(skill_level__isnull=True),
                name="playoff_bracket_one_combined",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season.name}: {self.name}"


class PlayoffSeed(models.Model):
    bracket = models.ForeignKey(PlayoffBracket, on_delete=models.CASCADE, related_name="seeds")
    seed = models.PositiveSmallIntegerField()
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="playoff_seeds")

    class Meta:
        ordering = ["bracket", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "seed"], name="playoff_seed_once"),
            models.UniqueConstraint(fields=["bracket", "team"], name="playoff_team_seeded_once"),
        ]

    def __str__(self) -> str:
        return f"{self.seed}. {self.team}"


class PlayoffRound(models.Model):
    """The date a round is played; the manager may pick any day (not only league nights)."""

    bracket = models.ForeignKey(PlayoffBracket, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    date = models.DateField()

    class Meta:
        ordering = ["bracket", "number"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "number"], name="playoff_round_once"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} on {self.date}"


class PlayoffMatch(models.Model):
    """A pairing of the bracket; a bye advances its team at once."""

    bracket = models.ForeignKey(PlayoffBracket, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField()
    top = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    bottom = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    top_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    bottom_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    is_bye = models.BooleanField(default=False)
    winner = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    top_wins = models.PositiveSmallIntegerField(default=0)
    bottom_wins = models.PositiveSmallIntegerField(default=0)
    fixture = models.OneToOneField(
        Fixture, null=True, blank=True, on_delete=models.SET_NULL, related_name="playoff_match"
    )
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    award_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["bracket", "round", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["bracket", "round", "position"], name="playoff_slot_once"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(winner=models.F("top"))
                | Q(winner=models.F("bottom")),
                name="playoff_winner_plays_the_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bracket.name} round {self.round} match {self.position}"

    @property
    def pure_id(self) -> str:
        return f"R{self.round}-M{self.position}"

    @property
    def ready(self) -> bool:
        return self.top_id is not None and self.bottom_id is not None and not self.is_bye
