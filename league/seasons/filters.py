"""Filters for the season schedule (by week, level and team)."""

import django_filters
from django.db.models import Q, QuerySet

from league.seasons.models import Fixture, Season, SkillLevel, Team


class FixtureFilter(django_filters.FilterSet):
    week = django_filters.NumberFilter()
    skill_level = django_filters.ModelChoiceFilter(
        queryset=SkillLevel.objects.none(), label="Level"
    )
    team = django_filters.ModelChoiceFilter(
        queryset=Team.objects.none(), method="filter_team", label="Team"
    )

    class Meta:
        model = Fixture
        fields = ["week", "skill_level", "team"]

    def __init__(self, *args, season: Season, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.filters["skill_level"].queryset = season.skill_levels.all()
        self.filters["team"].queryset = season.teams.order_by("name")

    def filter_team(self, queryset: QuerySet[Fixture], name: str, value: Team) -> QuerySet:
        return queryset.filter(Q(home=value) | Q(away=value))
