"""The standings table (django-tables2): one level's rows, live or published."""

import django_tables2 as tables
from django.urls import reverse

from league.models import StandingsSnapshotRow

RATIO_FORMAT = "{:.3f}"


class RatioColumn(tables.Column):
    """Win % and SOS as .600, the way standings are read."""

    def render(self, value) -> str:  # type: ignore[no-untyped-def]
        text = RATIO_FORMAT.format(value)
        return text[1:] if text.startswith("0.") else text

    def value(self, value) -> str:  # type: ignore[no-untyped-def]
        return RATIO_FORMAT.format(value)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="#")
    team_name = tables.Column(
        verbose_name="Team",
        # By id: a published row never loads its team (no query per row).
        linkify=lambda record: (
            reverse("league:team_detail", args=[record.team_id]) if record.team_id else None
        ),
        attrs={"td": {"class": "team"}, "th": {"class": "team"}},
    )
    fixtures_won = tables.Column(verbose_name="FW")
    fixtures_lost = tables.Column(verbose_name="FL")
    fixtures_tied = tables.Column(verbose_name="FT")
    games_won = tables.Column(verbose_name="GW")
    games_lost = tables.Column(verbose_name="GL")
    win_pct = RatioColumn(verbose_name="Win %")
    points = tables.Column(verbose_name="Pts")
    points_for = tables.Column(verbose_name="PF")
    points_against = tables.Column(verbose_name="PA")
    differential = tables.Column(verbose_name="Diff")
    forfeits = tables.Column(verbose_name="Forf")
    sos = RatioColumn(verbose_name="SOS")
    oowp = RatioColumn(verbose_name="OOWP")

    class Meta:
        model = StandingsSnapshotRow
        # Phone first: rank, team, record, win % and SOS show without scrolling.
        fields = (
            "rank",
            "team_name",
            "games_won",
            "games_lost",
            "win_pct",
            "sos",
            "fixtures_won",
            "fixtures_lost",
            "fixtures_tied",
            "points",
            "points_for",
            "points_against",
            "differential",
            "forfeits",
            "oowp",
        )
        sequence = fields
        orderable = False
        attrs = {"class": "striped standings"}
        template_name = "league/standings/_table.html"

    def render_differential(self, value: int) -> str:
        return f"+{value}" if value > 0 else str(value)
