"""django-tables2 tables for the rule set list and the dispute queue."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from scoring.models import RuleSet, Scorecard
from scoring.sides import side_names
from wording.columns import WhenColumn


class RuleSetTable(tables.Table):
    name = tables.Column(linkify=("scoring:ruleset_detail", {"slug": tables.A("slug")}))
    kind = tables.Column(empty_values=(), orderable=False, verbose_name="Kind")
    game = tables.Column(empty_values=(), orderable=False, verbose_name="A game is")
    scoring_mode = tables.Column(verbose_name="Scoring")

    class Meta:
        model = RuleSet
        fields = ["name", "kind", "game", "scoring_mode"]
        orderable = False
        attrs = {"class": "striped stack"}

    def render_kind(self, record: RuleSet) -> str:
        if record.is_preset:
            return "Preset"
        return f"Copy of {record.copied_from.name}" if record.copied_from else "House rules"

    def render_game(self, record: RuleSet) -> str:
        if record.target_points:
            return f"first to {record.target_points}"
        return f"{record.hands_per_game} hands"

    def render_scoring_mode(self, record: RuleSet) -> str:
        return "per player" if record.scoring_mode == RuleSet.ScoringMode.INDIVIDUAL else "per team"


class DisputeTable(tables.Table):
    game = tables.Column(accessor="game__label", verbose_name="Game")
    rule_set = tables.Column(accessor="game__rule_set__name", verbose_name="Rule set")
    submitted = tables.Column(empty_values=(), verbose_name="Submitted by")
    disputed = tables.Column(empty_values=(), verbose_name="Disputed by")
    reason = tables.Column(accessor="current_version__dispute_reason", verbose_name="Why")
    updated_at = WhenColumn(verbose_name="Since")

    class Meta:
        model = Scorecard
        fields = ["game", "rule_set", "submitted", "disputed", "reason", "updated_at"]
        orderable = False
        attrs = {"class": "striped stack"}

    def render_game(self, record: Scorecard, value: str) -> str:
        url = reverse("scoring:game_detail", args=[record.game_id])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_submitted(self, record: Scorecard) -> str:
        version = record.current_version
        who = version.submitted_by.get_username() if version.submitted_by else "?"
        side = side_names(record.game, players=False).get(version.submitted_for, "")
        return f"{who} for {side}" if side else who

    def render_disputed(self, record: Scorecard) -> str:
        version = record.current_version
        return version.disputed_by.get_username() if version.disputed_by else "?"
