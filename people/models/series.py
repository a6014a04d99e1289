"""Season ladders: a director's series of events, points by finishing place, best N count."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


def default_points() -> list[int]:
    return [10, 8, 6, 5, 4, 3, 2, 1]


class Series(models.Model):
    name = models.CharField(max_length=160)
    slug = models.SlugField(unique=True)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="series"
    )
    # Every event of a series shares this format (a ladder of progressives, of partner events).
    format = models.CharField(max_length=20)
    points = models.JSONField(
        default=default_points, help_text="Points for 1st, 2nd, 3rd … place; 0 beyond the table."
    )
    best_of = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many of a player's best events count (empty: all)."
    )
    min_events = models.PositiveSmallIntegerField(
        default=0, help_text="Events a player needs to qualify."
    )
    final = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="final_of_series",
        help_text="The event the top of the ladder is invited into.",
    )
    invited_top = models.PositiveSmallIntegerField(null=True, blank=True)
    invited_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "pk"]
        verbose_name_plural = "series"
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="series_best_of_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("people:ladder", args=[self.slug])


class SeriesEvent(models.Model):
    """An event counted in a series; an event belongs to one series at most."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="series_events")
    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="series_event"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["series", "tournament__date", "tournament_id"]

    def __str__(self) -> str:
        return f"{self.tournament} in {self.series}"
