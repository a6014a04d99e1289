"""Calling off play: `night_cancel` marks the affected fixtures cancelled, records the
Cancellation and writes its notice (outbox rows and the public announcement) in one
transaction, telling every rostered player of those teams and the league's subscribers.
What becomes of the cancelled fixtures is decided in `league.cancellations.decisions`.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.permissions import can_manage_season
from activity.models import Verb
from inputs.bounds import date_check, text_clean
from league.announcements.selectors import (
    captains_of_season,
    captains_of_teams,
    subscribers_of_league,
)
from league.cancellations import selectors as reads
from league.cancellations import text
from league.cancellations.models import Cancellation
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, Season, Venue
from league.seasons.recipients import players_of_teams
from league.seasons.versions import season_changed
from notices.addresses import Audience, Recipient
from notices.models import Notice
from notices.services import notice_addresses, notice_send
from wording.when import day as night_label

Scope = Cancellation.Scope
Outcome = Cancellation.Outcome
DETAILS_MAX = 1000
NOTE_MAX = 200


@dataclass
class CancellationPlan:
    """What a cancellation would do: the fixtures it calls off and who hears about it."""

    fixtures: list[Fixture]
    recipients: list[Recipient]

    @cached_property
    def addresses(self) -> list[tuple[str, str, str, int | None]]:
        # The channels each person chose for cancellations, as notice_send will use them.
        return notice_addresses(kind=Notice.Kind.CANCELLATION, recipients=self.recipients)

    @property
    def email_count(self) -> int:
        return sum(1 for channel, *_ in self.addresses if channel == "email")

    @property
    def sms_count(self) -> int:
        return sum(1 for channel, *_ in self.addresses if channel == "sms")

    @property
    def people_count(self) -> int:
        people = {player or address for _, address, _, player in self.addresses}
        return len(people)

    @property
    def audience(self) -> Audience:
        return Audience.of(self.addresses)


def require_manager(user: Any, season: Season) -> None:
    """Cancelling and deciding are the season's managers' alone (checked here, not only in
    the view)."""
    if user is None or not can_manage_season(user, season):
        raise PermissionDenied("Only league managers cancel play and decide what follows.")


def _check_choices(scope: str, reason: str, details: str) -> None:
    errors: dict[str, str] = {}
    if scope not in Scope.values:
        errors["scope"] = "Choose what to cancel: the whole night, one venue or some fixtures."
    if reason not in Cancellation.Reason.values:
        errors["reason"] = "Choose a reason from the list."
    try:
        text_clean(details, label="the details", limit=DETAILS_MAX, lines=True)
    except ValidationError as refused:
        errors["details"] = refused.messages[0]
    if errors:
        raise ValidationError(errors)


def _chosen_fixtures(
    season: Season, date: datetime.date, fixtures: Iterable[Fixture] | None
) -> list[Fixture]:
    ids = [f.pk for f in fixtures or []]
    if not ids:
        raise ValidationError({"fixtures": "Tick the fixtures to cancel."})
    rows = list(Fixture.objects.filter(pk__in=ids).select_related(*reads.FIXTURE_RELATED))
    night = night_label(date)
    problems = []
    for f in rows:
        if f.season_id != season.pk:
            problems.append(f"{f} isn't in {season.name}.")
        elif f.away_id is None:
            problems.append(f"{f.home} has a bye that night: there is nothing to cancel.")
        elif f.date != date:
            problems.append(f"{f.home} v {f.away} isn't on {night}; it's on {night_label(f.date)}.")
        elif f.status == Fixture.Status.CANCELLED:
            problems.append(f"{f.home} v {f.away} is already cancelled.")
        elif f.status != Fixture.Status.SCHEDULED:
            problems.append(f"{f.home} v {f.away} is {f.get_status_display().lower()}.")
    if problems:
        raise ValidationError({"fixtures": problems})
    return rows


def _affected(
    *,
    season: Season,
    date: datetime.date,
    scope: str,
    venue: Venue | None,
    fixtures: Iterable[Fixture] | None,
) -> list[Fixture]:
    """The fixtures the cancellation calls off; refuses when there is nothing to call off."""
    night = night_label(date)
    if not season.is_published:
        raise ValidationError("The schedule isn't published yet: change the draft instead.")
    if date < timezone.localdate():
        raise ValidationError(
            {"date": f"{night} has passed: change its fixtures from the schedule instead."}
        )
    date_check(date, field="date")
    if scope == Scope.FIXTURES:
        return _chosen_fixtures(season, date, fixtures)
    rows = Fixture.objects.filter(season=season, date=date, away__isnull=False)
    where = ""
    if scope == Scope.VENUE:
        if venue is None:
            raise ValidationError({"venue": "Choose the venue where play is cancelled."})
        if not season.venues.filter(pk=venue.pk).exists():
            raise ValidationError({"venue": f"{venue} isn't one of {season.name}'s venues."})
        rows = rows.filter(table__venue=venue)
        where = f" at {venue.name}"
    rows = list(rows.select_related(*reads.FIXTURE_RELATED))
    live = [f for f in rows if f.status == Fixture.Status.SCHEDULED]
    if live:
        return live
    if not rows:
        raise ValidationError({"date": f"Nothing is scheduled{where} on {night}."})
    if any(f.status == Fixture.Status.CANCELLED for f in rows):
        raise ValidationError({"date": f"Play{where} on {night} is already cancelled."})
    raise ValidationError({"date": f"Nothing is left to play{where} on {night}."})


def _recipients(season: Season, fixtures: list[Fixture], on_site: bool) -> list[Recipient]:
    """Every captain of the season (on site, only those still scheduled); every player on
    the affected teams' rosters and the subs booked for those fixtures, accounts or not;
    and the players who asked for the league's notices."""
    teams = sorted({team for f in fixtures for team in f.team_ids()})
    captains = captains_of_teams(teams) if on_site else captains_of_season(season)
    players = players_of_teams(teams, fixtures=fixtures)
    return [*captains, *players, *subscribers_of_league(season.league)]


