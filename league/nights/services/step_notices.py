"""Notices for each step someone waits on after a card is answered, and for reschedules.

A dispute tells the league's managers and the submitting side's captains; a settlement
and a fixture's closure tell both captains; a correction of a confirmed card, every player
of both teams; a reschedule request tells the other side's
captains, and its answer the captain who asked. Each is written through
`notices.services.notice_send` inside the step's own transaction, with a key, so a step
repeated sends nothing twice. Each person gets the channels they chose for that kind.
"""

import contextvars
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.urls import reverse

from league.announcements.selectors import captains_of_teams, recipient_for_user
from league.nights.models import FixtureClosure, FixtureGame
from league.nights.selectors.told import (
    card_disputed_recipients,
    card_settled_recipients,
    fixture_closed_recipients,
    reschedule_requested_recipients,
)
from league.seasons.models import Fixture, RescheduleRequest
from league.seasons.recipients import players_of_teams
from notices.models import Notice
from notices.services import SMS_MAX, notice_send
from scoring.models import ScorecardVersion
from scoring.services.card_log import score_text
from wording.when import clock, day

SUBJECT_MAX = 200
# Set while a step that writes its own notice settles or disputes several cards at once
# (closing a fixture, a dispute by text): the per-card notices are left to it.
_quiet = contextvars.ContextVar("league_step_notices_quiet", default=False)


@contextmanager
def one_notice_for_the_step() -> Iterator[None]:
    token = _quiet.set(True)
    try:
        yield
    finally:
        _quiet.reset(token)


def step_notice_pending() -> bool:
    """True inside a step that sends one notice for all its cards (receivers stay quiet)."""
    return _quiet.get()


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def fixture_name(fixture: Fixture) -> str:
    return f"{fixture.home} v {fixture.away}, {day(fixture.date)}"


def _link(fixture: Fixture) -> str:
    return reverse("league:fixture_detail", args=[fixture.pk])


def _games(versions: Sequence[ScorecardVersion]) -> list[int]:
    return sorted(
        FixtureGame.objects.filter(game__scorecard__versions__in=versions).values_list(
            "number", flat=True
        )
    )


def _numbers(numbers: Sequence[int]) -> str:
    return f"game{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"


def _fixture_of(version: ScorecardVersion) -> Fixture | None:
    fg = (
        FixtureGame.objects.filter(game_id=version.scorecard.game_id)
        .select_related("fixture__season__league", "fixture__home", "fixture__away")
        .first()
    )
    return fg.fixture if fg is not None else None


def _keyed(prefix: str, versions: Sequence[ScorecardVersion]) -> str:
    return f"{prefix}:versions:" + "-".join(str(pk) for pk in sorted(v.pk for v in versions))


def cards_disputed_notify(
    *, fixture: Fixture, versions: Sequence[ScorecardVersion], by: Any
) -> Notice | None:
    """The league's managers settle a dispute; the captains who entered the card hear why."""
    if not versions:
        return None
    side = versions[0].submitted_for
    submitting = fixture.home_id if side == "NS" else fixture.away_id
    disputing = fixture.away if side == "NS" else fixture.home
    games = _numbers(_games(versions))
    name = fixture_name(fixture)
    reason = versions[0].dispute_reason
    league = fixture.season.league
    return notice_send(
        kind=Notice.Kind.CARD_DISPUTED,
        subject=_fit(f"Card disputed: {name}", SUBJECT_MAX),
        body=(
            f"{disputing} disputed the card for {games} of {name}:\n\n{reason}\n\n"
            "A league manager settles it on the fixture page, which shows the card, any card "
            f"{disputing} entered and what differs: Settle keeps the card as entered, or "
            "the corrected score."
        ),
        sms_text=_fit(f"{league.name}: {disputing} disputed {games} of {name}: {reason}", SMS_MAX),
        recipients=card_disputed_recipients(fixture, submitting),
        created_by=by if getattr(by, "is_authenticated", False) else None,
        link=f"{_link(fixture)}#disputes",  # where its managers settle it
        season=fixture.season,
        source={"fixture": fixture.pk, "versions": sorted(v.pk for v in versions)},
        key=_keyed("card_disputed", versions),
    )


def version_disputed_notify(version: ScorecardVersion) -> Notice | None:
    """A card disputed on its own (the game's page, the fixture page)."""
    fixture = _fixture_of(version)
    if fixture is None:
        return None
    return cards_disputed_notify(fixture=fixture, versions=[version], by=version.disputed_by)


def version_settled_notify(version: ScorecardVersion) -> Notice | None:
    """A manager settled a league game's card: both captains hear the result and why."""
    fixture = _fixture_of(version)
    if fixture is None or fixture.away_id is None:
        return None
    games = _numbers(_games([version]))
    name = fixture_name(fixture)
    score = score_text(version)
    return notice_send(
        kind=Notice.Kind.CARD_SETTLED,
        subject=_fit(f"Card settled: {name}", SUBJECT_MAX),
        body=(
            f"A league manager settled the card for {games} of {name}: {score}.\n\n"
            f"Why: {version.reason}"
        ),
        sms_text=_fit(
            f"{fixture.season.league.name}: {games} of {name} settled: {score}.", SMS_MAX
        ),
        recipients=card_settled_recipients(fixture),
        created_by=version.submitted_by,
        link=_link(fixture),
        season=fixture.season,
        source={"fixture": fixture.pk, "versions": [version.pk]},
        key=f"card_settled:version:{version.pk}",
    )


