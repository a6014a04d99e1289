"""A league, its seasons and the season's settings: dates, venues, levels and policies."""

import datetime

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from algorithms import metrics

# The standings order's choices (keys, stored as they are in `standings_order`): the metrics
# a season may rank by are defined in `algorithms.metrics`.
PRIMARY_METRICS = metrics.keys(metrics.PRIMARY)
TIEBREAK_METRICS = metrics.keys(metrics.RANKING)
DEFAULT_STANDINGS_ORDER = list(metrics.DEFAULT_ORDER)

DEFAULT_WAIVER_TEXT = (
    "I take part in this league voluntarily and accept the risks of doing so. I release the "
    "league, its staff and the host venues from claims arising from my participation, agree "
    "to follow the league rules and policies, and confirm that I am of legal drinking age "
    "where league nights are held at a bar."
)


def default_standings_order() -> list[str]:
    return list(DEFAULT_STANDINGS_ORDER)


def default_rule_set() -> int | None:
    """The CCA league preset, when installed (its data migration runs before ours)."""
    from scoring.models import RuleSet

    return RuleSet.objects.filter(slug="cca-league").values_list("pk", flat=True).first()


class League(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True)
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="league_name_unique",
                violation_error_message="There is already a league with this name.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Venue(models.Model):
    """A bar or hall the league plays at; its tables are numbered places to play."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="venues")
    name = models.CharField(max_length=120)
    address = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["league", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="venue_name_unique_in_league")
        ]

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    venue = models.ForeignKey(Venue, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["venue__name", "position", "name"]
        constraints = [
            models.UniqueConstraint(fields=["venue", "name"], name="table_name_unique_at_venue")
        ]

    def __str__(self) -> str:
        return f"{self.venue.name} · {self.name}"


class Season(models.Model):
    class Weekday(models.IntegerChoices):
        MONDAY = 0, "Monday"
        TUESDAY = 1, "Tuesday"
        WEDNESDAY = 2, "Wednesday"
        THURSDAY = 3, "Thursday"
        FRIDAY = 4, "Friday"
        SATURDAY = 5, "Saturday"
        SUNDAY = 6, "Sunday"

    class ScheduleState(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"

    class PlayoffGrouping(models.TextChoices):
        PER_LEVEL = "per_level", "A bracket per skill level"
        COMBINED = "combined", "One combined bracket"

    class PlayoffSubs(models.TextChoices):
        NOT_ALLOWED = "not_allowed", "Not allowed"
        APPROVAL = "approval", "Allowed with the manager's approval"
        ALLOWED = "allowed", "Allowed"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    slug = models.SlugField()
    starts_on = models.DateField("first league night", null=True, blank=True)
    league_night = models.PositiveSmallIntegerField(
        choices=Weekday.choices, default=Weekday.TUESDAY
    )
    start_time = models.TimeField(default=datetime.time(19, 0))
    weeks = models.PositiveSmallIntegerField(
        "regular-season weeks", default=10, validators=[MinValueValidator(1), MaxValueValidator(60)]
    )
    venues = models.ManyToManyField(Venue, blank=True, related_name="seasons")
    rule_set = models.ForeignKey(
        "scoring.RuleSet",
        null=True,
        blank=True,
        default=default_rule_set,
        on_delete=models.PROTECT,
        related_name="seasons",
    )
    games_per_fixture = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(9)]
    )
    min_roster = models.PositiveSmallIntegerField(
        "players with signed waivers needed to play",
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(12)],
    )
    schedule_state = models.CharField(
        max_length=10, choices=ScheduleState.choices, default=ScheduleState.DRAFT
    )
    schedule_published_at = models.DateTimeField(null=True, blank=True)

    # Playoffs: all eligible teams by default (teams_per_bracket empty).
    playoff_teams_per_bracket = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Leave empty for all eligible teams."
    )
    playoff_grouping = models.CharField(
        max_length=10, choices=PlayoffGrouping.choices, default=PlayoffGrouping.PER_LEVEL
    )
    playoff_seeding = models.CharField(
        max_length=10,
        choices=[("record", "Record and strength of schedule"), ("rating", "Players' rating")],
        default="record",
        help_text="Record, then strength of schedule (the league's rule), or the teams' ratings.",
    )
    playoff_best_of = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(9)]
    )
    playoff_weeks = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(1), MaxValueValidator(2)]
    )

    # Forfeit policy (seed 000): minutes after the start time, and offences.
    forfeit_game1_minutes = models.PositiveSmallIntegerField(default=10)
    forfeit_game2_minutes = models.PositiveSmallIntegerField(default=20)
    forfeit_all_minutes = models.PositiveSmallIntegerField(default=30)
    forfeit_winner_score = models.PositiveSmallIntegerField(default=10)
    forfeit_loser_score = models.PositiveSmallIntegerField(default=0)
    forfeit_offenses_playoff_review = models.PositiveSmallIntegerField(
        "offences before playoff review", default=2
    )
    forfeit_offenses_removal = models.PositiveSmallIntegerField(
        "offences before removal", default=3
    )

    # Results: after this many hours from the start, a manager may close an open fixture.
    results_grace_hours = models.PositiveSmallIntegerField(
        "hours before a manager may close a fixture", default=48
    )

    subs_in_regular_season = models.BooleanField(default=True)
    playoff_subs = models.CharField(
        "substitutes in the playoffs",
        max_length=12,
        choices=PlayoffSubs.choices,
        default=PlayoffSubs.APPROVAL,
    )
    sub_limit_per_team = models.PositiveSmallIntegerField(
        "subs a team may use in the regular season",
        null=True,
        blank=True,
        validators=[MaxValueValidator(99)],
        help_text="Leave empty for no limit. The sub finder stops at the limit.",
    )
    # A makeup game for a team whose opponent announced a forfeit (league.nights.makeups).
    makeups_count_in_standings = models.BooleanField(
        "makeup games for forfeited-against teams count in the standings", default=True
    )

    waiver_text = models.TextField(default=DEFAULT_WAIVER_TEXT)
    waiver_version = models.PositiveSmallIntegerField(default=1)

    # First entry is the primary metric, the rest are tiebreaks in order.
    standings_order = models.JSONField(default=default_standings_order)

    class Meta:
        ordering = ["league", "-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="season_slug_unique_in_league"),
            models.UniqueConstraint(
                "league",
                Lower("name"),
                name="season_name_unique_in_league",
                violation_error_message="The league already has a season with this name.",
            ),
            models.CheckConstraint(
                condition=models.Q(forfeit_game1_minutes__lte=models.F("forfeit_game2_minutes"))
                & models.Q(forfeit_game2_minutes__lte=models.F("forfeit_all_minutes")),
                name="season_forfeit_minutes_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("league:season_detail", args=[self.league.slug, self.slug])

    @property
    def standings_primary(self) -> str:
        return self.standings_order[0] if self.standings_order else "win_pct"

    @property
    def standings_tiebreaks(self) -> list[str]:
        return [m for m in self.standings_order[1:] if m != self.standings_primary]

    @property
    def is_published(self) -> bool:
        return self.schedule_state == self.ScheduleState.PUBLISHED

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.starts_on and self.starts_on.weekday() != self.league_night:
            errors["starts_on"] = (
                f"The first league night must be a {self.get_league_night_display()}."
            )
        order = self.standings_order
        if not isinstance(order, list) or not order or order[0] not in PRIMARY_METRICS:
            errors["standings_order"] = (
                f"Start the standings order with {' or '.join(PRIMARY_METRICS)}."
            )
        elif any(m not in TIEBREAK_METRICS for m in order) or len(set(order)) != len(order):
            errors["standings_order"] = (
                f"Tiebreaks come from {', '.join(TIEBREAK_METRICS)}, each at most once."
            )
        if not (
            self.forfeit_game1_minutes <= self.forfeit_game2_minutes <= self.forfeit_all_minutes
        ):
            errors["forfeit_all_minutes"] = "Forfeit times must be in order: game 1, game 2, all."
        if errors:
            raise ValidationError(errors)


class SkillLevel(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="skill_levels")
    name = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["season", "position", "name"]
        constraints = [
            models.UniqueConstraint(
                "season",
                Lower("name"),
                name="skill_level_unique_in_season",
                violation_error_message="The season already has a skill level with this name.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class SeasonDate(models.Model):
    """A night the league skips (blackout) or keeps free for postponed fixtures (makeup)."""

    class Kind(models.TextChoices):
        BLACKOUT = "blackout", "Blackout"
        MAKEUP = "makeup", "Makeup"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="special_dates")
    date = models.DateField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    note = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["season", "date"]
        constraints = [models.UniqueConstraint(fields=["season", "date"], name="season_date_once")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.date}"
