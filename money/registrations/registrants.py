"""Who registers: the signed-in person's player record, or a new account for someone who
isn't signed in (a name and an email).

A new account gets no password and no session: the app's sign-in link (the password
page's single-use link, `accounts.tasks.send_sign_in_link`) goes to the address typed, so
only the owner of that address gets in to see, pay or withdraw the registration.
"""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from accounts.tasks import send_sign_in_link
from inputs.bounds import text_clean
from league.seasons.models import Player
from league.seasons.services.players import player_for_user

NAME_MAX = Player._meta.get_field("name").max_length
EMAIL_MAX = 254
ACCOUNT_EXISTS = "An account already uses this email address: sign in with it, then register."


def clean_email(email: str, *, label: str = "the email address") -> str:
    email = text_clean(email, label=label, limit=EMAIL_MAX, empty=f"Give {label}.").lower()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationError(f"{email} is not an email address.") from None
    return email


def clean_name(name: str, *, label: str = "your name") -> str:
    return text_clean(name, label=label, limit=NAME_MAX, empty=f"Give {label}.", collapse=True)


def _username_for(email: str) -> str:
    model = get_user_model()
    base = email[:140]
    name, n = base, 1
    while model.objects.filter(username__iexact=name).exists():
        n += 1
        name = f"{base}-{n}"
    return name


def registrant_account(*, name: str, email: str, sent_by: str) -> Any:
    """A new account (no password) for someone registering without one, and the sign-in
    link to their address once the transaction commits. An address that already has an
    account is refused: its owner signs in instead."""
    name = clean_name(name)
    email = clean_email(email, label="your email address")
    model = get_user_model()
    if model.objects.filter(email__iexact=email).exists():
        raise ValidationError(ACCOUNT_EXISTS)
    first, _, last = name.partition(" ")
    try:
        with transaction.atomic():
            user = model(
                username=_username_for(email),
                email=email,
                first_name=first[:150],
                last_name=last[:150],
            )
            user.set_unusable_password()
            user.save()
    except IntegrityError:  # the same address registered at the same moment
        raise ValidationError(ACCOUNT_EXISTS) from None
    player_for_user(user)
    send_sign_in_link.delay_on_commit(user.pk, settings.SITE_URL, "email", sent_by)
    return user
