"""Season ladder forms: the ladder and its rules, an event to add, the top to invite."""

import re
from typing import Any

from django import forms

from inputs.bounds import InputRules, typed_number
from people.models import Series
from people.services.series import EVENTS_MAX, PLACES_MAX, POINTS_MAX, TOP_MAX
from tournaments.models import Tournament

POINTS_HELP = "Points for 1st, 2nd, 3rd … place, separated by commas; 0 beyond the table."


def points_text(points: list[int]) -> str:
    return ", ".join(str(p) for p in points)


def parse_points(text: str) -> list[int]:
    """ "10, 8, 6" (commas or spaces) as [10, 8, 6], or a ValidationError saying what's wrong."""
    parts = [part for part in re.split(r"[,\s;]+", text.strip()) if part]
    if not parts:
        raise forms.ValidationError("Give the points for 1st place at least.")
    if len(parts) > PLACES_MAX:
        raise forms.ValidationError(f"A points table has at most {PLACES_MAX} places.")
    table = []
    for place, part in enumerate(parts, start=1):
        if part.startswith("-") and typed_number(part[1:]) is not None:
            raise forms.ValidationError(f"Points can't be negative (place {place} has {part}).")
        value = typed_number(part, digits=6)
        if value is None:
            raise forms.ValidationError(
                f"Write the points as whole numbers separated by commas ({part[:20]!r} isn't one)."
            )
        if value > POINTS_MAX:
            raise forms.ValidationError(f"Keep each place's points to {POINTS_MAX} at most.")
        table.append(value)
    return table


class SeriesRulesForm(InputRules, forms.Form):
    name = forms.CharField(max_length=Series._meta.get_field("name").max_length)
    points = forms.CharField(
        max_length=800, help_text=POINTS_HELP, initial="10, 8, 6, 5, 4, 3, 2, 1"
    )
    best_of = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=EVENTS_MAX,
        label="Best events counted",
        help_text="How many of each player's best events count; empty: every event.",
    )
    min_events = forms.IntegerField(
        min_value=0,
        max_value=EVENTS_MAX,
        initial=0,
        label="Events to qualify",
        help_text="Players with fewer events are listed but not ranked.",
    )

    def clean_points(self) -> list[int]:
        return parse_points(self.cleaned_data["points"])

    @classmethod
    def for_series(cls, series: Series, data: Any = None) -> "SeriesRulesForm":
        initial = {
            "name": series.name,
            "points": points_text(series.points),
            "best_of": series.best_of,
            "min_events": series.min_events,
        }
        return cls(data, initial=initial)


class SeriesCreateForm(SeriesRulesForm):
    format = forms.ChoiceField(
        choices=Tournament.Format.choices, help_text="Every event of the ladder has this format."
    )
    field_order = ["name", "format", "points", "best_of", "min_events"]


class AddEventForm(forms.Form):
    tournament = forms.ModelChoiceField(queryset=Tournament.objects.none(), label="Event")

    def __init__(self, *args: Any, events: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = events


class InviteTopForm(forms.Form):
    top = forms.IntegerField(
        min_value=1,
        max_value=TOP_MAX,
        label="Players to invite",
        help_text="The top of the ladder (players tied at the cut come too).",
    )
    final = forms.ModelChoiceField(
        queryset=Tournament.objects.none(),
        label="Final",
        help_text="One of your progressive events still in setup.",
    )

    def __init__(self, *args: Any, finals: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["final"].queryset = finals
