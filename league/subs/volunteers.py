"""Writes on a season's sub list: a signed-in player opts in (levels, nights, a note),
changes it or leaves; a manager may take someone off."""

import datetime
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from accounts import permissions
from inputs.bounds import text_clean
from league.seasons.models import Player, Season, SkillLevel
from league.seasons.services.players import player_for_user
from league.subs.models import SubVolunteer
from league.subs.selectors import upcoming_nights

NOTE_MAX = SubVolunteer._meta.get_field("note").max_length
NAME_MAX = Player._meta.get_field("name").max_length


def _levels(season: Season, level_ids: Iterable[int]) -> list[SkillLevel]:
    ids = set(level_ids)
    levels = list(SkillLevel.objects.filter(season=season, pk__in=ids))
    if len(levels) != len(ids):
        raise ValidationError("Pick levels of this season.")
    return levels


def _nights(season: Season, nights: Iterable[datetime.date]) -> list[str]:
    chosen = set(nights)
    ahead = set(upcoming_nights(season))
    if chosen - ahead:
        raise ValidationError("Pick league nights of this season still ahead.")
    return [d.isoformat() for d in sorted(chosen)]


@transaction.atomic
def volunteer_save(
    *,
    season: Season,
    user: Any,
    level_ids: Iterable[int] = (),
    nights: Iterable[datetime.date] = (),
    note: str = "",
) -> SubVolunteer:
    """Put the user on the season's sub list, or change their entry (no levels: any; no
    nights: every night). Opting in again after leaving puts them back."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied("Sign in to join the sub list.")
    note = text_clean(note, label="the note", limit=NOTE_MAX)
    levels = _levels(season, level_ids)
    dates = _nights(season, nights)
    player = player_for_user(user)
    values = {"nights": dates, "note": note, "active": True}
    try:
        with transaction.atomic():  # a double click: the second finds the first's row
            volunteer, _ = SubVolunteer.objects.update_or_create(
                season=season, player=player, defaults=values
            )
    except IntegrityError:
        SubVolunteer.objects.filter(season=season, player=player).update(**values)
        volunteer = SubVolunteer.objects.get(season=season, player=player)
    volunteer.levels.set(levels)
    return volunteer


@transaction.atomic
def volunteer_leave(*, season: Season, user: Any) -> None:
    """Off the list: no more asks (the requests already asked stay as they are)."""
    player = Player.objects.filter(user_id=getattr(user, "pk", None)).first()
    if player is None or not SubVolunteer.objects.filter(
        season=season, player=player, active=True
    ).update(active=False):
        raise ValidationError("You aren't on this season's sub list.")


@transaction.atomic
def volunteer_remove(*, volunteer_id: int, season: Season, by: Any) -> SubVolunteer:
    """A manager takes someone off the season's list."""
    if not permissions.can_manage_season(by, season):
        raise PermissionDenied("Only the league's managers can take someone off the list.")
    volunteer = (
        SubVolunteer.objects.select_related("player")
        .filter(pk=volunteer_id, season=season, active=True)
        .first()
    )
    if volunteer is None:
        raise ValidationError("That sub isn't on this season's list.")
    volunteer.active = False
    volunteer.save(update_fields=["active"])
    return volunteer
