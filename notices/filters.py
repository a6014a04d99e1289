"""Filters for the outbox pages."""

import django_filters
from django.db.models import Exists, OuterRef, Q, QuerySet

from league.seasons.models import League
from notices.models import Notice, OutboxMessage


class NoticeFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="filter_q", label="Search")
    kind = django_filters.ChoiceFilter(choices=Notice.Kind.choices, empty_label="Any kind")
    league = django_filters.ModelChoiceFilter(
        queryset=League.objects.order_by("name"),
        method="filter_league",
        empty_label="Any league",
        label="League",
    )
    problems = django_filters.ChoiceFilter(
        choices=[("failed", "With failures"), ("pending", "Still sending")],
        method="filter_problems",
        empty_label="Any state",
        label="State",
    )

    class Meta:
        model = Notice
        fields = ["q", "kind", "league", "problems"]

    def filter_q(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(Q(subject__icontains=value) | Q(body__icontains=value))

    def filter_league(self, queryset: QuerySet, name: str, value: League) -> QuerySet:
        return queryset.filter(Q(season__league=value) | Q(announcement__league=value))

    def filter_problems(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        statuses = ["failed"] if value == "failed" else ["pending", "sending"]
        rows = OutboxMessage.objects.filter(notice=OuterRef("pk"), status__in=statuses)
        return queryset.filter(Exists(rows))


class MessageFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="filter_q", label="Search")
    status = django_filters.ChoiceFilter(
        choices=OutboxMessage.Status.choices, empty_label="Any status"
    )
    channel = django_filters.ChoiceFilter(
        choices=OutboxMessage.Channel.choices, empty_label="Any channel"
    )

    class Meta:
        model = OutboxMessage
        fields = ["q", "status", "channel"]

    def filter_q(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(Q(name__icontains=value) | Q(address__icontains=value))
