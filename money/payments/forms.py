"""Forms of payments: parsing only; the services decide (what is due, what is left)."""

from django import forms

from inputs.bounds import InputRules
from money.amounts import parse_cents
from money.models import Payment
from money.models.payments import NOTE_MAX
from money.payments.services.door import TOKEN_MAX


class AmountField(forms.CharField):
    """Dollars and cents as typed ("12.50", "$12"), to integer cents."""

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        kwargs.setdefault("max_length", 16)
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal"}))
        super().__init__(**kwargs)

    def clean(self, value):  # type: ignore[no-untyped-def]
        text = super().clean(value)
        if text in (None, ""):
            return None
        try:
            cents = parse_cents(text)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc
        if cents <= 0:
            raise forms.ValidationError("The amount must be more than nothing.")
        return cents


class MarkPaidForm(InputRules, forms.Form):
    method = forms.ChoiceField(
        choices=[(Payment.Method.CASH, "Cash"), (Payment.Method.OTHER, "Other")],
        initial=Payment.Method.CASH,
    )
    amount = AmountField(label="Amount")
    note = forms.CharField(required=False, max_length=NOTE_MAX, label="Note")
    more_than_due = forms.BooleanField(required=False, label="More than due")
    token = forms.CharField(max_length=TOKEN_MAX, widget=forms.HiddenInput)

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "method": data["method"],
            "amount_cents": data["amount"],
            "note": data["note"],
            "more_than_due": data["more_than_due"],
            "token": data["token"],
        }


class RefundForm(InputRules, forms.Form):
    amount = AmountField(required=False, label="Amount (empty: all that is left)")
    reason = forms.CharField(required=False, max_length=NOTE_MAX, label="Reason")

    def service_kwargs(self) -> dict:
        return {"amount_cents": self.cleaned_data["amount"], "reason": self.cleaned_data["reason"]}
