"""The account page's token form: parsing only; the service decides and answers."""

from django import forms

from api.models import AccessToken
from api.tokens.services import NAME_MAX
from inputs.bounds import InputRules

EXPIRY_CHOICES = [("", "Never"), ("30", "In 30 days"), ("90", "In 90 days"), ("365", "In a year")]


class TokenForm(InputRules, forms.Form):
    name = forms.CharField(
        label="Name",
        max_length=NAME_MAX,
        help_text="What the token is for, e.g. 'Scoring script'.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    scope = forms.ChoiceField(
        label="It may", choices=AccessToken.Scope.choices, initial=AccessToken.Scope.READ
    )
    expires = forms.ChoiceField(label="Expires", choices=EXPIRY_CHOICES, required=False)

    def expires_in_days(self) -> int | None:
        value = self.cleaned_data.get("expires") or ""
        return int(value) if value else None
