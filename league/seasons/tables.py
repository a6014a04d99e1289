"""django-tables2 tables for the schedule and rosters."""

import django_tables2 as tables
from django.utils.html import format_html

from league.seasons.models import Fixture


class FixtureTable(tables.Table):
    week = tables.Column()
    date = tables.DateColumn(format="D M j", order_by=("date", "week"))
    skill_level = tables.Column(verbose_name="Level", order_by=("skill_level__position",))
    home = tables.Column(
        verbose_name="Home",
        linkify=("league:team_detail", {"pk": tables.A("home_id")}),
        order_by=("home__name",),
    )
    away = tables.Column(
        verbose_name="Away",
        default="bye",
        order_by=("away__name",),
        linkify=lambda record: record.away and record.away.get_absolute_url(),
    )
    table = tables.Column(
        verbose_name="Where", default="—", order_by=("table__venue__name", "table__position")
    )
    status = tables.Column()

    class Meta:
        model = Fixture
        fields = ("week", "date", "skill_level", "home", "away", "table", "status")
        order_by = ("date", "week")
        attrs = {"class": "striped schedule"}
        orderable = True

    def render_status(self, record: Fixture, value: str) -> str:
        if record.was_moved:
            return format_html(
                "{} <small class='muted'>(was {})</small>",
                value,
                record.original_date.strftime("%b %d"),
            )
        return value

    def value_date(self, record: Fixture) -> str:
        return record.date.isoformat()

    def value_status(self, record: Fixture) -> str:
        return record.get_status_display()


class ManagerFixtureTable(FixtureTable):
    edit = tables.LinkColumn(
        "league:fixture_edit",
        args=[tables.A("pk")],
        text="Edit",
        orderable=False,
        exclude_from_export=True,
        verbose_name="",
    )

    class Meta(FixtureTable.Meta):
        fields = (*FixtureTable.Meta.fields, "edit")
