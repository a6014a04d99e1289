"""The makeups page's forms: parsing only; `league.nights.services.makeups` decides."""

from django import forms

from inputs.bounds import InputRules, typed_number

DATE = forms.DateInput(attrs={"type": "date"})


class MakeupNightForm(InputRules, forms.Form):
    """Which night to look at, and whether to pair across levels (a GET form)."""

    date = forms.DateField(label="Night", required=False, widget=DATE)
    across = forms.BooleanField(label="Also pair teams of two levels", required=False)


class MakeupArrangeForm(InputRules, forms.Form):
    """Two teams of the night's list (by id), the night, and a table if the manager has one."""

    date = forms.DateField(widget=forms.HiddenInput)
    team_a = forms.CharField(label="Team", max_length=12)
    team_b = forms.CharField(label="Against", max_length=12)
    table = forms.CharField(label="Table", max_length=12, required=False)

    def _id(self, name: str, *, required: bool = True) -> int | None:
        raw = self.cleaned_data.get(name, "")
        if not raw and not required:
            return None
        number = typed_number(raw)
        if number is None:
            raise forms.ValidationError("Choose a team from the night's list.")
        return number

    def clean_team_a(self) -> int | None:
        return self._id("team_a")

    def clean_team_b(self) -> int | None:
        return self._id("team_b")

    def clean_table(self) -> int | None:
        raw = self.cleaned_data.get("table", "")
        if not raw:
            return None
        number = typed_number(raw)
        if number is None:
            raise forms.ValidationError("Choose a table from the list.")
        return number
