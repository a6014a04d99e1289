"""Tournaments: events run by a director on one day."""

from django.conf import settings
from django.db import models


class Tournament(models.Model):
    name = models.CharField(max_length=160)
    slug = models.SlugField(unique=True)
    date = models.DateField()
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="directed_tournaments",
    )

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name
