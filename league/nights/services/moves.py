"""Moving a league night: every fixture still to play on a date, or the chosen ones, to
another date in one step, and everyone of every moved fixture told.

`night_move_preview` says what `night_move` would do with the same arguments (which
fixtures move, which stay and why, who hears) and writes nothing. `night_move` locks the
season row, then the fixtures, so a second identical submission waits for the first and is
then refused (nothing is left on the old night): nothing moves or is announced twice. The
fixtures, the activity-log line and the notice's outbox rows commit together; the season's
schedule version moves on, so its calendars, schedule pages and CSV follow at once.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.permissions import can_manage_season
from activity.models import Verb
from inputs.bounds import date_check, text_clean
from league.announcements.selectors import subscribed_players_of_teams
from league.nights.moves_text import move_body, move_sms, move_subject, pairing
from league.nights.selectors.moves import RELATED, started_fixtures, why_it_stays
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, Season, SeasonDate
from league.seasons.recipients import players_of_teams
from league.seasons.services.schedule import check_night, move_fixture
from league.seasons.versions import season_changed
from notices.addresses import Audience, Recipient
from notices.models import Notice
from notices.services import notice_audience, notice_send
from wording.when import day

NOTE_MAX = 200


@dataclass
class NightMove:
    """What moving a night does: the fixtures that move, those that stay (and why), who hears."""

    season: Season
    date: datetime.date
    new_date: datetime.date
    fixtures: list[Fixture]
    staying: list[tuple[Fixture, str]] = field(default_factory=list)
    recipients: list[Recipient] = field(default_factory=list)

    @cached_property
    def audience(self) -> Audience:
        return notice_audience(kind=Notice.Kind.FIXTURES_MOVED, recipients=self.recipients)

    @property
    def games(self) -> list[Fixture]:
        """The moving fixtures that are games (not byes)."""
        return [f for f in self.fixtures if f.away_id is not None]


def _require_manager(user: Any, season: Season) -> None:
    if user is None or not can_manage_season(user, season):
        raise PermissionDenied("Only the league's managers move its nights.")


def _check_dates(season: Season, date: datetime.date, new_date: datetime.date, note: str) -> None:
    errors: dict[str, str] = {}
    for name, value in (("date", date), ("new_date", new_date)):
        try:
            date_check(value)
        except ValidationError as refused:
            errors[name] = refused.messages[0]
    try:
        text_clean(note, label="the note", limit=NOTE_MAX)
    except ValidationError as refused:
        errors["note"] = refused.messages[0]
    if errors:
        raise ValidationError(errors)
    if not season.is_published:
        raise ValidationError(
            "The schedule isn't published yet: edit the draft, or regenerate it, instead."
        )
    if new_date == date:
        raise ValidationError({"new_date": "Pick another night than the one it is on."})
    if new_date < timezone.localdate():
        raise ValidationError({"new_date": f"{day(new_date)} has passed: pick today or later."})
    blackout = season.special_dates.filter(date=new_date, kind=SeasonDate.Kind.BLACKOUT)
    if blackout.exists():
        raise ValidationError(
            {"new_date": f"{day(new_date)} is one of the season's blackout dates: no play then."}
        )
    there = Fixture.objects.filter(season=season, date=new_date, away__isnull=False)
    cancelled = there.filter(status=Fixture.Status.CANCELLED)
    if cancelled.exists() and not there.exclude(status=Fixture.Status.CANCELLED).exists():
        raise ValidationError(
            {"new_date": f"Play on {day(new_date)} is cancelled: pick another night."}
        )


def _split(
    season: Season,
    date: datetime.date,
    chosen: list[int],
    *,
    lock: bool = False,
) -> tuple[list[Fixture], list[tuple[Fixture, str]]]:
    """The fixtures that move and those that stay (with why); refuses what can't be done."""
    night = day(date)
    rows = Fixture.objects.filter(season=season, date=date)
    if chosen:
        rows = rows.filter(pk__in=chosen)
    if lock:
        rows = rows.select_for_update(of=("self",))
    rows = list(rows.select_related(*RELATED).order_by("table__venue__name", "table__position"))
    started = started_fixtures([f.pk for f in rows])
    moving, staying = [], []
    for fixture in rows:
        why = why_it_stays(fixture, started)
        if why:
            staying.append((fixture, why))
        else:
            moving.append(fixture)
    if chosen:
        found = {f.pk for f in rows}
        problems = [
            f"Fixture {pk} isn't on {night} in {season.name}." for pk in chosen if pk not in found
        ]
        problems += [f"{pairing(f)} stays: {why}." for f, why in staying]
        if problems:
            raise ValidationError({"fixtures": problems})
    if moving:
        return moving, staying
    if not rows:
        raise ValidationError({"date": f"Nothing is scheduled on {night}."})
    reasons = sorted({why.split(":")[0] for _, why in staying})
    raise ValidationError({"date": f"Nothing on {night} can move: {'; '.join(reasons)}."})


