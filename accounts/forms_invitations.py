"""Forms of the invitation pages: a new account from an invitation, and inviting staff."""

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from accounts.models import Invitation
from inputs.bounds import InputRules

EMAIL_TAKEN = "An account already uses this email address: sign in with it instead."


class SignupForm(InputRules, UserCreationForm):
    """Username, name, email and password: all a person types to accept on a phone."""

    name = forms.CharField(label="Your name", max_length=150)
    email = forms.EmailField(
        label="Email",
        required=False,
        max_length=254,
        help_text="For password resets and notices. Optional.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)

    field_order = ["name", "username", "email", "password1", "password2"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "What you sign in with: letters, digits and @.+-_"
        self.fields["username"].widget.attrs.pop("autofocus", None)
        self.fields["name"].widget.attrs.update(autocomplete="name", autofocus=True)

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if email and get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(EMAIL_TAKEN)
        return email

    def save(self, commit: bool = True):  # type: ignore[no-untyped-def]
        user = super().save(commit=False)
        first, _, last = self.cleaned_data["name"].partition(" ")
        user.first_name, user.last_name = first[:150], last[:150]
        user.email = self.cleaned_data["email"]
        if commit:
            user.save()
        return user


class StaffInviteForm(InputRules, forms.Form):
    """Invite someone to a staff role by email or text."""

    kind = forms.ChoiceField(label="As")
    name = forms.CharField(label="Their name", max_length=120, required=False)
    contact = forms.CharField(
        label="Email or mobile number",
        max_length=254,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args: Any, kinds: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k, Invitation.Kind(k).label) for k in kinds]
        if len(kinds) == 1:
            self.fields["kind"].widget = forms.HiddenInput()
            self.fields["kind"].initial = kinds[0]