def night_cancel_preview(
    *,
    season: Season,
    date: datetime.date,
    scope: str,
    reason: str,
    details: str = "",
    on_site: bool = False,
    venue: Venue | None = None,
    fixtures: Iterable[Fixture] | None = None,
    user: Any,
) -> CancellationPlan:
    """What `night_cancel` would do with the same arguments, writing nothing."""
    require_manager(user, season)
    _check_choices(scope, reason, details.strip())
    affected = _affected(season=season, date=date, scope=scope, venue=venue, fixtures=fixtures)
    return CancellationPlan(affected, _recipients(season, affected, on_site))


@transaction.atomic
def night_cancel(
    *,
    season: Season,
    date: datetime.date,
    scope: str,
    reason: str,
    details: str = "",
    on_site: bool = False,
    venue: Venue | None = None,
    fixtures: Iterable[Fixture] | None = None,
    user: Any,
) -> Cancellation:
    """Call off a night, one venue that night or some fixtures, and tell the captains.

    The season row is locked first, so a second identical submission waits for
    the first and is then refused (its fixtures are already cancelled): nothing
    is cancelled or announced twice.
    """
    require_manager(user, season)
    details = details.strip()
    _check_choices(scope, reason, details)
    season = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)
    )
    affected = _affected(season=season, date=date, scope=scope, venue=venue, fixtures=fixtures)
    ids = [f.pk for f in affected]
    changed = Fixture.objects.filter(pk__in=ids, status=Fixture.Status.SCHEDULED).update(
        status=Fixture.Status.CANCELLED, updated_at=timezone.now()
    )
    if changed != len(ids):
        raise ValidationError("These fixtures changed meanwhile; look at the night again.")
    season_changed(season, schedule=True, results=True)
    cancellation = Cancellation.objects.create(
        season=season,
        date=date,
        scope=scope,
        venue=venue if scope == Scope.VENUE else None,
        reason=reason,
        details=details,
        on_site=on_site,
        created_by=user,
    )
    cancellation.fixtures.set(affected)
    where = f" ({venue.name})" if scope == Scope.VENUE and venue is not None else ""
    what = f"{cancellation.get_scope_display()}{where}: {plural(len(affected), 'fixture')}"
    league_activity(
        season=season,
        actor=user,
        verb=Verb.NIGHT_CANCELLED,
        target=cancellation,
        label=f"{season.name} · {night_label(date)}",
        detail=" · ".join(filter(None, [what, cancellation.get_reason_display(), details])),
    )
    reason_label = cancellation.get_reason_display()
    venue_name = venue.name if venue is not None else ""
    notice_send(
        kind=Notice.Kind.CANCELLATION,
        subject=text.cancel_subject(
            scope=scope, date=date, reason=reason_label, venue_name=venue_name, fixtures=affected
        ),
        body=text.cancel_body(
            league=season.league.name,
            season=season.name,
            scope=scope,
            venue_name=venue_name,
            date=date,
            reason=reason_label,
            details=details,
            on_site=on_site,
            fixtures=affected,
        ),
        sms_text=text.cancel_sms(
            league=season.league.name,
            date=date,
            reason=reason_label,
            details=details,
            fixtures=affected,
        ),
        recipients=_recipients(season, affected, on_site),
        created_by=user,
        announce_league=season.league,
        link=season.get_absolute_url(),
        season=season,
        source={"cancellation": cancellation.pk, "fixtures": ids, "reason": reason},
    )
    return cancellation
