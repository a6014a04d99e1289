"""The form for moving a night: parsing only; `league.nights.services.moves` decides."""

from django import forms

from inputs.bounds import InputRules
from league.seasons.models import Fixture, Season

DATE = forms.DateInput(attrs={"type": "date"})
WHOLE, SOME = "whole", "some"


class NightPickForm(InputRules, forms.Form):
    """Which night to look at (a GET form)."""

    date = forms.DateField(label="Night to move", widget=DATE)


class NightMoveForm(InputRules, forms.Form):
    date = forms.DateField(widget=forms.HiddenInput)
    scope = forms.ChoiceField(
        label="Move",
        choices=[(WHOLE, "Every fixture still to play that night"), (SOME, "Only those I tick")],
        initial=WHOLE,
        widget=forms.RadioSelect,
    )
    fixtures = forms.ModelMultipleChoiceField(
        queryset=Fixture.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    new_date = forms.DateField(label="New night", widget=DATE)
    start_time = forms.TimeField(
        label="New start time",
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}),
        help_text="Empty: each fixture keeps its own time.",
    )
    note = forms.CharField(
        required=False,
        max_length=200,
        help_text="Goes into the email, the text message and the public announcement.",
    )

    def __init__(self, *args, season: Season, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        # Any of the season's fixtures parses; the service says which belong to the night.
        self.fields["fixtures"].queryset = Fixture.objects.filter(season=season)

    def clean(self) -> dict:
        data = super().clean()
        if data.get("scope") == SOME and not data.get("fixtures"):
            self.add_error("fixtures", "Tick the fixtures to move, or move the whole night.")
        return data

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        chosen = list(data["fixtures"]) if data["scope"] == SOME else []
        return {
            "date": data["date"],
            "new_date": data["new_date"],
            "fixtures": chosen,
            "start_time": data["start_time"],
            "note": data["note"],
        }
