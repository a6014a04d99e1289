"""Forms: a player's subscription, their channel for each kind of notice, and a manager's
general notice."""

from typing import Any

from django import forms

from inputs.bounds import InputRules
from league.seasons.models import League, Season
from notices.channels import CHOICE_LABELS, PREFERENCE_KINDS
from notices.models import Notice
from notices.services import SMS_MAX
from notices.subjects import LINE_BREAK_MESSAGE, has_line_break


def _one_line(subject: str) -> None:
    """The subject becomes an email header, which is one line (delivery would fail)."""
    if has_line_break(subject):
        raise forms.ValidationError(LINE_BREAK_MESSAGE, code="line_break")


class SubscriptionForm(InputRules, forms.Form):
    by_email = forms.BooleanField(label="By email", required=False)
    by_sms = forms.BooleanField(label="By text message", required=False)
    phone = forms.CharField(
        label="Mobile number",
        required=False,
        max_length=32,
        help_text="Needed for text messages. Standard rates may apply.",
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
    )


# What each kind is, for someone choosing how to get it.
KIND_HELP = {
    "card_awaiting_confirmation": "The other captain entered a card: answer the text YES or "
    "DISPUTE.",
    "card_disputed": "The other side disputed your card (managers: any dispute).",
    "card_settled": "A manager settled a card of your fixture.",
    "fixture_closed": "A manager closed your fixture.",
    "reschedule_requested": "The other captain asks to move a fixture.",
    "reschedule_answered": "The answer to your request to move a fixture.",
    "cancellation": "A night or a fixture is called off, and where it goes.",
    "card_missing": "Cards still open after the night.",
    "forfeit_warning": "Your team is close to the forfeit limit.",
    "waiver_reminder": "The season's waiver is still unsigned.",
    "standings_published": "The week's standings are out.",
    "general": "The league manager's general notices.",
}


class NoticeKindsForm(forms.Form):
    """Email, text or both, for each kind of notice (`notices.channels.PREFERENCE_KINDS`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = dict(Notice.Kind.choices)
        for kind in PREFERENCE_KINDS:
            self.fields[kind] = forms.ChoiceField(
                label=labels[kind],
                choices=list(CHOICE_LABELS.items()),
                help_text=KIND_HELP.get(kind, ""),
            )


class ComposeForm(InputRules, forms.Form):
    league = forms.ModelChoiceField(queryset=League.objects.order_by("name"))
    season = forms.ModelChoiceField(
        queryset=Season.objects.select_related("league").order_by("league__name", "name"),
        required=False,
        help_text="Its captains get the notice when you tick “Captains”.",
    )
    to_captains = forms.BooleanField(label="Captains of the season", required=False)
    to_subscribers = forms.BooleanField(label="Players subscribed to the league", required=False)
    announce = forms.BooleanField(
        label="Publish on the league's announcements page and feed", required=False
    )
    subject = forms.CharField(max_length=200, validators=[_one_line])
    body = forms.CharField(
        label="Message", max_length=10_000, widget=forms.Textarea(attrs={"rows": 5})
    )
    sms_text = forms.CharField(
        label="Text message",
        max_length=SMS_MAX,
        required=False,
        help_text="Short version for texts; the subject is used when empty.",
    )

    # Who gets it, as the sender last saw it counted: sent only once it matches the choices.
    told = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, leagues: Any = None, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        if leagues is not None:  # only the leagues the sender manages
            self.fields["league"].queryset = leagues.order_by("name")
            self.fields["season"].queryset = self.fields["season"].queryset.filter(
                league__in=leagues
            )

    def clean(self) -> dict:
        data = super().clean()
        league, season = data.get("league"), data.get("season")
        if data.get("to_captains") and season is None:
            self.add_error("season", "Choose the season whose captains get the notice.")
        if league is not None and season is not None and season.league_id != league.pk:
            self.add_error("season", f"That season isn't in {league.name}.")
        if not (data.get("to_captains") or data.get("to_subscribers") or data.get("announce")):
            raise forms.ValidationError("Choose who gets the notice, or publish it.")
        return data

    @property
    def choice_of_people(self) -> str:
        """The choices that decide who is told ("" when nobody is: only published)."""
        data = self.cleaned_data
        if not (data["to_captains"] or data["to_subscribers"]):
            return ""
        season = data["season"].pk if data["to_captains"] else ""
        return f"{data['league'].pk}:{season}:{int(data['to_subscribers'])}"
