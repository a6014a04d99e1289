"""A team leaving the league: withdrawn by a manager, or removed after its forfeits
(`escalation`). Either way its remaining fixtures become byes for the opponents and its
past results stay; `fixtures_to_byes` is the one place that does it."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from inputs.bounds import text_clean
from league.nights import signals
from league.nights.models import FixtureGame
from league.nights.selectors.told import withdrawal_recipients
from league.nights.selectors.withdrawals import (
    WithdrawalPreview,
    remaining_fixtures,
    withdrawal_preview,
)
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, RescheduleRequest, Team
from league.seasons.versions import season_changed
from notices.models import Notice
from notices.services import notice_send
from scoring.models import Game
from wording.when import day

REASON_MAX = 200


def fixtures_to_byes(team: Team, fixtures: Iterable[Fixture]) -> list[dict]:
    """Give each fixture to the team's opponent as a bye: no table, no games, pending
    reschedule requests withdrawn. Returns what changed, so a removal can be undone."""
    changes: list[dict] = []
    for fixture in fixtures:
        changes.append(
            {
                "fixture": fixture.pk,
                "home": fixture.home_id,
                "away": fixture.away_id,
                "table": fixture.table_id,
                "games": fixture.games,
            }
        )
        if fixture.home_id == team.pk:
            fixture.home_id = fixture.away_id
        fixture.away_id, fixture.table_id, fixture.games = None, None, 0
        fixture.save(update_fields=["home", "away", "table", "games", "updated_at"])
        unplayed = FixtureGame.objects.filter(fixture=fixture).filter(
            Q(game__scorecard__isnull=True) | Q(game__scorecard__status="empty")
        )
        Game.objects.filter(pk__in=list(unplayed.values_list("game_id", flat=True))).delete()
        RescheduleRequest.objects.filter(
            fixture=fixture, status=RescheduleRequest.Status.PENDING
        ).update(status=RescheduleRequest.Status.WITHDRAWN, responded_at=timezone.now())
    return changes


@dataclass(frozen=True)
class Withdrawal:
    team: Team
    preview: WithdrawalPreview

    @property
    def message(self) -> str:
        byes = len(self.preview.remaining)
        return f"{self.team.name} has withdrawn. " + (
            f"{plural(byes, 'fixture')} became {'a bye' if byes == 1 else 'byes'} "
            "for the opponents."
            if byes
            else "It had no fixtures left to play."
        )


def _reason(text: str) -> str:
    return text_clean(
        text,
        label="the reason",
        limit=REASON_MAX,
        empty="Say why the team is withdrawing: the captains told see it.",
        collapse=True,
    )


@transaction.atomic
def team_withdraw(*, team: Team, by: Any, reason: str) -> Withdrawal:
    """A manager takes the team out of the league (what happens: `withdrawal_preview`).

    Its remaining fixtures become byes for the opponents, its played fixtures stand and
    stay in its opponents' records, an open playoff series goes to its opponent
    (`signals.team_removed`), and its captains and the opponents' captains are told.
    """
    if by is None or not permissions.can_manage_season(by, team.season):
        raise PermissionDenied("Only this league's managers can withdraw its teams.")
    reason = _reason(reason)
    team = (
        Team.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=team.pk)
    )
    if team.status != Team.Status.ACTIVE:
        status = team.get_status_display().lower()
        raise ValidationError(f"{team.name} has already left the league ({status}).")
    today = timezone.localdate()
    # Lock what changes first, so the preview below is exactly what happens.
    fixtures = list(remaining_fixtures(team, today).select_for_update(of=("self",)).order_by("pk"))
    preview = withdrawal_preview(team, today)
    fixtures_to_byes(team, fixtures)
    team.status = Team.Status.WITHDRAWN
    team.save(update_fields=["status"])
    season_changed(team.season_id, schedule=True, results=True)
    signals.team_removed.send(sender=Team, team=team)
    season = team.season
    league_activity(
        season=season,
        actor=by,
        verb=Verb.TEAM_WITHDRAWN,
        target=team,
        label=f"{season.name} · {team.name}",
        detail=f"{reason} · {plural(len(preview.remaining), 'fixture')} to byes",
    )
    _tell_captains(team, preview, reason, by)
    return Withdrawal(team=team, preview=preview)


def _tell_captains(team: Team, preview: WithdrawalPreview, reason: str, by: Any) -> None:
    season = team.season
    byes = "".join(
        f"\n- {day(f.date)}: {f.away if f.home_id == team.pk else f.home} now has a bye"
        for f in preview.remaining
    )
    subject = f"{team.name} has withdrawn from {season.league.name}"
    notice_send(
        kind=Notice.Kind.GENERAL,
        subject=subject[:200],
        body=(
            f"{team.name} has withdrawn from {season.name} ({reason})."
            + (f"\n\nTheir remaining fixtures become byes:{byes}" if byes else "")
            + "\n\nResults already played stand."
        ),
        sms_text=f"{subject}."[:320],
        recipients=withdrawal_recipients(team, preview),
        created_by=by,
        link=season.get_absolute_url(),
        season=season,
        source={"team_withdrawn": team.pk},
        key=f"team_withdrawn:{team.pk}",
    )
