"""Rule sets as rows: one per house's rules, mirroring ``scoring.engine.RuleSpec``."""

import dataclasses

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from scoring.engine import (
    INDIVIDUAL,
    PARTNERSHIP,
    RENEGE_FIXED,
    RENEGE_FULL_ATTAINABLE,
    TIE_PLAY_ONE_MORE_HAND,
    TIE_STANDS,
    RuleSpec,
    validate_rulespec,
)

SPEC_FIELDS = tuple(f.name for f in dataclasses.fields(RuleSpec))


class RuleSet(models.Model):
    """A rule set as data (mirrors `scoring.engine.RuleSpec` field for field)."""

    class ScoringMode(models.TextChoices):
        PARTNERSHIP = PARTNERSHIP, "Partnership (team totals)"
        INDIVIDUAL = INDIVIDUAL, "Individual (progressive, per player)"

    class RenegeMode(models.TextChoices):
        FIXED = RENEGE_FIXED, "Fixed points to the other side"
        FULL_ATTAINABLE = RENEGE_FULL_ATTAINABLE, "Full attainable points to the other side"

    class TieRule(models.TextChoices):
        ONE_MORE_HAND = TIE_PLAY_ONE_MORE_HAND, "Play one more hand"
        TIE_STANDS = TIE_STANDS, "The tie stands"

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(unique=True)
    is_preset = models.BooleanField(default=False, help_text="Installed with the app.")
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who made the copy: they edit it until a league or event plays under it.",
    )
    description = models.TextField(blank=True)
    play_notes = models.TextField(blank=True, help_text="Table rules shown to players.")

    target_points = models.PositiveSmallIntegerField(null=True, blank=True)
    hands_per_game = models.PositiveSmallIntegerField(null=True, blank=True)
    count_overage = models.BooleanField(default=False)
    make_points = models.PositiveSmallIntegerField(default=1)
    march_points = models.PositiveSmallIntegerField(default=2)
    euchre_points = models.PositiveSmallIntegerField(default=2)
    lone_make_points = models.PositiveSmallIntegerField(default=1)
    lone_march_points = models.PositiveSmallIntegerField(default=4)
    lone_euchre_points = models.PositiveSmallIntegerField(default=2)
    loner_partner_points = models.PositiveSmallIntegerField(default=0)
    renege_mode = models.CharField(
        max_length=20, choices=RenegeMode.choices, default=RenegeMode.FIXED
    )
    renege_points = models.PositiveSmallIntegerField(default=2)
    lone_renege_points = models.PositiveSmallIntegerField(default=4)
    stick_the_dealer = models.BooleanField(default=False)
    time_limit_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    timed_out_tie_rule = models.CharField(
        max_length=24, choices=TieRule.choices, default=TieRule.ONE_MORE_HAND
    )
    false_renege_claim_penalty = models.PositiveSmallIntegerField(default=0)
    scoring_mode = models.CharField(
        max_length=12, choices=ScoringMode.choices, default=ScoringMode.PARTNERSHIP
    )

    class Meta:
        ordering = ["-is_preset", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(target_points__isnull=False)
                | models.Q(hands_per_game__isnull=False),
                name="ruleset_has_target_or_hands",
            ),
            models.CheckConstraint(
                condition=models.Q(march_points__gte=models.F("make_points")),
                name="ruleset_march_not_below_make",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def to_spec(self) -> RuleSpec:
        return RuleSpec(**{name: getattr(self, name) for name in SPEC_FIELDS})

    def clean(self) -> None:
        problems = validate_rulespec(self.to_spec())
        if problems:
            raise ValidationError(problems)
