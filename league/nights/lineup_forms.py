"""The "who played" form of a fixture: parsing only; the service decides what is allowed."""

from django import forms

from inputs.bounds import InputRules


class LineupForm(InputRules, forms.Form):
    """The team and its two players who played that night (ticked, two of the roster)."""

    team = forms.IntegerField(min_value=1, max_value=2**31 - 1)
    players = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, choices=()
    )

    def __init__(self, *args, choices: list[tuple[int, str]], **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = choices
        self.fields["players"].error_messages.update(
            required="Tick the two players who played.",
            invalid_choice="Choose players on the team's roster that night.",
        )

    def clean_players(self) -> list[int]:
        players = list(dict.fromkeys(self.cleaned_data["players"]))
        if len(players) != 2:
            raise forms.ValidationError("Tick exactly two players: the two who played.")
        return players
