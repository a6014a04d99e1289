"""The answer buttons: which answer, and (for a captain or a manager) whose."""

from django import forms

from inputs.bounds import InputRules, typed_number
from league.availability.models import Availability


class AnswerForm(InputRules, forms.Form):
    answer = forms.ChoiceField(
        choices=Availability.Answer.choices,
        error_messages={
            "required": "Answer coming, not coming or maybe.",
            "invalid_choice": "Answer coming, not coming or maybe.",
        },
    )
    player = forms.CharField(required=False, max_length=12)
    fixture = forms.CharField(required=False, max_length=12)

    def clean_player(self) -> int | None:
        return self._id("player")

    def clean_fixture(self) -> int | None:
        return self._id("fixture")

    def _id(self, name: str) -> int | None:
        raw = self.cleaned_data.get(name) or ""
        if not raw:
            return None
        number = typed_number(raw)
        if number is None:
            raise forms.ValidationError(f"That isn't a {name} of this page.")
        return number
