"""Waivers: signed online by the player, or a paper one recorded by staff."""

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from inputs.bounds import date_check
from league.seasons.models import Player, RosterEntry, Season, Waiver
from wording.names import names_match


def is_rostered(player: Player | None, season: Season) -> bool:
    """On a team of the season, in any role (a sub signs before playing too)."""
    return player is not None and RosterEntry.objects.filter(player=player, season=season).exists()


def _insert(waiver: Waiver, already: str) -> Waiver:
    """One waiver per player and season (`waiver_once_per_season`): a double click finds it."""
    try:
        with transaction.atomic():
            waiver.save(force_insert=True)
    except IntegrityError:
        raise ValidationError(already) from None
    return waiver


@transaction.atomic
def waiver_sign_online(
    *, player: Player, season: Season, typed_name: str, agreed: bool, ip_address: str | None
) -> Waiver:
    """The player types their full name and ticks the box. The name is matched as a person
    reads it (`wording.names`): case, spaces, apostrophes and accents don't matter.

    Only the waivers of seasons the player is rostered in (any team, any role).
    """
    already = f"You already signed the {season.name} waiver."
    if Waiver.objects.filter(player=player, season=season).exists():
        raise ValidationError(already)
    if not is_rostered(player, season):
        raise ValidationError(
            f"You aren't on a team in {season.name}, so there is no waiver for you to sign. "
            "Ask your captain to add you to the roster first."
        )
    if not agreed:
        raise ValidationError("Tick the box to agree to the waiver.")
    if not names_match(typed_name, player.name):
        raise ValidationError(f"Type your full name as the roster has it: {player.name}.")
    waiver = Waiver(
        player=player,
        season=season,
        version=season.waiver_version,
        typed_name=" ".join(typed_name.split()),
        signed_at=timezone.now(),
        method=Waiver.Method.ONLINE,
        ip_address=ip_address or None,
    )
    return _insert(waiver, already)


@transaction.atomic
def waiver_record_paper(
    *, player: Player, season: Season, by: Any, signed_on: datetime.date | None = None
) -> Waiver:
    """Staff record a paper waiver handed in at the venue (the paper is the evidence)."""
    already = f"{player.name} already has a waiver for {season.name}."
    if Waiver.objects.filter(player=player, season=season).exists():
        raise ValidationError(already)
    if not is_rostered(player, season):
        raise ValidationError(f"{player.name} isn't on a team in {season.name}.")
    today = timezone.localdate()
    if signed_on is not None and signed_on > today:
        raise ValidationError("A paper waiver can't be signed in the future.")
    if signed_on is not None:
        date_check(signed_on)
    signed_at = timezone.now()
    if signed_on is not None and signed_on != today:
        signed_at = timezone.make_aware(datetime.datetime.combine(signed_on, datetime.time(12)))
    waiver = Waiver(
        player=player,
        season=season,
        version=season.waiver_version,
        typed_name="",
        signed_at=signed_at,
        method=Waiver.Method.PAPER,
        recorded_by=by,
    )
    return _insert(waiver, already)
