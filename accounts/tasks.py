"""Account emails, sent by Celery after the request commits (a slow mail server never holds
up a page). Each task builds its message from the database, so its arguments carry no
secret: a reset link's token is made in the worker."""

import sms
from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.throttle import wait_text
from wording.when import when


def _name(user) -> str:  # type: ignore[no-untyped-def]
    """How an email greets the person: their name, else their username."""
    return user.get_full_name() or user.get_username()


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_password_changed_notice(user_id: int) -> bool:
    """Tell a user their password changed, so a change they did not make gets noticed."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return False
    send_mail(
        subject="Your euchre league password was changed",
        message=(
            f"Hello {_name(user)},\n\n"
            "The password of your account was just changed. If this was not you, "
            "contact your league manager right away.\n"
        ),
        from_email=None,
        recipient_list=[user.email],
    )
    return True


def reset_link(user, site_url: str) -> str:  # type: ignore[no-untyped-def]
    """The absolute, single-use link that lets `user` choose a new password."""
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    return f"{site_url.rstrip('/')}{path}"


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_password_reset(user_id: int, site_url: str = "") -> bool:
    """Email a password reset link to an active user who has an email address.

    `site_url` is the site's address (settings.SITE_URL, else the address the request came
    to), so the link works from a mail app.
    """
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None or not user.email:
        return False
    context = {
        "user": user,
        "name": _name(user),
        "username": user.get_username(),
        "link": reset_link(user, site_url or settings.SITE_URL),
        "valid_for": wait_text(settings.PASSWORD_RESET_TIMEOUT),
        "login_link": f"{(site_url or settings.SITE_URL).rstrip('/')}{reverse('login')}",
    }
    subject = render_to_string("registration/password_reset_subject.txt", context)
    send_mail(
        subject=" ".join(subject.split()),
        message=render_to_string("registration/password_reset_email.txt", context),
        from_email=None,
        recipient_list=[user.email],
    )
    return True


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_email_changed_notice(user_id: int, old_email: str) -> bool:
    """Tell the old address that the account's email changed (reset links now go elsewhere)."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not old_email or old_email.casefold() == (user.email or "").casefold():
        return False
    changed = when(timezone.now())
    send_mail(
        subject="Your euchre league email address was changed",
        message=(
            f"Hello {_name(user)},\n\n"
            f"The email address of your account was changed on {changed}; password reset "
            "links and notices now go to the new address. If this was not you, contact "
            "your league manager right away.\n"
        ),
        from_email=None,
        recipient_list=[old_email],
    )
    return True


def _text(number: str, body: str) -> None:
    sms.send_sms(body, recipients=[number])


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_password_reset_text(user_id: int, site_url: str = "") -> bool:
    """Text a password reset link to the number on an active account."""
    user = (
        get_user_model()
        .objects.filter(pk=user_id, is_active=True)
        .select_related("account_phone")
        .first()
    )
    number = getattr(getattr(user, "account_phone", None), "number", "")
    if user is None or not number:
        return False
    link = reset_link(user, site_url or settings.SITE_URL)
    valid = wait_text(settings.PASSWORD_RESET_TIMEOUT)
    _text(
        number,
        f"Euchre League: choose a new password for {user.get_username()} here (works once, "
        f"for {valid}): {link} Not you? Ignore this text.",
    )
    return True


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_sign_in_link(user_id: int, site_url: str, channel: str, sent_by: str) -> bool:
    """A fresh sign-in link a manager or director sent: by email, or by text to the number
    on the account. It opens the page that sets a new password."""
    user = (
        get_user_model()
        .objects.filter(pk=user_id, is_active=True)
        .select_related("account_phone")
        .first()
    )
    if user is None:
        return False
    link = reset_link(user, site_url or settings.SITE_URL)
    valid = wait_text(settings.PASSWORD_RESET_TIMEOUT)
    if channel == "text":
        number = getattr(getattr(user, "account_phone", None), "number", "")
        if not number:
            return False
        _text(
            number,
            f"{sent_by} sent you a link to sign in to Euchre League as {user.get_username()}: "
            f"choose a new password here (works once, for {valid}): {link}",
        )
        return True
    if not user.email:
        return False
    send_mail(
        subject="A link to sign in to Euchre League",
        message=(
            f"Hello {_name(user)},\n\n"
            f"{sent_by} sent you a link to sign in to Euchre League. Your username is "
            f"{user.get_username()}. Open the link to choose a new password; it works once, "
            f"for {valid}:\n{link}\n\n"
            "If you didn't ask for it, ignore this email: your password stays as it is.\n"
        ),
        from_email=None,
        recipient_list=[user.email],
    )
    return True
