"""Progressive rounds: who sits at which table, and the game each table plays."""

from django.db import models

SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        PLAYING = "playing", "Playing"
        DONE = "done", "Done"

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="round_set"
    )
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)
    started_at = models.DateTimeField(null=True, blank=True, help_text="When the round opened.")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    # Created when the round starts, so regenerating later rounds never orphans a scorecard.
    game = models.OneToOneField(
        "scoring.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_table",
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Seat(models.Model):
    """One entry's place in one round: a seat at a table, or sitting out (no table)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    entry = models.ForeignKey(
        "tournaments.Entry", on_delete=models.CASCADE, related_name="round_seats"
    )

    class Meta:
        ordering = ["round", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="seat_player_once_per_round"),
            models.UniqueConstraint(
                fields=["table", "seat"],
                condition=models.Q(table__isnull=False),
                name="seat_taken_once_per_table",
            ),
            models.CheckConstraint(
                condition=(models.Q(table__isnull=True) & models.Q(seat=""))
                | (models.Q(table__isnull=False) & models.Q(seat__in=["N", "E", "S", "W"])),
                name="seat_at_a_table_or_sitting_out",
            ),
        ]

    def __str__(self) -> str:
        if self.table_id is None:
            return f"{self.round}: sitting out"
        return f"{self.round}, table {self.table.number}, {self.get_seat_display()}"

    @property
    def side(self) -> str:
        return "NS" if self.seat in ("N", "S") else "EW"
