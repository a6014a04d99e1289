"""Waivers: signed online by the player, or a paper one recorded by staff."""

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from league.seasons.models import Player, Season, Waiver


def _normalise(name: str) -> str:
    return " ".join(name.split()).casefold()


@transaction.atomic
def waiver_sign_online(
    *, player: Player, season: Season, typed_name: str, agreed: bool, ip_address: str | None
) -> Waiver:
    """The player types their full name (matched case-insensitively) and ticks the box."""
    if Waiver.objects.filter(player=player, season=season).exists():
        raise ValidationError(f"You already signed the {season.name} waiver.")
    if not agreed:
        raise ValidationError("Tick the box to agree to the waiver.")
    if _normalise(typed_name) != _normalise(player.name):
        raise ValidationError(f"Type your full name exactly as it appears: {player.name}.")
    return Waiver.objects.create(
        player=player,
        season=season,
        version=season.waiver_version,
        typed_name=" ".join(typed_name.split()),
        signed_at=timezone.now(),
        method=Waiver.Method.ONLINE,
        ip_address=ip_address or None,
    )


@transaction.atomic
def waiver_record_paper(
    *, player: Player, season: Season, by: Any, signed_on: datetime.date | None = None
) -> Waiver:
    """Staff record a paper waiver handed in at the venue (the paper is the evidence)."""
    if Waiver.objects.filter(player=player, season=season).exists():
        raise ValidationError(f"{player.name} already has a waiver for {season.name}.")
    today = timezone.localdate()
    if signed_on is not None and signed_on > today:
        raise ValidationError("A paper waiver can't be signed in the future.")
    signed_at = timezone.now()
    if signed_on is not None and signed_on != today:
        signed_at = timezone.make_aware(datetime.datetime.combine(signed_on, datetime.time(12)))
    return Waiver.objects.create(
        player=player,
        season=season,
        version=season.waiver_version,
        typed_name="",
        signed_at=signed_at,
        method=Waiver.Method.PAPER,
        recorded_by=by,
    )
