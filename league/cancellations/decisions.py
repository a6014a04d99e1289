"""Deciding what becomes of cancelled fixtures: `cancellation_decide` moves them to makeup
dates or shortens the season, in one transaction, and tells every player of the teams
concerned (and the subs booked), with the league's subscribers among those teams.
"""

import datetime
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from activity.models import Verb
from inputs.bounds import text_clean
from league.announcements.selectors import captains_of_teams, subscribed_players_of_teams
from league.cancellations import selectors as reads
from league.cancellations import text
from league.cancellations.makeups import MakeupError
from league.cancellations.models import Cancellation
from league.cancellations.services import NOTE_MAX, require_manager
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, Season
from league.seasons.recipients import players_of_teams
from league.seasons.services.schedule import fixture_update
from notices.addresses import Audience, Recipient
from notices.models import Notice
from notices.services import notice_audience, notice_send
from wording.when import day as night_label

Outcome = Cancellation.Outcome


def _reschedule(
    season: Season,
    cancellation: Cancellation,
    fixtures: list[Fixture],
    moves: Mapping[int, datetime.date],
) -> list[Fixture]:
    """Move each fixture to a makeup night (picked or the earliest with room)."""
    ids = {f.pk for f in fixtures}
    strangers = [pk for pk in moves if pk not in ids]
    if strangers:
        raise ValidationError("Pick makeup dates only for this cancellation's cancelled fixtures.")
    dates = reads.makeup_dates(season, cancellation)
    if not dates:
        raise ValidationError(
            "The season has no makeup dates ahead: add one on the setup page, "
            "or shorten the season."
        )
    try:
        plan = reads.makeup_moves(season, dates, fixtures, dict(moves))
    except MakeupError as exc:
        raise ValidationError(str(exc)) from None
    tables = reads.tables_by_id([m.table_id for m in plan if m.table_id])
    for fixture, move in zip(fixtures, plan, strict=True):
        # fixture_update re-checks the night against the database: one game a team, one a table.
        fixture_update(
            fixture=fixture,
            date=move.date,
            home=fixture.home,
            away=fixture.away,
            table=tables.get(move.table_id) if move.table_id else None,
            status=Fixture.Status.SCHEDULED,
            start_time=fixture.start_time,
        )
    return fixtures


def _decision_recipients(season: Season, fixtures: list[Fixture]) -> list[Recipient]:
    """The captains, every player of those teams and the subs booked for those fixtures,
    and the players of those teams who asked for the league's notices."""
    teams = sorted({team for f in fixtures for team in f.team_ids()})
    return [
        *captains_of_teams(teams),
        *players_of_teams(teams, fixtures=fixtures),
        *subscribed_players_of_teams(teams, season.league),
    ]


def decision_audience(*, cancellation: Cancellation, fixtures: list[Fixture]) -> Audience:
    """Who the decision on these still-cancelled fixtures will tell, for its form."""
    recipients = _decision_recipients(cancellation.season, fixtures)
    return notice_audience(kind=Notice.Kind.CANCELLATION, recipients=recipients)


def _check_decision(cancellation: Cancellation, outcome: str, note: str) -> None:
    if outcome not in (Outcome.RESCHEDULE, Outcome.SHORTEN):
        raise ValidationError(
            {"outcome": "Choose to reschedule to makeup dates or to shorten the season."}
        )
    if cancellation.outcome == Outcome.RESCHEDULE:
        raise ValidationError("These fixtures have already been rescheduled.")
    if cancellation.outcome == outcome:
        raise ValidationError("That decision is already recorded.")
    try:
        text_clean(note, label="the note", limit=NOTE_MAX)
    except ValidationError as refused:
        raise ValidationError({"note": refused.messages}) from None


@transaction.atomic
def cancellation_decide(
    *,
    cancellation: Cancellation,
    outcome: str,
    user: Any,
    moves: Mapping[int, datetime.date] | None = None,
    note: str = "",
) -> Cancellation:
    """Reschedule the cancelled fixtures to makeup dates, or shorten the season; tell captains.

    `moves` maps a fixture id to the makeup date the manager picked for it; the
    others go to the earliest makeup date with room. A shortened season may still
    be rescheduled later (say, once a makeup date is found), not the other way.
    """
    require_manager(user, cancellation.season)
    note = note.strip()
    season = (
        Season.objects.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=cancellation.season_id)
    )
    cancellation = reads.cancellation_with_fixtures(cancellation.pk)
    _check_decision(cancellation, outcome, note)
    fixtures = reads.still_cancelled(cancellation)
    if not fixtures:
        raise ValidationError(
            "None of these fixtures is still cancelled (they were moved by hand): "
            "there is nothing left to decide."
        )
    moved: list[Fixture] = []
    if outcome == Outcome.RESCHEDULE:
        moved = _reschedule(season, cancellation, fixtures, moves or {})
    Cancellation.objects.filter(pk=cancellation.pk).update(
        outcome=outcome, outcome_note=note, decided_by=user, decided_at=timezone.now()
    )
    cancellation.refresh_from_db()
    league_activity(
        season=season,
        actor=user,
        verb=Verb.CANCELLATION_DECIDED,
        target=cancellation,
        label=f"{season.name} · {night_label(cancellation.date)}",
        detail=f"{cancellation.get_outcome_display()}: {plural(len(fixtures), 'fixture')}"
        + (f" · {note}" if note else ""),
    )
    dropped = [] if moved else fixtures
    reschedule = outcome == Outcome.RESCHEDULE
    notice_send(
        kind=Notice.Kind.CANCELLATION,
        subject=text.decision_subject(date=cancellation.date, reschedule=reschedule),
        body=text.decision_body(
            league=season.league.name,
            season=season.name,
            date=cancellation.date,
            moved=moved,
            dropped=dropped,
            note=note,
        ),
        sms_text=text.decision_sms(league=season.league.name, date=cancellation.date, moved=moved),
        recipients=_decision_recipients(season, moved or dropped),
        created_by=user,
        announce_league=season.league,
        link=season.get_absolute_url(),
        season=season,
        source={"cancellation": cancellation.pk, "decision": outcome},
    )
    return cancellation
