"""Filters for the outbox pages.

Besides search, kind and state, the outbox filters by each scope an app registered
(`notices.registry.register_outbox_scope`; the league registers "League").
"""

from typing import Any

import django_filters
from django.db.models import Exists, OuterRef, Q, QuerySet

from notices.models import Notice, OutboxMessage
from notices.registry import OutboxScope, outbox_scopes


def _scope_filter(scope: OutboxScope) -> django_filters.ModelChoiceFilter:
    def narrow(queryset: QuerySet, name: str, value: Any) -> QuerySet:
        return queryset.filter(scope.notices(value))

    return django_filters.ModelChoiceFilter(
        field_name=scope.name,
        queryset=scope.choices(),
        method=narrow,
        empty_label=scope.empty_label,
        label=scope.label,
    )


class NoticeFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="filter_q", label="Search")
    kind = django_filters.ChoiceFilter(choices=Notice.Kind.choices, empty_label="Any kind")
    problems = django_filters.ChoiceFilter(
        choices=[("failed", "With failures"), ("pending", "Still sending")],
        method="filter_problems",
        empty_label="Any state",
        label="State",
    )

    class Meta:
        model = Notice
        fields = ["q", "kind", "problems"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The registered scopes go between the kind and the state.
        state = self.filters.pop("problems")
        for scope in outbox_scopes():
            extra = _scope_filter(scope)
            extra.model, extra.parent = self.queryset.model, self
            self.filters[scope.name] = extra
        self.filters["problems"] = state

    def filter_q(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(Q(subject__icontains=value) | Q(body__icontains=value))

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
