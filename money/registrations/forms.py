"""The registration forms: what a phone shows and posts. The services check every value
again and answer with the reason; the forms bound lengths and shape the page."""

from typing import Any

from django import forms

from inputs.bounds import InputRules, typed_number
from league.seasons.models import SkillLevel, Team
from money.models import Question, SignUp
from money.models.registrations import ANSWER_MAX, MESSAGE_MAX
from money.registrations.flows import Submission, needs_partner

QUESTION_PREFIX = "q_"
YES_NO_CHOICES = [("", "—"), ("yes", "Yes"), ("no", "No")]


class _Contact(forms.Form):
    """Name and email of someone not signed in: an account is made, a sign-in link sent."""

    def add_contact(self) -> None:
        self.fields["your_name"] = forms.CharField(label="Your name", max_length=120)
        self.fields["your_email"] = forms.EmailField(
            label="Your email",
            max_length=254,
            help_text="We email you a link to sign in and see your registration.",
            widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        )


def _waiver_fields(form: forms.Form) -> None:
    """The waiver's text is shown above these (`waiver_text` in the page's context)."""
    form.fields["waiver_agreed"] = forms.BooleanField(
        label="I agree to the season's waiver above", required=False
    )
    form.fields["waiver_name"] = forms.CharField(
        label="Your full name, as your signature", max_length=120, required=False
    )


class RegisterForm(InputRules, _Contact):
    """Fields follow the sign-up: a team (name, level, partner), a free agent, a player or a
    pair; the organiser's questions; the waiver when one is due."""

    def __init__(
        self,
        *args: Any,
        sign_up: SignUp,
        questions: list[Question],
        signed_in: bool,
        waiver_due: bool,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sign_up, self.questions = sign_up, questions
        if not signed_in:
            self.add_contact()
        if sign_up.unit == SignUp.Unit.TEAM and sign_up.free_agents:
            self.fields["as_free_agent"] = forms.ChoiceField(
                label="You register",
                choices=[("", "With a team (I'm the captain)"), ("1", "As a free agent")],
                required=False,
                widget=forms.RadioSelect,
                help_text="A free agent is placed on a team by the league's manager.",
            )
        if sign_up.unit in (SignUp.Unit.TEAM, SignUp.Unit.PAIR):
            self.fields["team_name"] = forms.CharField(
                label="Team name" + ("" if sign_up.unit == SignUp.Unit.TEAM else " (optional)"),
                max_length=120,
                required=False,
            )
        if sign_up.unit == SignUp.Unit.TEAM:
            levels = SkillLevel.objects.filter(season_id=sign_up.season_id).order_by("position")
            choices = [(str(level.pk), level.name) for level in levels]
            if choices:
                self.fields["skill_level"] = forms.ChoiceField(
                    label="Level", choices=[("", "—"), *choices], required=False
                )
        if needs_partner(sign_up, free_agent=False):
            self.fields["partner_name"] = forms.CharField(
                label="Your partner's name", max_length=120, required=False
            )
            self.fields["partner_email"] = forms.EmailField(
                label="Your partner's email", max_length=254, required=False
            )
            self.fields["partner_phone"] = forms.CharField(
                label="Your partner's mobile (optional, for a text)", max_length=32, required=False
            )
        for question in questions:
            self.fields[QUESTION_PREFIX + str(question.pk)] = _question_field(question)
        if waiver_due and sign_up.season_id is not None:
            _waiver_fields(self)

    def submission(self, ip_address: str | None) -> Submission:
        data = self.cleaned_data
        return Submission(
            free_agent=data.get("as_free_agent") == "1",
            team_name=data.get("team_name", ""),
            skill_level_id=typed_number(data.get("skill_level")),
            partner_name=data.get("partner_name", ""),
            partner_email=data.get("partner_email", ""),
            partner_phone=data.get("partner_phone", ""),
            answers={str(q.pk): data.get(QUESTION_PREFIX + str(q.pk), "") for q in self.questions},
            waiver_name=data.get("waiver_name", ""),
            waiver_agreed=bool(data.get("waiver_agreed")),
            ip_address=ip_address,
        )


def _question_field(question: Question) -> forms.Field:
    label = question.text + ("" if question.required else " (optional)")
    if question.kind == Question.Kind.YES_NO:
        return forms.ChoiceField(label=label, choices=YES_NO_CHOICES, required=False)
    if question.kind == Question.Kind.CHOICE:
        options = [(str(c), str(c)) for c in question.choices]
        return forms.ChoiceField(label=label, choices=[("", "—"), *options], required=False)
    return forms.CharField(label=label, max_length=ANSWER_MAX, required=False)


class PartnerForm(InputRules, _Contact):
    def __init__(self, *args: Any, signed_in: bool, waiver_text: str | None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if not signed_in:
            self.add_contact()
        if waiver_text is not None:
            _waiver_fields(self)


class RefuseForm(InputRules, forms.Form):
    message = forms.CharField(
        label="Message to the person (sent by email)",
        max_length=MESSAGE_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class PlaceForm(InputRules, forms.Form):
    """A free agent onto one of the season's teams, or a new team."""

    team = forms.ChoiceField(label="Team", required=False)
    new_team = forms.CharField(label="…or a new team named", max_length=120, required=False)

    def __init__(self, *args: Any, season_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = Team.objects.filter(season_id=season_id, status=Team.Status.ACTIVE).order_by("name")
        self.fields["team"].choices = [("", "—"), *[(str(t.pk), t.name) for t in teams]]

    def team_id(self) -> int | None:
        return typed_number(self.cleaned_data.get("team"))
