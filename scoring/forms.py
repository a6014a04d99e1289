"""Forms: they parse what was tapped or typed; the engine and services judge it."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator

from inputs.bounds import InputRules
from scoring.engine import RuleSpec, side_of
from scoring.handrows import final_keys, final_labels
from scoring.models import RuleSet
from scoring.models.cards import SEAT_CHOICES, SIDE_CHOICES
from scoring.services.rulesets import NOTES_MAX, RULE_FIELDS

ALONE_CHOICES = [("", "With partner"), ("yes", "Alone"), *SEAT_CHOICES]
SCORE_LIMIT = 99


class HandForm(InputRules, forms.Form):
    """One hand from the tap buttons: who made it, alone?, tricks, or passed / renege."""

    maker = forms.ChoiceField(choices=SIDE_CHOICES, required=False)
    alone = forms.ChoiceField(choices=ALONE_CHOICES, required=False)
    tricks = forms.TypedChoiceField(
        choices=[(n, n) for n in range(6)], coerce=int, required=False, empty_value=None
    )
    passed = forms.BooleanField(required=False)
    renege_by = forms.ChoiceField(choices=SIDE_CHOICES, required=False)
    false_claim_by = forms.ChoiceField(choices=SIDE_CHOICES, required=False)
    dealer = forms.ChoiceField(choices=SEAT_CHOICES, required=False)

    def hand(self) -> dict[str, Any]:
        """The hand as a card row; ValidationError in a captain's words when incomplete."""
        if not self.is_valid():
            raise ValidationError("That tap didn't come through: please try again.")
        data = self.cleaned_data
        if data["passed"]:
            return {"passed": True, "dealer": data["dealer"]}
        maker, alone = data["maker"], data["alone"]
        loner_seat = alone if alone not in ("", "yes") else ""
        if loner_seat and not maker:
            maker = side_of(loner_seat)  # tapping "North alone" says N-S made it
        if not maker:
            raise ValidationError("Tap who made trump first: N-S or E-W.")
        hand = {
            "dealer": data["dealer"],
            "maker_side": maker,
            "alone": bool(alone),
            "loner_seat": loner_seat,
            "false_renege_claim_by": data["false_claim_by"],
        }
        if data["renege_by"]:
            return {**hand, "renege_by": data["renege_by"], "tricks": 0}
        if data["tricks"] is None:
            raise ValidationError("Tap how many tricks the makers took.")
        return {**hand, "tricks": data["tricks"]}


def _score_field(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=-SCORE_LIMIT,
        max_value=SCORE_LIMIT,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class FinalScoresForm(InputRules, forms.Form):
    """Final scores only: each side's total, or each player's in individual events."""

    timed_out = forms.BooleanField(label="Time ran out", required=False)

    def __init__(self, *args: Any, spec: RuleSpec, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keys = final_keys(spec)
        labels = final_labels(spec)
        for key in self.keys:
            self.fields[f"score_{key}"] = _score_field(labels[key])
        self.order_fields([f"score_{key}" for key in self.keys])
        if spec.time_limit_minutes is None:
            del self.fields["timed_out"]

    def scores(self) -> dict[str, int]:
        return {key: self.cleaned_data[f"score_{key}"] for key in self.keys}

    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"score_{key}"] for key in self.keys]


class ReasonForm(InputRules, forms.Form):
    reason = forms.CharField(
        label="What is wrong with the card?",
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class SeatCodeForm(InputRules, forms.Form):
    """The code on the other side's seat cards, typed on the submitter's phone."""

    code = forms.CharField(
        label="Seat code",
        max_length=40,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


class StaffDecisionForm(FinalScoresForm):
    """Settle or correct: the reason, and which card stands."""

    BASIS_CURRENT, BASIS_DRAFT, BASIS_FINAL = "current", "draft", "final"

    reason = forms.CharField(
        label="Reason (kept with the card)",
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    basis = forms.ChoiceField(widget=forms.RadioSelect, label="Which card stands")

    def __init__(self, *args: Any, spec: RuleSpec, bases: list[tuple[str, str]], **kwargs: Any):
        super().__init__(*args, spec=spec, **kwargs)
        self.fields["basis"].choices = bases
        if bases:
            self.fields["basis"].initial = bases[0][0]
        for key in self.keys:  # only needed when the decision is a final score
            self.fields[f"score_{key}"].required = False
        self.order_fields(["reason", "basis"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("basis") == self.BASIS_FINAL:
            for key in self.keys:
                if data.get(f"score_{key}") is None:
                    self.add_error(f"score_{key}", "Enter this score.")
        return data


class CopyRuleSetForm(InputRules, forms.Form):
    name = forms.CharField(label="Name of the copy", max_length=80)


class RuleSetForm(InputRules, forms.Form):
    """Parses a copy's fields; `ruleset_update` decides whether the rules hold together."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields.update(
            forms.fields_for_model(
                RuleSet, fields=["name", *RULE_FIELDS, "description", "play_notes"]
            )
        )
        for name in ("description", "play_notes"):
            self.fields[name].widget.attrs["rows"] = 3
            self.fields[name].max_length = NOTES_MAX
            self.fields[name].validators.append(MaxLengthValidator(NOTES_MAX))
