"""Notices that periodic jobs produce (scheduled in notices/beat.py)."""

import datetime

from django.urls import reverse
from django.utils import timezone

from league.seasons.models import Season
from notices.models import Notice, OutboxMessage
from notices.selectors import unsigned_players_of_season
from notices.services import notice_send

WAIVER_REMINDER_DAYS = 3


def waiver_reminders_send(*, today: datetime.date | None = None) -> list[Notice]:
    """Remind unsigned players in the days before their season's first night.

    Each player is reminded once per season: a later run reaches only players
    added since. Running twice on a day sends nothing twice (the notice key).
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
        night = f"{season.starts_on:%A %B} {season.starts_on.day}"
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
