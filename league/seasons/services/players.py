"""A signed-in person's player record, found or made once (email identifies a person)."""

from typing import Any

from django.db import IntegrityError, transaction

from league.seasons.models import Player

NAME_MAX = Player._meta.get_field("name").max_length


def player_for_user(user: Any) -> Player:
    """The user's player record: theirs, else the record of their account's email when it
    belongs to nobody yet, else a new one. Two tabs at once link or make one record."""
    player = Player.objects.filter(user=user).first()
    if player is not None:
        return player
    email = (user.email or "").strip().lower()
    if email:
        known = Player.objects.filter(email__iexact=email, user__isnull=True).first()
        if known is not None:
            # Conditional: two tabs at once link the record once.
            Player.objects.filter(pk=known.pk, user__isnull=True).update(user=user)
            linked = Player.objects.filter(user=user).first()
            if linked is not None:
                return linked
        if Player.objects.filter(email__iexact=email).exists():
            email = ""  # the address is another account's record: keep theirs untouched
    name = (user.get_full_name() or user.get_username())[:NAME_MAX]
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, email=email, user=user)
    except IntegrityError:  # made by the same person's other request a moment ago
        return Player.objects.get(user=user)
