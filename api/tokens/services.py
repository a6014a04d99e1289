"""Personal access tokens: made once, stored as a digest, revoked by their owner.

The raw token is shown once, on the page that made it; only its SHA-256 digest is kept,
with its first characters (`prefix`) to tell the tokens apart on the account page. A token
is long and random (32 bytes), so a plain digest (no salt, no slow hash) is enough: there
is nothing to guess a dictionary of, and the lookup by digest is one indexed query.
"""

import datetime
import hashlib
import secrets
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import permissions
from api.models import AccessToken
from inputs.bounds import text_clean

# Recognisable in a script, a log or a secret scanner: "eut_" (euchre token) + 43 characters.
TOKEN_START = "eut_"
PREFIX_LENGTH = 12  # "eut_" and 8 random characters, shown on the account page
NAME_MAX = 80
RAW_MAX = 200  # a header longer than this is not a token of ours (never hashed)
EXPIRY_DAYS_MAX = 366 * 2
TAKEN = "You already have a token with this name: choose another, or revoke that one first."


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def _expiry(expires_in_days: int | None) -> datetime.datetime | None:
    if expires_in_days is None:
        return None
    if not isinstance(expires_in_days, int) or not 1 <= expires_in_days <= EXPIRY_DAYS_MAX:
        raise ValidationError(
            f"A token expires after 1 to {EXPIRY_DAYS_MAX} days, or never (leave it empty).",
            code="expiry",
        )
    return timezone.now() + datetime.timedelta(days=expires_in_days)


@transaction.atomic
def token_create(
    *, user: Any, name: str, scope: str, expires_in_days: int | None = None
) -> tuple[AccessToken, str]:
    """A new token for `user` and its raw value (to show once: it is not kept)."""
    if not user.is_authenticated:
        raise PermissionDenied("Sign in to make an API token.")
    name = text_clean(
        name, label="the token's name", limit=NAME_MAX, empty="Give the token a name."
    )
    if scope not in AccessToken.Scope.values:
        raise ValidationError(
            "Choose what the token may do: read, or read and enter scores.", code="scope"
        )
    expires_at = _expiry(expires_in_days)
    if AccessToken.objects.filter(user=user, name=name, revoked_at__isnull=True).exists():
        raise ValidationError(TAKEN, code="taken")
    raw = TOKEN_START + secrets.token_urlsafe(32)
    try:
        with transaction.atomic():  # a savepoint: the collision must not end the caller's
            token = AccessToken.objects.create(
                user=user,
                name=name,
                scope=scope,
                prefix=raw[:PREFIX_LENGTH],
                digest=token_digest(raw),
                expires_at=expires_at,
            )
    except IntegrityError:  # a double click: the other click made it a moment ago
        raise ValidationError(TAKEN, code="taken") from None
    return token, raw


@transaction.atomic
def token_revoke(*, token: AccessToken, by: Any) -> AccessToken:
    """Stop a token working at once. Its owner may (a site administrator too); revoking
    it again changes nothing."""
    if not by.is_authenticated or (token.user_id != by.pk and not permissions.is_site_admin(by)):
        raise PermissionDenied("Only the token's owner can revoke it.")
    locked = AccessToken.objects.select_for_update().get(pk=token.pk)
    if locked.revoked_at is None:
        locked.revoked_at = timezone.now()
        locked.save(update_fields=["revoked_at"])
    return locked
