"""The activity page's filters: action, who, a date window and words (all bounded)."""

from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet

from activity import selectors
from activity.models import Activity, Verb
from inputs.bounds import InputRules

TEXT_MAX = 100


class ActivityFilterForm(InputRules, forms.Form):
    """The dates keep to the window every typed date keeps to (inputs.bounds)."""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", "The end date comes before the start date.")
            data.pop("until", None)
        return data


class ActivityFilter(django_filters.FilterSet):
    """Parses and checks the filters; `activity.selectors.activity_filter` applies them."""

    q = django_filters.CharFilter(label="Search", max_length=TEXT_MAX)
    verb = django_filters.ChoiceFilter(choices=Verb.choices, empty_label="Any action", label="What")
    actor = django_filters.ModelChoiceFilter(queryset=None, empty_label="Anyone", label="Who")
    since = django_filters.DateFilter(label="From", widget=forms.DateInput(attrs={"type": "date"}))
    until = django_filters.DateFilter(label="To", widget=forms.DateInput(attrs={"type": "date"}))

    class Meta:
        model = Activity
        fields = ["q", "verb", "actor", "since", "until"]
        form = ActivityFilterForm

    def __init__(self, data: Any = None, queryset: QuerySet[Activity] | None = None, **kwargs: Any):
        super().__init__(data, queryset=queryset, **kwargs)
        self.filters["actor"].queryset = selectors.actors_in(self.queryset)

    def filter_queryset(self, queryset: QuerySet[Activity]) -> QuerySet[Activity]:
        data = self.form.cleaned_data
        actor = data.get("actor")
        return selectors.activity_filter(
            queryset,
            verb=data.get("verb") or "",
            actor_id=actor.pk if actor is not None else None,
            since=data.get("since"),
            until=data.get("until"),
            text=data.get("q") or "",
        )
