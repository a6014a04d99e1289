"""Sign-in, password reset, the account's own details, and signing out everywhere.

Every form that checks a password does it through `authenticate()` with the request, so the
login throttle (accounts/throttle.py) counts it and its refusal is what the person reads.
"""

from typing import Any

from django import forms
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from accounts import sign_in_links, throttle
from accounts.phones import phone_clean
from accounts.tasks import send_password_reset, send_password_reset_text
from inputs.bounds import InputRules

NAME_MAX = 120
WRONG_PASSWORD = "That isn't your current password."
NOT_AN_ADDRESS = "Enter a valid email address, or a mobile number with its area code."
ACCOUNT_EMAIL_TAKEN = (
    "Another account uses that email address. If it is yours too, sign in with that "
    "account, or ask your league manager to merge them."
)


def _refusal(request: HttpRequest | None) -> ValidationError | None:
    refusal = getattr(request, throttle.REQUEST_ATTR, None)
    return ValidationError(refusal.message, code="throttled") if refusal else None


def _password_ok(request: HttpRequest, user: Any, password: str) -> bool:
    """Check the user's password through the throttle; raise its refusal if refused."""
    if authenticate(request, username=user.get_username(), password=password) is not None:
        return True
    refused = _refusal(request)
    if refused is not None:
        raise refused
    return False


class LoginForm(AuthenticationForm):
    """Django's sign-in form; a throttled attempt says why and for how long."""

    def get_invalid_login_error(self) -> ValidationError:
        return _refusal(self.request) or super().get_invalid_login_error()


class PasswordResetRequestForm(PasswordResetForm):
    """Ask for a reset link by email, or by text to the number on the account; floods (per
    address or number typed, per visitor) are refused.

    The messages are sent by Celery tasks after the request commits, so a slow mail server
    never holds up the page, and the page reads the same whether or not the address or
    number belongs to an account.
    """

    email = forms.CharField(label="Email address or mobile number", max_length=254)

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.number = ""
        self.fields["email"].widget.attrs.update(autofocus=True)

    def clean_email(self) -> str:
        typed = self.cleaned_data["email"].strip()
        if "@" in typed:
            email = forms.EmailField().clean(typed)
            guard = throttle.reset_guard(self.request, email)
        elif any(c.isdigit() for c in typed):
            self.number = phone_clean(typed)
            email, guard = "", sign_in_links.reset_text_guard(self.request, self.number)
        else:
            raise ValidationError(NOT_AN_ADDRESS, code="invalid")
        try:
            guard.begin()
        except throttle.Refused as refusal:
            raise ValidationError(refusal.message, code="throttled") from None
        guard.failed()  # every request counts towards the flood limit
        return email

    def save(self, *, site_url: str, **kwargs: Any) -> int:  # type: ignore[override]
        """Queue one reset email (or text) per matching account; returns how many."""
        if self.number:
            users = [
                user
                for user in sign_in_links.users_with_phone(self.number)
                if user.has_usable_password()
            ]
            for user in users:
                send_password_reset_text.delay_on_commit(user.pk, site_url)
            return len(users)
        users = list(self.get_users(self.cleaned_data["email"]))
        for user in users:
            send_password_reset.delay_on_commit(user.pk, site_url)
        return len(users)


class AccountForm(InputRules, forms.Form):
    """Name, email, mobile number and — for someone with a player record — texts.

    Changing the email address shown asks for the current password: reset links go there.
    """

    name = forms.CharField(max_length=NAME_MAX, error_messages={"required": "Enter your name."})
    email = forms.EmailField(
        required=False,
        max_length=254,
        help_text="Where password reset links and your notices go.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    phone = forms.CharField(
        label="Mobile number",
        required=False,
        max_length=40,
        help_text="For text messages. Without a country code it is read as a local number.",
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
    )
    sms_opt_in = forms.BooleanField(
        label="Text me my team's notices too",
        required=False,
        help_text="Captains' notices and waiver reminders come by email; tick for texts too.",
    )
    current_password = forms.CharField(
        label="Current password",
        required=False,
        strip=False,
        help_text="Needed only when you change your email address.",
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(
        self, *args: Any, request: HttpRequest, user: Any, has_player: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.user = user
        if not has_player:  # the number is the account's only: for resets by text
            del self.fields["sms_opt_in"]
            self.fields["phone"].help_text = (
                "Where a password reset can be texted. Without a country code it is read "
                "as a local number."
            )
        if not user.has_usable_password():
            del self.fields["current_password"]

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_email(self) -> str:
        email = get_user_model().objects.normalize_email(self.cleaned_data["email"].strip())
        taken = (
            get_user_model().objects.filter(email__iexact=email).exclude(pk=self.user.pk).exists()
        )
        if email and taken:
            raise ValidationError(ACCOUNT_EMAIL_TAKEN)
        return email

    def clean_phone(self) -> str:
        raw = self.cleaned_data["phone"].strip()
        if raw and raw == str(self.initial.get("phone") or ""):
            return raw  # unchanged: kept as it is, even if it was entered before validation
        return phone_clean(raw)

    def clean(self) -> dict:
        data = super().clean()
        if data.get("sms_opt_in") and not data.get("phone") and "phone" not in self.errors:
            self.add_error("phone", "Add a mobile number to get text messages.")
        email = data.get("email")
        shown = str(self.initial.get("email") or "")
        changed = email is not None and email.casefold() != shown.casefold()
        if changed and "current_password" in self.fields:
            password = data.get("current_password") or ""
            if not password:
                self.add_error("current_password", "Enter your password to change your email.")
            else:
                try:
                    if not _password_ok(self.request, self.user, password):
                        self.add_error("current_password", WRONG_PASSWORD)
                except ValidationError as refused:
                    self.add_error("current_password", refused)
        return data


class SignOutEverywhereForm(forms.Form):
    """Confirm with the password (when there is one) before ending every other session."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        if not request.user.has_usable_password():
            del self.fields["password"]

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not _password_ok(self.request, self.request.user, password):
            raise ValidationError(WRONG_PASSWORD)
        return password
