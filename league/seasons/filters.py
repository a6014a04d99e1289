"""Filters for the season schedule: a week (or all), a level, and a team found by name.

The team is typed, not picked from a list: a 500-team season's list was most of the page.
A team's own link (`?team=<id>`, from its page) still narrows to that team.
"""

import django_filters
from django import forms
from django.db.models import Q, QuerySet

from inputs.bounds import refuse_control_characters
from league.seasons.models import Fixture, Season, SkillLevel
from league.seasons.selectors import ScheduleWeek
from wording.when import day
from wording.words import listing

ALL_WEEKS = "all"
TEAM_SEARCH_MAX = 60


class FixtureFilter(django_filters.FilterSet):
    week = django_filters.ChoiceFilter(method="filter_week", label="Week", empty_label=None)
    skill_level = django_filters.ModelChoiceFilter(
        queryset=SkillLevel.objects.none(), label="Level", empty_label="All levels"
    )
    q = django_filters.CharFilter(
        method="filter_name",
        label="Team",
        max_length=TEAM_SEARCH_MAX,
        validators=[refuse_control_characters],
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "Part of a team's name", "autocomplete": "off"}
        ),
    )
    team = django_filters.NumberFilter(
        method="filter_team", widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1
    )

    class Meta:
        model = Fixture
        fields = ["week", "skill_level", "q", "team"]

    def __init__(self, *args, season: Season, weeks: list[ScheduleWeek], **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.filters["skill_level"].queryset = season.skill_levels.order_by("position", "name")
        choices = [(ALL_WEEKS, "All weeks")]
        for week in weeks:
            label = f"Week {week.week}" + (" (playoffs)" if week.week > season.weeks else "")
            nights = listing(day(night) for night in week.nights)
            choices.append((str(week.week), f"{label}: {nights}"))
        self.filters["week"].extra["choices"] = choices

    def filter_week(self, queryset: QuerySet[Fixture], name: str, value: str) -> QuerySet:
        return queryset if value == ALL_WEEKS else queryset.filter(week=int(value))

    def filter_name(self, queryset: QuerySet[Fixture], name: str, value: str) -> QuerySet:
        value = value.strip()
        if not value:
            return queryset
        return queryset.filter(Q(home__name__icontains=value) | Q(away__name__icontains=value))

    def filter_team(self, queryset: QuerySet[Fixture], name: str, value: int) -> QuerySet:
        return queryset.filter(Q(home_id=value) | Q(away_id=value))
