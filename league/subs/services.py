"""Writes of the sub finder: a captain asks for a sub, the first eligible yes fills it.

The request row is the lock: every answer locks it (`select_for_update`) before reading
its status, so two yeses at once fill it once and the other is told it's filled. The
database keeps one open request per team and fixture, so two captains (or a double click)
asking at once make one request, and the second is answered with it (`AlreadyLooking`).
Open requests whose fixture was cancelled, postponed, played or has started are closed by
`sub_requests_close_stale`, called by every write here (lazily) and by a periodic task.
"""

import logging
import secrets
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from inputs.bounds import text_clean
from league.availability.services import availability_answer
from league.nights.rules import fixture_starts_at
from league.seasons.activity import fixture_label, league_activity
from league.seasons.models import Fixture, Player, Team
from league.seasons.services.rosters import sub_add_player
from league.subs import eligibility, notify, selectors
from league.subs.models import SubAsk, SubRequest

logger = logging.getLogger(__name__)

Status = SubRequest.Status
Answer = SubAsk.Answer
NOTE_MAX = SubRequest._meta.get_field("note").max_length
NOT_YOURS = "Only the team's captain or a league manager can ask for a sub."


class AlreadyLooking(ValidationError):
    """The team already has an open request for this fixture: `existing` is it."""

    def __init__(self, existing: SubRequest) -> None:
        super().__init__("This team is already looking for a sub for this fixture.")
        self.existing = existing


def fixture_refusal(fixture: Fixture, team: Team, *, now: Any = None) -> str:
    """Why no sub can be asked for `team` in `fixture` now ("" when one can)."""
    if fixture.away_id is None:
        return "A bye has no game to sub in."
    if team.pk not in fixture.team_ids():
        return f"{team} doesn't play in this fixture."
    if fixture.status != Fixture.Status.SCHEDULED:
        return f"This fixture is {fixture.get_status_display().lower()}: no sub is needed."
    if (now or timezone.now()) >= fixture_starts_at(fixture):
        return "This fixture has started or is over: subs are asked for before the night."
    return ""


def _stale(request: SubRequest, now: Any) -> bool:
    fixture = request.fixture
    return fixture.status != Fixture.Status.SCHEDULED or now >= fixture_starts_at(fixture)


@transaction.atomic
def sub_requests_close_stale(*, fixture: Fixture | None = None, now: Any = None) -> int:
    """Close the open requests (of one fixture, or all) whose fixture was cancelled,
    postponed or played, or whose night has started. Returns how many were closed."""
    now = now or timezone.now()
    open_ = SubRequest.objects.filter(status=Status.OPEN).select_related("fixture__season")
    if fixture is not None:
        open_ = open_.filter(fixture=fixture)
    else:  # a fixture still ahead can't be stale unless it changed status
        open_ = open_.exclude(
            fixture__date__gt=now.date(), fixture__status=Fixture.Status.SCHEDULED
        )
    stale = [r.pk for r in open_ if _stale(r, now)]
    if stale:
        SubRequest.objects.filter(pk__in=stale, status=Status.OPEN).update(
            status=Status.CLOSED, closed_at=now
        )
    return len(stale)


def _label(request: SubRequest) -> str:
    return f"{fixture_label(request.fixture)} · {request.team}"


