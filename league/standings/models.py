"""Published standings: a stored snapshot per season and week, so history never shifts."""

from django.db import models

from league.seasons.models.season import Season, SkillLevel
from league.seasons.models.teams import Team

RATIO = {"max_digits": 6, "decimal_places": 4}


class StandingsSnapshot(models.Model):
    """The standings through `week` as the manager published them; never recomputed."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="snapshots")
    week = models.PositiveSmallIntegerField()
    published_at = models.DateTimeField(auto_now_add=True)
    # Who published it is in the activity log (verb "standings_published").
    standings_order = models.JSONField(default=list, help_text="The order in force then.")
    open_games = models.PositiveIntegerField(
        default=0, help_text="Games of those weeks still without a result when published."
    )
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["season", "-week"]
        constraints = [
            models.UniqueConstraint(fields=["season", "week"], name="snapshot_once_per_week")
        ]

    def __str__(self) -> str:
        return f"{self.season} standings, week {self.week}"


class StandingsSnapshotRow(models.Model):
    """One team's line of a published week; names are copied so the line reads as it did."""

    snapshot = models.ForeignKey(StandingsSnapshot, on_delete=models.CASCADE, related_name="rows")
    skill_level = models.ForeignKey(
        SkillLevel, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    level_name = models.CharField(max_length=40)
    level_position = models.PositiveSmallIntegerField(default=0)
    team = models.ForeignKey(Team, null=True, on_delete=models.SET_NULL, related_name="+")
    team_name = models.CharField(max_length=120)
    position = models.PositiveSmallIntegerField(help_text="Order within the level.")
    rank = models.PositiveSmallIntegerField()
    fixtures_played = models.PositiveSmallIntegerField()
    fixtures_won = models.PositiveSmallIntegerField()
    fixtures_lost = models.PositiveSmallIntegerField()
    fixtures_tied = models.PositiveSmallIntegerField()
    games_won = models.PositiveSmallIntegerField()
    games_lost = models.PositiveSmallIntegerField()
    win_pct = models.DecimalField(**RATIO)
    points_for = models.PositiveIntegerField()
    points_against = models.PositiveIntegerField()
    differential = models.IntegerField()
    forfeits = models.PositiveSmallIntegerField()
    sos = models.DecimalField(**RATIO)
    oowp = models.DecimalField(**RATIO)
    points = models.PositiveIntegerField()
    # Not stored: whether SOS and OOWP measure anything yet (a dash when not). The selectors
    # set them (`league.standings.selectors`); a row they haven't looked at is measured.
    sos_measured = True
    oowp_measured = True

    class Meta:
        ordering = ["snapshot", "level_position", "level_name", "position"]
        constraints = [
            models.UniqueConstraint(fields=["snapshot", "team"], name="snapshot_row_once_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.team_name}"


class RaceState(models.Model):
    """A team's place in its level's race, as last computed from the remaining fixtures.

    Kept so that a change ("clinched", "eliminated") is told to the captains once: the
    computation itself is `algorithms.clinch`, from the results and the fixtures left.
    `goal` says what the race is for: a playoff place, or first in the level when every
    eligible team makes the playoffs.
    """

    class State(models.TextChoices):
        CLINCHED = "clinched", "Clinched"
        ELIMINATED = "eliminated", "Eliminated"
        ALIVE = "alive", "Alive"

    class Goal(models.TextChoices):
        PLAYOFF_PLACE = "place", "A playoff place"
        FIRST = "first", "First in the level"

    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="race_state")
    state = models.CharField(max_length=10, choices=State.choices, default=State.ALIVE)
    goal = models.CharField(max_length=6, choices=Goal.choices, default=Goal.FIRST)
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.team}: {self.get_state_display()} ({self.get_goal_display()})"
