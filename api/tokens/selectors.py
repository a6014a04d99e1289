"""Reads of personal access tokens: a person's list, and the token a request sent."""

from typing import Any

from django.db.models import F, QuerySet

from api.models import AccessToken
from api.tokens.services import RAW_MAX, TOKEN_START, token_digest


def tokens_for(user: Any) -> QuerySet[AccessToken]:
    """The user's tokens, live ones first, newest first."""
    return AccessToken.objects.filter(user_id=user.pk).order_by(
        F("revoked_at").desc(nulls_first=True), "-created_at", "-pk"
    )


def token_for_raw(raw: str) -> AccessToken | None:
    """The token a request sent (with its user), or None when it is none of ours."""
    if not raw.startswith(TOKEN_START) or len(raw) > RAW_MAX:
        return None
    return AccessToken.objects.select_related("user").filter(digest=token_digest(raw)).first()