def _team_score(version: ScorecardVersion | None, fixture: Fixture) -> str:
    """ "Aces 10 – Bowers 7": the home team sits N-S, the away team E-W."""
    if version is None or version.ns_total is None:
        return score_text(version)
    timed = " (time)" if version.timed_out else ""
    return f"{fixture.home} {version.ns_total} – {fixture.away} {version.ew_total}{timed}"


def version_corrected_notify(version: ScorecardVersion) -> Notice | None:
    """A manager corrected a confirmed card of a league game: both teams hear what it was,
    what it is now and why: every player of both teams (accounts or not, texts by consent)
    and the subs booked for the fixture, the captains among them."""
    fixture = _fixture_of(version)
    if fixture is None or fixture.away_id is None:
        return None
    games = _numbers(_games([version]))
    name = fixture_name(fixture)
    before, after = _team_score(version.previous, fixture), _team_score(version, fixture)
    teams = [fixture.home_id, fixture.away_id]
    return notice_send(
        kind=Notice.Kind.CARD_CORRECTED,
        subject=_fit(f"Card corrected: {name}", SUBJECT_MAX),
        body=(
            f"A league manager corrected the confirmed card for {games} of {name}.\n\n"
            f"Was: {before}\nNow: {after}\n\nWhy: {version.reason}\n\n"
            "The standings follow the corrected card."
        ),
        sms_text=_fit(
            f"{fixture.season.league.name}: {games} of {name} corrected: "
            f"was {before}, now {after}.",
            SMS_MAX,
        ),
        recipients=[
            *captains_of_teams(teams),
            *players_of_teams(teams, fixtures=[fixture]),
        ],
        created_by=version.submitted_by,
        link=_link(fixture),
        season=fixture.season,
        source={"fixture": fixture.pk, "versions": [version.pk]},
        key=f"card_corrected:version:{version.pk}",
    )


def fixture_closed_notify(*, closure: FixtureClosure) -> Notice:
    """The manager closed the fixture: both captains hear what became of each open game."""
    fixture = closure.fixture
    name = fixture_name(fixture)
    lines = []
    if closure.settled_games:
        lines.append(f"Cards that stand as entered: {_numbers(closure.settled_games)}.")
    if closure.no_result_games:
        lines.append(f"No result: {_numbers(closure.no_result_games)}.")
    return notice_send(
        kind=Notice.Kind.FIXTURE_CLOSED,
        subject=_fit(f"Fixture closed: {name}", SUBJECT_MAX),
        body="\n".join([f"A league manager closed {name}.", *lines, "", f"Why: {closure.reason}"]),
        sms_text=_fit(f"{fixture.season.league.name}: {name} was closed by the league.", SMS_MAX),
        recipients=fixture_closed_recipients(fixture),
        created_by=closure.closed_by,
        link=_link(fixture),
        season=fixture.season,
        source={"fixture": fixture.pk, "closure": closure.pk},
        key=f"fixture_closed:closure:{closure.pk}",
    )


def _when(request: RescheduleRequest) -> str:
    when = day(request.proposed_date)
    if request.proposed_time is not None:
        when += f" at {clock(request.proposed_time)}"
    return when


def reschedule_requested_notify(*, request: RescheduleRequest) -> Notice:
    """The other side's captains answer a request to move the fixture."""
    fixture = request.fixture
    asking = request.requested_by_team
    other = fixture.away if asking.pk == fixture.home_id else fixture.home
    name = fixture_name(fixture)
    when = _when(request)
    return notice_send(
        kind=Notice.Kind.RESCHEDULE_REQUESTED,
        subject=_fit(f"{asking} asks to move {name}", SUBJECT_MAX),
        body=(
            f"{asking} asks to play {name} on {when} instead.\n\nWhy: {request.reason}\n\n"
            "Accept or decline it on your team's page."
        ),
        sms_text=_fit(
            f"{fixture.season.league.name}: {asking} asks to move {name} to {when}.", SMS_MAX
        ),
        recipients=reschedule_requested_recipients(fixture, asking.pk),
        created_by=request.requested_by,
        link=reverse("league:team_detail", args=[other.pk]) + "#reschedule-requests",
        season=fixture.season,
        source={"fixture": fixture.pk, "reschedule_request": request.pk},
        key=f"reschedule_requested:{request.pk}",
    )


def reschedule_answered_notify(*, request: RescheduleRequest) -> Notice:
    """The captain who asked hears the answer (the asking side's captains, without one)."""
    fixture = request.fixture
    accepted = request.status == RescheduleRequest.Status.ACCEPTED
    answer = "accepted" if accepted else "declined"
    name = f"{fixture.home} v {fixture.away}"  # its date may just have moved
    when = _when(request)
    outcome = f"The fixture is now on {when}." if accepted else "The fixture stays as it was."
    note = f"\n\nTheir note: {request.response_note}" if request.response_note else ""
    asker = (
        [recipient_for_user(request.requested_by)]
        if request.requested_by is not None
        else captains_of_teams([request.requested_by_team_id])
    )
    return notice_send(
        kind=Notice.Kind.RESCHEDULE_ANSWERED,
        subject=_fit(f"Reschedule {answer}: {name}", SUBJECT_MAX),
        body=f"Your request to play {name} on {when} was {answer}. {outcome}{note}",
        sms_text=_fit(
            f"{fixture.season.league.name}: moving {name} to {when} was {answer}.", SMS_MAX
        ),
        recipients=asker,
        created_by=request.responded_by,
        link=reverse("league:team_detail", args=[request.requested_by_team_id]),
        season=fixture.season,
        source={"fixture": fixture.pk, "reschedule_request": request.pk},
        key=f"reschedule_answered:{request.pk}",
    )