@transaction.atomic
def sub_request_create(*, fixture: Fixture, team: Team, by: Any, note: str = "") -> SubRequest:
    """Ask the eligible volunteers of the season's sub list for one fixture of `team`.

    Refused (with why) for a fixture not ahead, a bye, a team not in it, a season whose
    rules allow no sub here, a team at its sub limit, or when nobody on the list can play.
    """
    if not permissions.can_act_for_team(by, team):
        raise PermissionDenied(NOT_YOURS)
    note = text_clean(note, label="the note", limit=NOTE_MAX)
    fixture = Fixture.objects.select_related("season__league", "home", "away").get(pk=fixture.pk)
    sub_requests_close_stale(fixture=fixture)
    refusal = fixture_refusal(fixture, team)
    if refusal:
        raise ValidationError(refusal)
    existing = SubRequest.objects.filter(fixture=fixture, team=team, status=Status.OPEN).first()
    if existing is not None:
        raise AlreadyLooking(existing)
    finding = selectors.finding_for(fixture, team)
    if finding.refusal:
        raise ValidationError(finding.refusal)
    if not finding.eligible:
        raise ValidationError(
            "Nobody on the season's sub list can play this fixture (right level, free that "
            "night, not on the opponent's roster): announce a forfeit, or find someone yourself."
        )
    try:
        with transaction.atomic():
            request = SubRequest.objects.create(
                fixture=fixture, team=team, requested_by=_user(by), note=note
            )
    except IntegrityError:  # another captain (or a second click) asked at the same moment
        existing = SubRequest.objects.filter(fixture=fixture, team=team, status=Status.OPEN).first()
        if existing is None:
            raise
        raise AlreadyLooking(existing) from None
    asks = SubAsk.objects.bulk_create(
        [
            SubAsk(request=request, player_id=player_id, token=secrets.token_urlsafe(32))
            for player_id in finding.eligible
        ]
    )
    players = Player.objects.in_bulk([a.player_id for a in asks])
    for ask in asks:
        ask.player = players[ask.player_id]
    notify.asks_send(request=request, asks=asks, by=by)
    league_activity(
        season=fixture.season,
        actor=by,
        verb=Verb.SUB_REQUESTED,
        target=request,
        detail=f"asked {len(asks)}",
        label=_label(request),
    )
    return request


def _user(by: Any) -> Any:
    return by if getattr(by, "is_authenticated", False) else None


def _locked(request_id: int) -> SubRequest:
    return (
        SubRequest.objects.select_for_update(of=("self",))
        .select_related("fixture__season__league", "fixture__home", "fixture__away", "team")
        .get(pk=request_id)
    )


@transaction.atomic
def sub_request_withdraw(*, request: SubRequest, by: Any) -> SubRequest:
    """The captain (or a manager) no longer needs a sub; those not yet answered are told."""
    request = _locked(request.pk)
    if not permissions.can_act_for_team(by, request.team):
        raise PermissionDenied("Only the team's captain or a league manager can withdraw it.")
    if request.status != Status.OPEN:
        if request.status == Status.FILLED:
            raise ValidationError(
                f"{request.filled_by} already took it: remove the sub from the roster instead."
            )
        raise ValidationError(f"This request is already {request.get_status_display().lower()}.")
    request.status, request.closed_at = Status.WITHDRAWN, timezone.now()
    request.save(update_fields=["status", "closed_at"])
    notify.withdrawn_send(request=request, by=by)
    league_activity(
        season=request.fixture.season,
        actor=by,
        verb=Verb.SUB_REQUEST_WITHDRAWN,
        target=request,
        label=_label(request),
    )
    return request


# --- answers ---

FILLED = "filled"  # this yes got it
TOO_LATE = "too_late"  # someone else's yes came first
NO = "no"
CLOSED = "closed"  # withdrawn, or the fixture changed
REFUSED = "refused"  # no longer eligible
ALREADY = "already"  # this volunteer had taken it already


class Answered:
    """What became of an answer: `outcome` (one of the names above) and what to tell them."""

    def __init__(self, outcome: str, message: str, request: SubRequest) -> None:
        self.outcome, self.message, self.request = outcome, message, request

    @property
    def got_it(self) -> bool:
        return self.outcome in (FILLED, ALREADY)


YOU = {
    eligibility.ON_TEAM: "You already play for this team: no sub needed from you.",
    eligibility.ON_OPPONENT: "You're on the opponent's roster now, so you can't sub against them.",
    eligibility.OWN_TEAM_PLAYS: "Your own team plays that night.",
    eligibility.SUBBING: "You already sub in another fixture that night.",
    eligibility.WRONG_LEVEL: "Your sub list entry doesn't take this level any more.",
    eligibility.NOT_THAT_NIGHT: "Your sub list entry doesn't take that night any more.",
}


