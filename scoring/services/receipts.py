"""Entry keys: each hand and submission from the entry component counts once.

A phone without signal keeps what was tapped and sends it when it is back; an answer lost
on the way means the same entry is sent again. The services that take a key claim it first
(`receipt_claim`) inside their own transaction: the unique (game, key) constraint makes a
second send, even one arriving at the same moment, find the first's receipt and answer with
what it became instead of adding again. A refused entry rolls its claim back with it, so a
later send is judged afresh.
"""

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from scoring.models import EntryReceipt, Game
from scoring.models.receipts import KEY_MAX

# The phone makes UUIDs; anything key-like of a sane length is accepted.
KEY_PATTERN = re.compile(rf"[A-Za-z0-9_-]{{8,{KEY_MAX}}}")


def entry_key_clean(key: str) -> str:
    """The key as posted ("" when none was sent); a malformed one is refused."""
    key = (key or "").strip()
    if key and not KEY_PATTERN.fullmatch(key):
        raise ValidationError("That entry came with a broken key: reload the page and tap again.")
    return key


def receipt_claim(*, game: Game, user: Any, key: str, kind: str) -> tuple[EntryReceipt, bool]:
    """(the receipt, True) for a first send; (the earlier receipt, False) for a replay.

    Call inside the service's transaction, before it writes anything: a refusal later in
    that transaction takes the claim back too.
    """
    try:
        with transaction.atomic():  # a savepoint: the collision must not end the outer one
            return EntryReceipt.objects.create(game=game, user=user, key=key, kind=kind), True
    except IntegrityError:
        pass
    # The other send has committed (PostgreSQL waited for it before refusing this insert).
    earlier = EntryReceipt.objects.select_related("version").get(game=game, key=key)
    if earlier.user_id != user.pk or earlier.kind != kind:
        raise ValidationError(
            "That entry's key was already used for something else: reload the page and tap again."
        )
    return earlier, False
