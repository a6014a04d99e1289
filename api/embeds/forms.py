"""The staff page's form: a site to allow, checked before the service adds it."""

from django import forms

from api.embeds.origins import MAX_LENGTH, origin_normalised
from inputs.bounds import InputRules


class OriginForm(InputRules, forms.Form):
    origin = forms.CharField(
        label="Site address",
        max_length=MAX_LENGTH,
        help_text="The club's site as it shows in the browser's address bar, without a path: "
        "e.g. https://club.example.org.",
        widget=forms.URLInput(attrs={"placeholder": "https://club.example.org"}),
    )

    def clean_origin(self) -> str:
        return origin_normalised(self.cleaned_data["origin"])
