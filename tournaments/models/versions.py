"""A counter of each event's results, so pages can keep what they build from them."""

from django.db import models

from tournaments.models.event import Tournament


class TournamentVersion(models.Model):
    """Moved on by every change of what an event's leaderboard and room display are built
    from: a card confirmed, settled or corrected, a round drawn again or opened, an entry
    withdrawn or arriving late, the event started or finished (`tournaments.versions`).
    A row of its own, not a column of `Tournament`, so an event saved whole from its edit
    form never writes back an older count.
    """

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="version"
    )
    results = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.tournament}: results {self.results}"
