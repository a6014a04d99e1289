"""Forfeit escalation per team and season, recomputed from the team's live forfeits.

1st offence: the games are lost. 2nd: also a playoff review for the manager to decide.
3rd: the team is removed from the league; its remaining fixtures become byes for the
opponents and its past results stay. Recomputing from scratch after every change makes
an overturn undo exactly what its offence caused.
"""

from typing import Any

from django.db.models import Q
from django.utils import timezone

from league.nights import signals
from league.nights.forfeit_rules import consequence, consequence_text
from league.nights.models import Forfeit, PlayoffReview
from league.nights.rules import season_policy
from league.nights.selectors.told import forfeit_warning_recipients
from league.nights.services.withdrawals import fixtures_to_byes
from league.seasons.models import Fixture, Team
from league.seasons.versions import season_changed
from notices.models import Notice
from notices.services import notice_send
from wording.when import day
from wording.words import possessive


def user_or_none(user: Any) -> Any:
    return user if user is not None and user.is_authenticated else None


def escalate(*, team: Team, by: Any) -> None:
    """Recompute the team's offences, playoff reviews and removal from its live forfeits."""
    team = Team.objects.select_for_update(of=("self",)).select_related("season").get(pk=team.pk)
    policy = season_policy(team.season)
    live = list(
        Forfeit.objects.filter(team=team, overturned_at__isnull=True).order_by(
            "fixture__date", "recorded_at", "pk"
        )
    )
    for number, forfeit in enumerate(live, start=1):
        if forfeit.offense != number:
            forfeit.offense = number
            forfeit.save(update_fields=["offense"])
    needs_review = {f.pk for f in live if consequence(policy, f.offense) == "playoff_review"}
    PlayoffReview.objects.filter(team=team).exclude(forfeit_id__in=needs_review).exclude(
        decision=PlayoffReview.Decision.VOID
    ).update(decision=PlayoffReview.Decision.VOID, decided_at=timezone.now(), decided_by=None)
    for forfeit in live:
        if forfeit.pk in needs_review:
            review, created = PlayoffReview.objects.get_or_create(
                forfeit=forfeit, defaults={"season_id": team.season_id, "team": team}
            )
            if not created and review.decision == PlayoffReview.Decision.VOID:
                review.decision, review.decided_at = PlayoffReview.Decision.PENDING, None
                review.save(update_fields=["decision", "decided_at"])
    removal = next((f for f in live if consequence(policy, f.offense) == "removal"), None)
    # The forfeit whose removal still stands records it (see _remove).
    removed_by = next((f for f in Forfeit.objects.filter(team=team) if f.removal_changes), None)
    if removal is not None and removed_by is None and team.status == Team.Status.ACTIVE:
        _remove(team, removal)
    elif removal is None and removed_by is not None:
        _restore(team, removed_by)


def _remove(team: Team, forfeit: Forfeit) -> None:
    """The third offence: out of the league; its remaining fixtures become opponents' byes."""
    remaining = (
        Fixture.objects.filter(
            Q(home=team) | Q(away=team),
            stage=Fixture.Stage.REGULAR,
            status__in=(Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED),
            date__gt=forfeit.fixture.date,
            away__isnull=False,
        )
        .select_for_update(of=("self",))
        .order_by("pk")
    )
    changes: list[dict] = [{"team_status": team.status}, *fixtures_to_byes(team, remaining)]
    team.status = Team.Status.REMOVED
    team.save(update_fields=["status"])
    season_changed(team.season_id, schedule=True, results=True)
    forfeit.removal_changes = changes
    forfeit.save(update_fields=["removal_changes"])
    signals.team_removed.send(sender=Team, team=team)


def _restore(team: Team, forfeit: Forfeit) -> None:
    """An overturn took the team under the removal count: it is back, with its fixtures."""
    previous, *fixtures = forfeit.removal_changes
    for change in fixtures:
        fixture = (
            Fixture.objects.select_for_update(of=("self",)).filter(pk=change["fixture"]).first()
        )
        if fixture is None or fixture.away_id is not None or fixture.status != "scheduled":
            continue
        table_taken = (
            change["table"] is not None
            and Fixture.objects.filter(
                table_id=change["table"], date=fixture.date, status__in=("scheduled", "played")
            )
            .exclude(pk=fixture.pk)
            .exists()
        )
        fixture.home_id, fixture.away_id = change["home"], change["away"]
        fixture.table_id = None if table_taken else change["table"]
        fixture.games = change["games"]
        fixture.save(update_fields=["home", "away", "table", "games", "updated_at"])
    team.status = previous["team_status"]
    team.save(update_fields=["status"])
    season_changed(team.season_id, schedule=True, results=True)
    forfeit.removal_changes = []
    forfeit.save(update_fields=["removal_changes"])


def warn(forfeit: Forfeit, by: Any) -> None:
    fixture = forfeit.fixture
    policy = season_policy(fixture.season)
    what = consequence(policy, forfeit.offense)
    subject = {
        "loss": f"Forfeit recorded: {forfeit.team}, {day(fixture.date)}",
        "playoff_review": (
            f"Second forfeit: {possessive(forfeit.team)} playoff place is under review"
        ),
        "removal": f"{forfeit.team} is removed from the league",
    }[what]
    notice_send(
        kind=Notice.Kind.FORFEIT_WARNING,
        subject=subject,
        body=(
            f"{forfeit.team} forfeited {forfeit.games_label} against "
            f"{fixture.away if forfeit.team_id == fixture.home_id else fixture.home} on "
            f"{day(fixture.date)} ({forfeit.get_reason_display().lower()})."
            f"\n\n{consequence_text(policy, forfeit.offense)}"
            "\n\nIf this is wrong, ask the league manager: a forfeit can be overturned."
        ),
        sms_text=f"{fixture.season.league.name}: {subject}.",
        recipients=forfeit_warning_recipients(forfeit.team_id),
        created_by=user_or_none(by),
        link=forfeit.team.get_absolute_url(),
        season=fixture.season,
        source={"forfeit": forfeit.pk, "offense": forfeit.offense},
        key=f"forfeit_warning:{forfeit.pk}",
    )
