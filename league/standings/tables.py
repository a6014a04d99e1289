"""The standings table (django-tables2): one level's rows, live or published."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from algorithms import metrics
from algorithms.metrics import Metric
from algorithms.standings import MEASURED
from league.standings.models import StandingsSnapshotRow
from league.standings.race import MARKS, TITLES

RATIO_FORMAT = "{:.3f}"
# Shown from a tablet's width up (app.css): on a phone the table keeps rank, team, games won
# and lost, win % and SOS, and never scrolls sideways.
WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}


class RatioColumn(tables.Column):
    """Win % and SOS as .600, the way standings are read."""

    def render(self, value) -> str:  # type: ignore[no-untyped-def]
        text = RATIO_FORMAT.format(value)
        return text[1:] if text.startswith("0.") else text

    def value(self, value) -> str:  # type: ignore[no-untyped-def]
        return RATIO_FORMAT.format(value)


class MeasuredColumn(RatioColumn):
    """SOS and OOWP: a dash, with why, while they measure nothing (`flag` on the row False:
    no opponent has played anyone else yet); empty in an export."""

    def __init__(self, *args, flag: str, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.flag = flag

    def render(self, value, record) -> str:  # type: ignore[no-untyped-def, override]
        if not getattr(record, self.flag, True):
            return format_html('<abbr title="{}">—</abbr>', metrics.NOT_MEASURED)
        return super().render(value)

    def value(self, value, record) -> str:  # type: ignore[no-untyped-def, override]
        return super().value(value) if getattr(record, self.flag, True) else ""


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
    fixtures_won = tables.Column(verbose_name=metrics.FIXTURES_WON.abbreviation, attrs=WIDE)
    fixtures_lost = tables.Column(verbose_name=metrics.FIXTURES_LOST.abbreviation, attrs=WIDE)
    fixtures_tied = tables.Column(verbose_name=metrics.FIXTURES_TIED.abbreviation, attrs=WIDE)
    games_won = tables.Column(verbose_name=metrics.GAMES_WON.abbreviation)
    games_lost = tables.Column(verbose_name=metrics.GAMES_LOST.abbreviation)
    win_pct = RatioColumn(verbose_name=metrics.WIN_PCT.abbreviation)
    points = tables.Column(verbose_name=metrics.POINTS.abbreviation, attrs=WIDE)
    points_for = tables.Column(verbose_name=metrics.POINTS_FOR.abbreviation, attrs=WIDE)
    points_against = tables.Column(verbose_name=metrics.POINTS_AGAINST.abbreviation, attrs=WIDE)
    differential = tables.Column(verbose_name=metrics.DIFFERENTIAL.abbreviation, attrs=WIDE)
    forfeits = tables.Column(verbose_name=metrics.FORFEITS.abbreviation, attrs=WIDE)
    sos = MeasuredColumn(verbose_name=metrics.SOS.abbreviation, flag=MEASURED["sos"])
    oowp = MeasuredColumn(verbose_name=metrics.OOWP.abbreviation, attrs=WIDE, flag=MEASURED["oowp"])

    class Meta:
        model = StandingsSnapshotRow
        # Phone first: rank, team, record, win % and SOS, the only columns on a phone.
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

    def render_team_name(self, value: str, record) -> str:  # type: ignore[no-untyped-def]
        """The name, and the race's mark when the team has clinched or is out (`race` on
        the row: set by the views, empty while alive)."""
        state = getattr(record, "race", "")
        if state not in MARKS:
            return value
        return format_html(
            '{} <abbr class="race race-{}" title="{}">{}</abbr>',
            value,
            state,
            TITLES[state],
            MARKS[state],
        )

    def render_differential(self, value: int) -> str:
        return f"+{value}" if value > 0 else str(value)

    @property
    def not_measured(self) -> str:
        """Why a row's SOS shows a dash, for the note under the table ("" when none does)."""
        flags = MEASURED.values()
        if all(getattr(row, flag, True) for row in self.data for flag in flags):
            return ""
        return metrics.NOT_MEASURED


def legend() -> list[Metric]:
    """The table's metric columns in its order, for the key under it. SOS and OOWP are left
    out: the page explains them in full (`metrics.SOS.explanation`)."""
    explained_apart = {metrics.SOS.key, metrics.OOWP.key}
    return [
        metrics.STANDINGS[name]
        for name in StandingsTable.Meta.sequence
        if name in metrics.STANDINGS and name not in explained_apart
    ]
