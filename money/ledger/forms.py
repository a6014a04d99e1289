"""The ledger's forms: amounts typed in dollars and cents (money.amounts.parse_cents), every
text bounded; the services check again."""

from typing import Any

from django import forms

from inputs.bounds import InputRules
from money.amounts import parse_cents
from money.models import Ledger, LedgerEntry, SidePot
from money.models.ledger import NAME_MAX, NOTE_MAX

METHOD_CHOICES = [("cash", "Cash"), ("other", "Other")]


class AmountField(forms.CharField):
    """ "12.50" -> 1250 cents (the sign is the form's to allow)."""

    def __init__(self, *, signed: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 16)
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal"}))
        self.signed = signed
        super().__init__(**kwargs)

    def clean(self, value: Any) -> int | None:
        text = super().clean(value)
        if not text:
            return None
        try:
            cents = parse_cents(text)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not self.signed and cents <= 0:
            raise forms.ValidationError("Give an amount more than zero.")
        if cents == 0:
            raise forms.ValidationError("Give an amount other than zero.")
        return cents


def parse_percents(text: str) -> list[int]:
    """ "50, 30, 20" -> [50, 30, 20] (first place first)."""
    out = []
    for part in (p.strip().rstrip("%") for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or len(part) > 3:
            raise forms.ValidationError(f"{part!r} is not a whole percent.")
        out.append(int(part))
    return out


class PurseForm(InputRules, forms.Form):
    kind = forms.ChoiceField(label="Purse", choices=Ledger.PurseKind.choices)
    fixed = AmountField(label="Fixed sum", required=False, help_text="e.g. 200.00")
    share = forms.IntegerField(
        label="Share of the entry fees paid (%)", required=False, min_value=1, max_value=100
    )
    split = forms.CharField(
        label="Split over the places (%, first place first)",
        required=False,
        max_length=300,
        help_text="e.g. 50, 30, 20. Sets the event's prize list; empty: the prize list stays.",
    )

    def clean_split(self) -> list[int]:
        return parse_percents(self.cleaned_data.get("split") or "")

    def clean(self) -> dict:
        data = super().clean()
        if data.get("kind") == "fixed" and not data.get("fixed"):
            self.add_error("fixed", "Give the purse's sum.")
        if data.get("kind") == "share" and not data.get("share"):
            self.add_error("share", "Give the share of the entry fees, in percent.")
        return data


class LineForm(InputRules, forms.Form):
    kind = forms.ChoiceField(
        choices=[
            ("income", "Other money in"),
            ("expense", "Other money out"),
            ("prize", "Prize paid"),
        ]
    )
    amount = AmountField(label="Amount")
    method = forms.ChoiceField(choices=METHOD_CHOICES)
    party = forms.CharField(label="From or to whom", max_length=NAME_MAX, required=False)
    note = forms.CharField(max_length=NOTE_MAX, required=False)


class CorrectionForm(InputRules, forms.Form):
    amount = AmountField(
        label="Correction (+ adds, − takes off)", signed=True, help_text="e.g. -5.00"
    )
    reason = forms.CharField(max_length=NOTE_MAX)


class PotForm(InputRules, forms.Form):
    name = forms.CharField(max_length=NAME_MAX, initial="Loner basket")
    kind = forms.ChoiceField(choices=SidePot.Kind.choices)
    buy_in = AmountField(label="Buy-in per player", help_text="e.g. 2.00")


class BuyInForm(InputRules, forms.Form):
    players = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, required=False
    )
    method = forms.ChoiceField(choices=METHOD_CHOICES)

    def __init__(self, *args: Any, players: list, taken: set[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [
            (p.pk, f"{p.name} (in)" if p.pk in taken else p.name) for p in players
        ]


class PayForm(InputRules, forms.Form):
    """A plain pot's payout, or a prize: to whom, how much, how."""

    party = forms.CharField(label="To whom", max_length=NAME_MAX, required=False)
    amount = AmountField(label="Amount", required=False)
    method = forms.ChoiceField(choices=METHOD_CHOICES)


KIND_LABELS = dict(LedgerEntry.Kind.choices)
