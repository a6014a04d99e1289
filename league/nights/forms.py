"""Forms for league nights: parsing only; the services decide what is allowed."""

from django import forms

from inputs.bounds import InputRules
from league.nights.services.results import GameScore

SCORE = {"min_value": 0, "max_value": 99, "required": False}


class FixtureScoresForm(InputRules, forms.Form):
    """Final scores for the open games of a fixture: home (N-S) and away (E-W) per game.

    Each game's problems are kept beside it (`problems`), the form's own and the ones the
    service finds (`add_game_problems`), so a card with several bad games says so for every
    one of them at once and keeps everything typed.
    """

    def __init__(self, *args, numbers: list[int], home: str, away: str, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.numbers = numbers
        self.team_names = {"home": home, "away": away}
        self.game_problems: dict[int, list[str]] = {}
        for n in numbers:
            for side, team in self.team_names.items():
                self.fields[f"{side}_{n}"] = forms.IntegerField(
                    label=f"Game {n}: {team}",
                    **SCORE,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            self.fields[f"timed_out_{n}"] = forms.BooleanField(label="Time ran out", required=False)

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField, forms.BoundField, list]]:
        """Per game: its number, its boxes and tick, and its problems."""
        problems = self.problems() if self.is_bound else {}
        return [
            (n, self[f"home_{n}"], self[f"away_{n}"], self[f"timed_out_{n}"], problems.get(n, []))
            for n in self.numbers
        ]

    def clean(self) -> dict:
        data = super().clean()
        for n in self.numbers:
            names = [f"home_{n}", f"away_{n}"]
            if any(self.has_error(name) for name in names):
                continue
            missing = [name for name in names if data.get(name) is None]
            if len(missing) == 1:
                self.add_error(missing[0], "Enter both teams' scores, or neither.")
        if not self.errors and not self.scores():
            raise forms.ValidationError("Enter at least one game's score.")
        return data

    def add_game_problems(self, by_game: dict[int, list[str]]) -> None:
        """What the service found wrong with each game, to show beside it."""
        for n, problems in by_game.items():
            self.game_problems.setdefault(n, []).extend(problems)

    def problems(self) -> dict[int, list[str]]:
        """Each game's problems: its boxes' (named by team) and the service's."""
        found: dict[int, list[str]] = {}
        for n in self.numbers:
            for side, team in self.team_names.items():
                for error in self.errors.get(f"{side}_{n}", []):
                    found.setdefault(n, []).append(f"{team}: {error}")
            found_here = self.game_problems.get(n, [])
            if found_here:
                found.setdefault(n, []).extend(found_here)
        return found

    def scores(self) -> list[GameScore]:
        data = self.cleaned_data
        return [
            GameScore(n, data[f"home_{n}"], data[f"away_{n}"], bool(data.get(f"timed_out_{n}")))
            for n in self.numbers
            if data.get(f"home_{n}") is not None and data.get(f"away_{n}") is not None
        ]


class ReasonForm(InputRules, forms.Form):
    reason = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 2}))


class DisputeForm(ReasonForm):
    number = forms.IntegerField(min_value=1, max_value=9)


class ForfeitForm(InputRules, forms.Form):
    """Who was late and by how much (or: only one player / nobody came)."""

    SITUATIONS = [
        ("late", "Late"),
        ("one_player", "Only one player present"),
        ("no_show", "Did not show"),
    ]

    team = forms.TypedChoiceField(coerce=int, label="Team")
    situation = forms.ChoiceField(choices=SITUATIONS, widget=forms.RadioSelect, initial="late")
    minutes_late = forms.IntegerField(
        min_value=0, max_value=600, required=False, label="Minutes after the start time"
    )
    note = forms.CharField(max_length=200, required=False)

    def __init__(self, *args, fixture, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [
            (fixture.home_id, fixture.home.name),
            (fixture.away_id, fixture.away.name),
        ]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("situation") == "late" and data.get("minutes_late") is None:
            raise forms.ValidationError("Say how many minutes late the team was.")
        return data


class AnnounceForm(InputRules, forms.Form):
    team = forms.IntegerField()
    note = forms.CharField(max_length=200, required=False, label="Note for the league")


class ReviewForm(InputRules, forms.Form):
    decision = forms.ChoiceField(
        choices=[("keep", "Stays in the playoffs"), ("exclude", "Removed from the playoffs")]
    )
    note = forms.CharField(max_length=500, required=False)


class WithdrawForm(InputRules, forms.Form):
    reason = forms.CharField(
        max_length=200,
        label="Why is the team withdrawing?",
        help_text="Its captains and its opponents' captains see this.",
    )
    confirm = forms.BooleanField(label="I understand: this can't be undone from here.")
