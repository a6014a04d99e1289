"""Heats: stages of matches; each stage's advancement rule is data on the stage."""

from django.db import models


class HeatStage(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        PLAYING = "playing", "Playing"
        DONE = "done", "Done"

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="heat_stages"
    )
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)
    rule = models.JSONField(help_text="The stage as data (tournaments.heats).")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="heat_stage_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Heat(models.Model):
    stage = models.ForeignKey(HeatStage, on_delete=models.CASCADE, related_name="heats")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["stage", "number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="heat_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.stage} heat {self.number}"


class HeatMatch(models.Model):
    """Two teams at a table, or one team with a bye (no opponent, no game)."""

    heat = models.ForeignKey(Heat, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    ns = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="+")
    ew = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    game = models.OneToOneField(
        "scoring.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="heat_match"
    )

    class Meta:
        ordering = ["heat", "number"]
        constraints = [
            models.UniqueConstraint(fields=["heat", "number"], name="heat_match_number_once"),
            models.CheckConstraint(
                condition=~models.Q(ns=models.F("ew")), name="heat_match_two_teams"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.heat} match {self.number}"

    @property
    def is_bye(self) -> bool:
        return self.ew_id is None