def _clashes(moving: list[Fixture], new_date: datetime.date) -> None:
    """Each moving fixture's teams and table must be free on the new night."""
    problems = []
    for fixture in moving:
        table = fixture.table if fixture.away_id is not None else None
        try:
            check_night(fixture, new_date, table, fixture.team_ids())
        except ValidationError as clash:
            problems += clash.messages
    if problems:
        raise ValidationError({"new_date": sorted(set(problems))})


def _recipients(season: Season, moving: list[Fixture]) -> list[Recipient]:
    """Everyone of every moved fixture: both teams' rosters, the subs booked for it, and the
    texts those teams' subscribed players asked for."""
    teams = sorted({team for f in moving for team in f.team_ids()})
    return [
        *players_of_teams(teams, fixtures=moving),
        *subscribed_players_of_teams(teams, season.league),
    ]


def _plan(
    *,
    season: Season,
    date: datetime.date,
    new_date: datetime.date,
    fixtures: Iterable[Fixture | int] | None,
    note: str,
    lock: bool = False,
) -> NightMove:
    _check_dates(season, date, new_date, note)
    chosen = [f if isinstance(f, int) else f.pk for f in fixtures or []]
    moving, staying = _split(season, date, chosen, lock=lock)
    _clashes(moving, new_date)
    return NightMove(season, date, new_date, moving, staying, _recipients(season, moving))


def night_move_preview(
    *,
    season: Season,
    date: datetime.date,
    new_date: datetime.date,
    fixtures: Iterable[Fixture | int] | None = None,
    start_time: datetime.time | None = None,
    note: str = "",
    user: Any,
) -> NightMove:
    """What `night_move` would do with the same arguments, writing nothing."""
    _require_manager(user, season)
    return _plan(season=season, date=date, new_date=new_date, fixtures=fixtures, note=note.strip())


@transaction.atomic
def night_move(
    *,
    season: Season,
    date: datetime.date,
    new_date: datetime.date,
    fixtures: Iterable[Fixture | int] | None = None,
    start_time: datetime.time | None = None,
    note: str = "",
    user: Any,
) -> NightMove:
    """Move every fixture still to play on `date` (or the chosen ones) to `new_date`, at
    `start_time` when given (else each keeps its own), and tell everyone of each.

    Played fixtures, those being entered, cancelled and postponed ones stay where they are:
    left out when moving the whole night (the plan says so), refused when chosen.
    """
    _require_manager(user, season)
    note = note.strip()
    season = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)
    )
    plan = _plan(
        season=season, date=date, new_date=new_date, fixtures=fixtures, note=note, lock=True
    )
    try:
        with transaction.atomic():
            for fixture in plan.fixtures:
                move_fixture(fixture, new_date)
                if start_time is not None:
                    fixture.start_time = start_time
                fixture.save(update_fields=["date", "original_date", "start_time", "updated_at"])
    except IntegrityError:
        raise ValidationError(
            {"new_date": f"A table on {day(new_date)} was taken meanwhile: look at it again."}
        ) from None
    season_changed(season, schedule=True, results=True)
    games = plan.games
    league_activity(
        season=season,
        actor=user,
        verb=Verb.NIGHT_MOVED,
        target=season,
        label=f"{season.name} · {day(date)}",
        detail=" · ".join(
            filter(None, [f"{plural(len(games), 'fixture')} to {day(new_date)}", note])
        ),
    )
    if games:
        link = reverse("league:night_detail", args=[season.league.slug, season.slug, new_date])
        notice_send(
            kind=Notice.Kind.FIXTURES_MOVED,
            subject=move_subject(date=date, new_date=new_date, fixtures=games, whole=not fixtures),
            body=move_body(
                league=season.league.name,
                season=season.name,
                date=date,
                new_date=new_date,
                fixtures=games,
                start_time=start_time,
                note=note,
            ),
            sms_text=move_sms(
                league=season.league.name, date=date, new_date=new_date, fixtures=games, note=note
            ),
            recipients=plan.recipients,
            created_by=user,
            announce_league=season.league,
            link=link,
            season=season,
            source={
                "fixtures": [f.pk for f in plan.fixtures],
                "moved_from": date.isoformat(),
                "moved_to": new_date.isoformat(),
            },
        )
    return plan
