"""The league's writes on notices: a player's subscription, their channel for each kind of
notice, and the waiver reminders.

Notices themselves go out through `notices.services.notice_send`, with the
recipients from `league.announcements.selectors`.
"""

import datetime
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from league.announcements.selectors import player_can_text, unsigned_players_of_season
from league.seasons.models import League, Player, Season
from notices.addresses import normalise_phone
from notices.channels import (
    CHOICES,
    EMAIL,
    PREFERENCE_KINDS,
    SMS,
    channels_of,
    default_channels,
)
from notices.models import Notice, NoticePreference, OutboxMessage, Subscription
from notices.services import notice_send
from wording.when import day

WAIVER_REMINDER_DAYS = 3
NO_TEXTS = (
    "Texts need your mobile number and “text messages” ticked in your details: "
    "add them first, or choose email."
)


@transaction.atomic
def notice_preferences_set(*, player: Player, choices: Mapping[str, str], by: Any) -> list[str]:
    """The player's own choice of email, text or both for each kind of notice.

    Returns the kinds whose choice changed. A choice equal to the kind's default keeps no
    row, so the default (text first for a card to confirm) follows the player's consent.
    """
    if by is None or not by.is_authenticated or player.user_id != by.pk:
        raise PermissionDenied("You choose only your own notices.")
    if any(k not in PREFERENCE_KINDS or c not in CHOICES for k, c in choices.items()):
        raise ValidationError("Choose email, text or both for each kind of notice.")
    can_text = player_can_text(player)
    if not can_text and any(SMS in CHOICES[c] for c in choices.values()):
        raise ValidationError(NO_TEXTS)
    Player.objects.select_for_update().filter(pk=player.pk).first()  # one save at a time
    stored = {p.kind: p for p in NoticePreference.objects.filter(player=player)}
    changed = []
    for kind, choice in choices.items():
        channels, default = CHOICES[choice], default_channels(kind, can_text=can_text)
        row = stored.get(kind)
        before = channels_of(by_email=row.by_email, by_sms=row.by_sms) if row else default
        if channels == before:
            continue
        changed.append(kind)
        if channels == default:
            NoticePreference.objects.filter(player=player, kind=kind).delete()
        else:
            NoticePreference.objects.update_or_create(
                player=player,
                kind=kind,
                defaults={"by_email": EMAIL in channels, "by_sms": SMS in channels},
            )
    return changed


@transaction.atomic
def subscription_set(
    *, player: Player, league: League, by_email: bool, by_sms: bool, phone: str = ""
) -> Subscription | None:
    """Subscribe the player to the league's notices on the chosen channels (none: unsubscribe).

    A number given here becomes the player's phone number; texts need one.
    """
    if phone.strip():
        number = normalise_phone(phone)
        if not number:
            raise ValidationError(
                {"phone": "Enter a mobile number with its area code, e.g. 416 555 0123."}
            )
        if number != player.phone:
            player.phone = number
            player.save(update_fields=["phone"])
    errors: dict[str, str] = {}
    if by_email and not player.email:
        errors["by_email"] = "We have no email address for you; ask your league manager to add it."
    if by_sms and not normalise_phone(player.phone):
        errors["phone"] = "Add a mobile number to get text messages."
    if errors:
        raise ValidationError(errors)
    if not (by_email or by_sms):
        Subscription.objects.filter(player=player, league=league).delete()
        return None
    subscription, _ = Subscription.objects.update_or_create(
        player=player, league=league, defaults={"by_email": by_email, "by_sms": by_sms}
    )
    return subscription


def waiver_reminders_send(*, today: datetime.date | None = None) -> list[Notice]:
    """Remind unsigned players in the days before their season's first night.

    Each player is reminded once per season: a later run reaches only players
    added since. Running twice on a day sends nothing twice (the notice key).
    Scheduled daily by `league.beat` (the task `notices.tasks.send_waiver_reminders`).
    """
    today = today or timezone.localdate()
    seasons = Season.objects.filter(
        starts_on__gte=today, starts_on__lte=today + datetime.timedelta(days=WAIVER_REMINDER_DAYS)
    ).select_related("league")
    notices = []
    for season in seasons:
        reminded = set(
            OutboxMessage.objects.filter(
                notice__kind=Notice.Kind.WAIVER_REMINDER, notice__season=season
            ).values_list("player_id", flat=True)
        )
        recipients = [r for r in unsigned_players_of_season(season) if r.player_id not in reminded]
        if not recipients:
            continue
        night = day(season.starts_on)
        notices.append(
            notice_send(
                kind=Notice.Kind.WAIVER_REMINDER,
                subject=f"Sign the {season.league.name} waiver before {night}",
                body=(
                    f"{season.name} starts on {night}. You are on a roster but haven't signed "
                    "this season's waiver yet, and nobody plays without one. Sign it online "
                    "from your team page, or hand a signed paper waiver to the league manager "
                    "at the venue before you play."
                ),
                sms_text=(
                    f"{season.league.name}: please sign the {season.name} waiver before "
                    f"{night} — nobody plays without one."
                ),
                recipients=recipients,
                link=reverse("my_team"),
                season=season,
                source={"season": season.pk, "date": today.isoformat()},
                key=f"waiver_reminder:season:{season.pk}:{today.isoformat()}",
            )
        )
    return notices