def _still_eligible(request: SubRequest, player_id: int) -> str:
    """Why the volunteer can no longer take it ("" when they can): re-read now."""
    fixture, team = request.fixture, request.team
    facts, opponents, volunteers = selectors.finder_facts(fixture, team, player_ids=[player_id])
    if not volunteers:
        return "You're no longer on the season's sub list."
    finding = eligibility.sub_finding(
        fixture=facts,
        team_id=team.pk,
        opponents=opponents,
        volunteers=volunteers,
        rules=selectors.rules_for(team, besides=request),
    )
    if finding.eligible:
        return ""
    return finding.refusal or YOU.get(finding.reasons[player_id], "You can't take this one.")


@transaction.atomic
def sub_request_answer(*, ask: SubAsk, yes: bool, via: str) -> Answered:
    """A volunteer's yes or no (`via`: "link" or "text"). The first eligible yes fills the
    request: a one-fixture sub entry (the season's playoff approval applies), the sub marked
    coming, the captains and the other volunteers told. Answering again changes nothing."""
    request = _locked(ask.request_id)
    ask = SubAsk.objects.select_for_update().select_related("player").get(pk=ask.pk)
    what = notify.fixture_words(request.fixture)
    if ask.answer == Answer.YES:
        return Answered(
            ALREADY, f"You already took it: you sub for {request.team}, {what}.", request
        )
    if request.status == Status.OPEN and _stale(request, timezone.now()):
        sub_requests_close_stale(fixture=request.fixture)
        request.refresh_from_db(fields=["status", "closed_at"])
    now = timezone.now()
    if not yes:
        if ask.answer == Answer.WAITING:
            ask.answer, ask.answered_at = Answer.NO, now
            ask.save(update_fields=["answer", "answered_at"])
        return Answered(
            NO, "Thanks for letting us know: you're not counted on for this one.", request
        )
    if request.status == Status.FILLED:
        ask.answer, ask.answered_at = Answer.TOO_LATE, now
        ask.save(update_fields=["answer", "answered_at"])
        return Answered(TOO_LATE, "Thanks — it was already filled by another sub.", request)
    if request.status == Status.WITHDRAWN:
        return Answered(
            CLOSED, "Thanks — the captain withdrew this request: no sub is needed.", request
        )
    if request.status == Status.CLOSED:
        return Answered(
            CLOSED, "Thanks — this request is closed: the fixture changed or has started.", request
        )
    reason = _still_eligible(request, ask.player_id)
    if reason:
        return Answered(REFUSED, reason, request)
    try:
        entry = sub_add_player(team=request.team, fixture=request.fixture, player=ask.player)
    except ValidationError as exc:
        return Answered(REFUSED, " ".join(exc.messages), request)
    request.status, request.filled_by, request.entry = Status.FILLED, ask.player, entry
    request.closed_at = now
    request.save(update_fields=["status", "filled_by", "entry", "closed_at"])
    ask.answer, ask.answered_at = Answer.YES, now
    ask.save(update_fields=["answer", "answered_at"])
    _mark_coming(request, ask.player)
    notify.found_send(request=request)
    league_activity(
        season=request.fixture.season,
        actor=ask.player.user,
        verb=Verb.SUB_FOUND,
        target=request,
        detail=f"{ask.player} (by {via})",
        label=_label(request),
    )
    approval = (
        "" if entry.approved else " As a playoff sub you wait for the league manager's approval."
    )
    return Answered(FILLED, f"It's yours: you sub for {request.team}, {what}.{approval}", request)


def _mark_coming(request: SubRequest, player: Player) -> None:
    """The sub counts as coming (availability); a refusal there never undoes the sub."""
    try:
        with transaction.atomic():
            availability_answer(fixture=request.fixture, player=player, answer="coming", via="sub")
    except ValidationError:
        logger.warning("Sub %s found for request %s not marked coming", player.pk, request.pk)
