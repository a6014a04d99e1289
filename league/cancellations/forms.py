"""Forms for cancelling play and deciding what follows: parsing only; the services decide."""

import datetime

from django import forms

from inputs.bounds import InputRules
from league.cancellations.models import Cancellation
from league.seasons.models import Fixture, Season
from wording.when import day

DATE = forms.DateInput(attrs={"type": "date"})


class CancelPlayForm(InputRules, forms.Form):
    date = forms.DateField(label="Night", widget=DATE)
    scope = forms.ChoiceField(
        label="Cancel",
        choices=Cancellation.Scope.choices,
        initial=Cancellation.Scope.NIGHT,
        widget=forms.RadioSelect,
    )
    venue = forms.ModelChoiceField(
        queryset=None,
        required=False,
        empty_label="Choose the venue",
        help_text="Only when cancelling one venue.",
    )
    fixtures = forms.ModelMultipleChoiceField(
        queryset=Fixture.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    reason = forms.ChoiceField(choices=Cancellation.Reason.choices)
    details = forms.CharField(
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Goes into the email, the text message and the public announcement.",
    )
    on_site = forms.BooleanField(
        required=False,
        label="Called off on site: tell only the captains of the teams still scheduled",
    )

    def __init__(self, *args, season: Season, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["venue"].queryset = season.venues.order_by("name")
        # Any of the season's fixtures parses; the service says which belong to the night.
        self.fields["fixtures"].queryset = Fixture.objects.filter(season=season).select_related(
            "home", "away", "table__venue"
        )

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "date": data["date"],
            "scope": data["scope"],
            "venue": data["venue"],
            "fixtures": list(data["fixtures"]),
            "reason": data["reason"],
            "details": data["details"],
            "on_site": data["on_site"],
        }


AUTOMATIC = ""


class DecideForm(InputRules, forms.Form):
    outcome = forms.ChoiceField(
        label="What happens to these fixtures",
        choices=[
            (Cancellation.Outcome.RESCHEDULE, "Reschedule them to makeup dates"),
            (Cancellation.Outcome.SHORTEN, "Shorten the season: they won't be replayed"),
        ],
        widget=forms.RadioSelect,
    )
    note = forms.CharField(
        required=False, max_length=200, help_text="Added to the notice to the captains."
    )

    def __init__(  # type: ignore[no-untyped-def]
        self, *args, fixtures: list[Fixture], dates: list[datetime.date], **kwargs
    ):
        super().__init__(*args, **kwargs)
        choices = [(AUTOMATIC, "Earliest makeup date with room")]
        choices += [(d.isoformat(), day(d)) for d in dates]
        self.move_fields = []
        for fixture in fixtures:
            name = f"move_{fixture.pk}"
            self.fields[name] = forms.ChoiceField(
                label=f"{fixture.home} v {fixture.away}", choices=choices, required=False
            )
            self.move_fields.append(name)

    def moves(self) -> dict[int, datetime.date]:
        picked = {}
        for name in self.move_fields:
            value = self.cleaned_data.get(name)
            if value:
                picked[int(name.removeprefix("move_"))] = datetime.date.fromisoformat(value)
        return picked

    def move_rows(self) -> list[forms.BoundField]:
        return [self[name] for name in self.move_fields]
