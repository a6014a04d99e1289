"""Reschedule requests: one captain asks to move a fixture, the other answers; each step
tells the side that waits on it (`step_notices`)."""

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from inputs.bounds import date_check, text_clean
from league.nights.services.step_notices import (
    reschedule_answered_notify,
    reschedule_requested_notify,
)
from league.seasons.models import Fixture, RescheduleRequest, Season, Team
from league.seasons.services.schedule import LIVE, check_night, move_fixture
from league.seasons.versions import season_changed

REASON_MAX = 1000
NOTE_MAX = RescheduleRequest._meta.get_field("response_note").max_length


@transaction.atomic
def reschedule_request_create(
    *,
    fixture: Fixture,
    team: Team,
    by: Any,
    proposed_date: datetime.date,
    reason: str,
    proposed_time: datetime.time | None = None,
) -> RescheduleRequest:
    """A captain of one side asks to play the fixture on another day."""
    if fixture.away_id is None or team.pk not in fixture.team_ids():
        raise ValidationError("Pick one of your team's fixtures.")
    published = Season.ScheduleState.PUBLISHED
    if not Season.objects.filter(pk=fixture.season_id, schedule_state=published).exists():
        raise ValidationError("The schedule isn't published yet.")
    if fixture.status not in (Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED):
        raise ValidationError("Only a fixture still to play can be moved.")
    if proposed_date < timezone.localdate():
        raise ValidationError("Propose a day that hasn't passed.")
    date_check(proposed_date)
    if proposed_date == fixture.date:
        raise ValidationError("Propose a different day from the scheduled one.")
    reason = text_clean(
        reason,
        label="the reason",
        limit=REASON_MAX,
        empty="Say why you'd like to move the fixture.",
        lines=True,
    )
    if fixture.reschedule_requests.filter(status=RescheduleRequest.Status.PENDING).exists():
        raise ValidationError("This fixture already has a request waiting for an answer.")
    request = RescheduleRequest.objects.create(
        fixture=fixture,
        requested_by_team=team,
        requested_by=by,
        proposed_date=proposed_date,
        proposed_time=proposed_time,
        reason=reason,
    )
    reschedule_requested_notify(request=request)
    return request


@transaction.atomic
def reschedule_request_respond(
    *, request: RescheduleRequest, team: Team, by: Any, accept: bool, note: str = ""
) -> RescheduleRequest:
    """The opposing captain agrees (the fixture moves) or declines."""
    note = text_clean(note, label="the note", limit=NOTE_MAX)
    request = RescheduleRequest.objects.select_for_update().get(pk=request.pk)
    fixture = Fixture.objects.select_for_update().get(pk=request.fixture_id)
    if request.status != RescheduleRequest.Status.PENDING:
        raise ValidationError("That request has already been answered.")
    if team.pk not in fixture.team_ids() or team.pk == request.requested_by_team_id:
        raise ValidationError("Only the opposing captain answers a reschedule request.")
    if accept:
        table = fixture.table
        if table is not None and (
            Fixture.objects.filter(date=request.proposed_date, table=table, status__in=LIVE)
            .exclude(pk=fixture.pk)
            .exists()
        ):
            table = None  # the manager seats it; the teams still agreed on the day
        check_night(fixture, request.proposed_date, None, fixture.team_ids())
        move_fixture(fixture, request.proposed_date)
        fixture.table = table
        fixture.start_time = request.proposed_time
        fixture.status = Fixture.Status.SCHEDULED
        fixture.save()
        season_changed(fixture.season_id, schedule=True, results=True)
    request.status = (
        RescheduleRequest.Status.ACCEPTED if accept else RescheduleRequest.Status.DECLINED
    )
    request.responded_by, request.responded_at = by, timezone.now()
    request.response_note = note
    request.save()
    reschedule_answered_notify(request=request)
    return request


@transaction.atomic
def reschedule_request_withdraw(*, request: RescheduleRequest, team: Team) -> None:
    if request.requested_by_team_id != team.pk:
        raise ValidationError("Only the team that asked can withdraw the request.")
    if request.status != RescheduleRequest.Status.PENDING:
        raise ValidationError("That request has already been answered.")
    request.status = RescheduleRequest.Status.WITHDRAWN
    request.save(update_fields=["status"])
