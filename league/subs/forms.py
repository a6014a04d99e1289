"""Forms of the sub finder: parsing only; the services decide what is allowed."""

import datetime

from django import forms

from inputs.bounds import InputRules
from league.seasons.models import Season, SkillLevel
from league.subs.models import SubRequest, SubVolunteer
from wording.when import day


class VolunteerForm(InputRules, forms.Form):
    levels = forms.ModelMultipleChoiceField(
        queryset=SkillLevel.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="None ticked: any level.",
    )
    nights = forms.TypedMultipleChoiceField(
        choices=(),
        coerce=datetime.date.fromisoformat,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Nights you can play",
        help_text="None ticked: every night.",
    )
    note = forms.CharField(
        max_length=SubVolunteer._meta.get_field("note").max_length,
        required=False,
        help_text="e.g. 'Not before 7:30' or 'Text me, don't email'.",
    )

    def __init__(self, *args, season: Season, nights: list[datetime.date], **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["levels"].queryset = season.skill_levels.order_by("position")
        self.fields["nights"].choices = [(d.isoformat(), day(d)) for d in nights]
        if not season.skill_levels.exists():
            del self.fields["levels"]


class SubRequestForm(InputRules, forms.Form):
    note = forms.CharField(
        max_length=SubRequest._meta.get_field("note").max_length,
        required=False,
        label="A note for the subs",
        help_text="e.g. 'We play at the back table'.",
    )
