"""What a season's cached pages were built from: a counter per kind of change."""

from django.db import models

from league.seasons.models.season import Season


class SeasonVersion(models.Model):
    """Two counters of a season, moved on by every service that changes what they cover.

    `schedule` covers the fixtures and every name a calendar or schedule shows (teams,
    levels, venues, tables, the season); `results` covers what live standings are computed
    from (cards, forfeits, fixtures' status, teams and levels, the standings settings).
    Pages key their cached output by them (`league.seasons.versions`). A row of its own,
    not columns of `Season`, so a season saved whole never writes back an older count.
    """

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="version"
    )
    schedule = models.PositiveBigIntegerField(default=0)
    schedule_changed_at = models.DateTimeField(null=True, blank=True)
    results = models.PositiveBigIntegerField(default=0)
    results_changed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.season}: schedule {self.schedule}, results {self.results}"
