"""The setup pages' forms: parsing only (amounts typed as "25.00", moments in the league's
time zone); the services decide what is allowed and answer field by field."""

from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError

from inputs.bounds import InputRules
from money.amounts import parse_cents
from money.models import Question, SignUp
from money.models.signups import CURRENCIES, QUESTION_MAX
from money.setup.rules import HOURS_MAX, PLACES_MAX, Terms
from money.setup.services.questions import OPTIONS_MAX, options_from_lines
from tournaments.paste import LINES_MAX

MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
AMOUNT_MAX = 14  # "$10,000.00" and a little room; longer is not an amount


def _moment(label: str, *, required: bool = True, help_text: str = "") -> forms.DateTimeField:
    return forms.DateTimeField(label=label, widget=MOMENT, required=required, help_text=help_text)


def _amount(label: str, help_text: str = "") -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        max_length=AMOUNT_MAX,
        help_text=help_text,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "placeholder": "25.00"}),
    )


class SignUpForm(InputRules, forms.Form):
    opens_at = _moment("Opens")
    closes_at = _moment("Closes")
    places = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=PLACES_MAX,
        help_text="Empty: no limit. When they are taken, new registrations join a waitlist.",
    )
    free_agents = forms.BooleanField(
        required=False,
        initial=True,
        label="Players without a team may register as free agents (you place them)",
    )
    offer_hours = forms.IntegerField(
        min_value=1,
        max_value=HOURS_MAX,
        initial=48,
        label="Hours to answer a place offered from the waitlist",
    )
    currency = forms.ChoiceField(choices=CURRENCIES, initial="USD")
    fee_cents = _amount("Fee", "Like 25.00. Empty: no fee.")
    fee_per = forms.ChoiceField(choices=SignUp.FeePer.choices, label="The fee is", initial="team")
    early_fee_cents = _amount("Early price", "Below the fee, until the date below.")
    early_until = _moment("Early price until", required=False)
    member_fee_cents = _amount("Members' price", "Below the fee, for the league's members.")
    payment = forms.ChoiceField(
        choices=SignUp.Payment.choices, initial=SignUp.Payment.DOOR, widget=forms.RadioSelect
    )
    pay_to_hold = forms.BooleanField(
        required=False, label="A place is held only once paid (within the hours below)"
    )
    pay_within_hours = forms.IntegerField(
        min_value=1, max_value=HOURS_MAX, initial=72, label="Hours to pay"
    )
    refund_until = _moment(
        "Refunds until",
        required=False,
        help_text="A withdrawal before this refunds itself in full. Empty: no self-refund.",
    )

    def __init__(self, *args: Any, unit: str, for_season: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone = settings.TIME_ZONE.replace("_", " ")
        self.fields["opens_at"].help_text = f"Dates and times in the league's time zone ({zone})."
        if not for_season:
            del self.fields["free_agents"], self.fields["member_fee_cents"]
        if unit == SignUp.Unit.PLAYER:
            del self.fields["fee_per"]  # players pay per player
        else:
            per = "Per pair" if unit == SignUp.Unit.PAIR else "Per team"
            self.fields["fee_per"].choices = [("team", per), ("player", "Per player")]

    def _cents(self, name: str) -> int | None:
        text = self.cleaned_data.get(name) or ""
        if not text.strip():
            return None
        try:
            return parse_cents(text)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None

    def clean_fee_cents(self) -> int | None:
        return self._cents("fee_cents")

    def clean_early_fee_cents(self) -> int | None:
        return self._cents("early_fee_cents")

    def clean_member_fee_cents(self) -> int | None:
        return self._cents("member_fee_cents")

    def terms(self) -> Terms:
        data = self.cleaned_data
        given = {name: data[name] for name in self.fields if name in data}
        return Terms(**{**{"free_agents": False, "fee_per": "player"}, **given})


def initial_from(terms: Terms) -> dict:
    """A form's starting values from saved (or default) settings: amounts as "25.00"."""
    initial = {name: getattr(terms, name) for name in terms.__dataclass_fields__}
    for name in ("fee_cents", "early_fee_cents", "member_fee_cents"):
        cents = initial[name]
        initial[name] = "" if cents is None else f"{cents // 100}.{cents % 100:02d}"
    return initial


class QuestionForm(InputRules, forms.Form):
    text = forms.CharField(label="Question", max_length=QUESTION_MAX)
    kind = forms.ChoiceField(choices=Question.Kind.choices, initial=Question.Kind.TEXT)
    choices = forms.CharField(
        label="Options (for a choice)",
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=f"One per line, at most {OPTIONS_MAX}.",
    )
    required = forms.BooleanField(required=False, label="An answer is required")

    def options(self) -> list[str]:
        return options_from_lines(self.cleaned_data.get("choices", ""))


def question_initial(question: Question) -> dict:
    return {
        "text": question.text,
        "kind": question.kind,
        "choices": "\n".join(question.choices or []),
        "required": question.required,
    }


class MemberAddForm(InputRules, forms.Form):
    text = forms.CharField(
        label="Player",
        max_length=300,
        help_text="A name, an email, or both: “Sam Snow, sam@example.com”.",
        widget=forms.TextInput(attrs={"list": "league-players", "autocomplete": "off"}),
    )


class MembersPasteForm(InputRules, forms.Form):
    text = forms.CharField(
        label="A list of members",
        max_length=LINES_MAX * 200,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=f"One a line: a name, an email, or “Name, email”. At most {LINES_MAX} lines.",
    )
