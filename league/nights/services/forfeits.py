"""Forfeits: recorded at the venue or announced ahead, booked as losses, escalated per season.

The policy is the season's (`league.nights.forfeit_rules` reads it). After any change the team's
escalation is recomputed from its live forfeits in date order, so an overturn undoes
exactly what the overturned offence caused: the playoff review it opened, or the
removal from the league (the byes are turned back into fixtures).
"""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from inputs.bounds import text_clean
from league.nights import signals
from league.nights.forfeit_rules import forfeited_games
from league.nights.models import FixtureGame, Forfeit, PlayoffReview
from league.nights.rules import fixture_starts_at
from league.nights.selectors.told import forfeit_announced_recipients
from league.nights.services.escalation import escalate, season_policy, user_or_none, warn
from league.nights.services.makeups import makeup_offer
from league.nights.services.results import (
    fixture_games_ensure,
    fixture_refresh_status,
    locked_fixture,
)
from league.seasons.activity import fixture_label, league_activity
from league.seasons.models import Fixture, Team
from league.seasons.versions import season_changed
from notices.models import Notice
from notices.services import notice_send
from scoring.models import Scorecard
from wording.when import day
from wording.words import plural

NOTE_MAX = Forfeit._meta.get_field("note").max_length
REASON_MAX = 1000  # a manager's reason or note, kept with the forfeit or the review

Reason = Forfeit.Reason


def _team_in(fixture: Fixture, team: Team) -> None:
    if fixture.away_id is None:
        raise ValidationError("A bye can't be forfeited.")
    if team.pk not in fixture.team_ids():
        raise ValidationError(f"{team} doesn't play in this fixture.")
    if fixture.status in (Fixture.Status.CANCELLED, Fixture.Status.POSTPONED):
        raise ValidationError(f"This fixture is {fixture.get_status_display().lower()}.")
    if hasattr(fixture, "closure"):
        raise ValidationError("A manager closed this fixture: its results are final.")


def _game_count(fixture: Fixture) -> int:
    return fixture.games or fixture.season.games_per_fixture


@transaction.atomic
def forfeit_record(
    *,
    fixture: Fixture,
    team: Team,
    by: Any,
    minutes_late: int | None = None,
    one_player: bool = False,
    no_show: bool = False,
    note: str = "",
) -> Forfeit:
    """Staff or a captain record who was late and by how much; the season's rule decides.

    Reporting the same team again the same night (later, or by the other captain)
    extends that night's forfeit: it is still one offence.
    """
    if not permissions.can_act_for_fixture(by, fixture):
        raise PermissionDenied("Only the two teams' captains or a league manager record a forfeit.")
    fixture = locked_fixture(fixture)
    _team_in(fixture, team)
    if fixture.date > timezone.localdate():
        raise ValidationError("The night hasn't come yet: announce the forfeit in advance instead.")
    policy = season_policy(fixture.season)
    try:
        games = forfeited_games(
            policy,
            games=_game_count(fixture),
            minutes_late=minutes_late,
            one_player=one_player,
            no_show=no_show,
        )
    except ValueError:
        raise ValidationError("Say how many minutes late the team was.") from None
    if not games:
        raise ValidationError(
            f"{plural(minutes_late, 'minute')} late costs nothing yet: game 1 is forfeited "
            f"at {plural(policy.game1_minutes, 'minute')}."
        )
    reason = Reason.NO_SHOW if no_show else Reason.ONE_PLAYER if one_player else Reason.LATE
    return _write(fixture, team, games, reason, minutes_late, note, by)


@transaction.atomic
def forfeit_announce(*, fixture: Fixture, team: Team, by: Any, note: str = "") -> Forfeit:
    """A captain tells the league ahead of the night that the team won't play: all games."""
    if not permissions.can_act_for_team(by, team):
        raise PermissionDenied("Only the team's captain or a league manager announce its forfeit.")
    fixture = locked_fixture(fixture)
    _team_in(fixture, team)
    if timezone.now() >= fixture_starts_at(fixture):
        raise ValidationError("The night has started: ask staff or a captain to record it.")
    games = list(range(1, _game_count(fixture) + 1))
    forfeit = _write(fixture, team, games, Reason.ANNOUNCED, None, note, by)
    other = fixture.away if team.pk == fixture.home_id else fixture.home
    night = day(fixture.date)
    notice_send(
        kind=Notice.Kind.GENERAL,
        subject=f"{team} won't play you on {night}",
        body=(
            f"{team} announced a forfeit of their fixture against {other} on {night}: you win "
            "all its games. The league manager may find you another game that night."
            + (f"\n\nTheir note: {note.strip()}" if note.strip() else "")
        ),
        sms_text=f"{fixture.season.league.name}: {team} forfeits {night}; you win its games.",
        recipients=forfeit_announced_recipients(fixture, team.pk),
        created_by=user_or_none(by),
        link=reverse("league:fixture_detail", args=[fixture.pk]),
        season=fixture.season,
        source={"forfeit": forfeit.pk, "fixture": fixture.pk},
        key=f"forfeit_announced:{forfeit.pk}",
    )
    # The opponent is left without a game: the managers are offered a makeup for it.
    makeup_offer(fixture=fixture, team=team, forfeit_id=forfeit.pk, by=by)
    return forfeit


def _write(
    fixture: Fixture,
    team: Team,
    games: list[int],
    reason: str,
    minutes_late: int | None,
    note: str,
    by: Any,
) -> Forfeit:
    note = text_clean(note, label="the note", limit=NOTE_MAX)  # refused, never cut
    fixture_games = fixture_games_ensure(fixture=fixture)
    confirmed = set(
        Scorecard.objects.filter(
            game__fixture_game__in=[fg for fg in fixture_games if fg.number in games],
            status__in=(Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED),
        ).values_list("game__fixture_game__number", flat=True)
    )
    if confirmed:
        numbers = ", ".join(str(n) for n in sorted(confirmed))
        raise ValidationError(
            f"Game {numbers} already has a confirmed card: a league manager corrects the card "
            "instead."
        )
    existing = Forfeit.objects.filter(
        fixture=fixture, team=team, overturned_at__isnull=True
    ).first()
    if existing is not None:
        if set(games) <= set(existing.games):
            return existing  # reported twice: nothing new
        existing.games = sorted(set(existing.games) | set(games))
        existing.reason, existing.minutes_late = reason, minutes_late
        existing.note = note or existing.note
        existing.save(update_fields=["games", "reason", "minutes_late", "note"])
        book_forfeits(fixture=fixture)
        _log_recorded(existing, fixture, by, extended=True)
        return existing
    forfeit = Forfeit.objects.create(
        fixture=fixture,
        team=team,
        reason=reason,
        minutes_late=minutes_late,
        games=games,
        note=note,
        recorded_by=user_or_none(by),
    )
    book_forfeits(fixture=fixture)
    escalate(team=team, by=by)
    forfeit.refresh_from_db()
    warn(forfeit, by)
    _log_recorded(forfeit, fixture, by)
    return forfeit


def _log_recorded(forfeit: Forfeit, fixture: Fixture, by: Any, *, extended: bool = False) -> None:
    late = f" ({forfeit.minutes_late} min)" if forfeit.minutes_late is not None else ""
    detail = f"{forfeit.games_label} · {forfeit.get_reason_display()}{late}"
    if extended:
        detail = f"now {detail}"
    verb = Verb.FORFEIT_ANNOUNCED if forfeit.reason == Reason.ANNOUNCED else Verb.FORFEIT_RECORDED
    league_activity(
        season=fixture.season,
        actor=by,
        verb=verb,
        target=forfeit,
        label=f"{forfeit.team} · {fixture_label(fixture)}",
        detail=f"{detail} · {forfeit.note}" if forfeit.note else detail,
    )


def book_forfeits(*, fixture: Fixture) -> None:
    """Mark the games from the live forfeits; a game both teams forfeited has no result."""
    live = list(fixture.forfeits.filter(overturned_at__isnull=True).select_related("team"))
    closure = getattr(fixture, "closure", None)
    closed_empty = set(closure.no_result_games) if closure else set()
    changed = []
    for fg in FixtureGame.objects.filter(fixture=fixture):
        by_team = [f for f in live if fg.number in f.games]
        if len(by_team) == 1:
            f = by_team[0]
            state = (f.team_id, f.pk, f"{f.team}: {f.get_reason_display().lower()}", False)
        elif len(by_team) > 1:
            state = (None, None, "Both teams forfeited", True)
        else:
            state = (None, None, "", fg.number in closed_empty)
        if (fg.forfeited_by_id, fg.forfeit_id, fg.forfeit_reason, fg.no_result) != state:
            fg.forfeited_by_id, fg.forfeit_id, fg.forfeit_reason, fg.no_result = state
            changed.append(fg)
    FixtureGame.objects.bulk_update(
        changed, ["forfeited_by", "forfeit", "forfeit_reason", "no_result"]
    )
    if changed and fixture.stage == Fixture.Stage.REGULAR:
        season_changed(fixture.season_id, results=True)
    if fixture.stage == Fixture.Stage.PLAYOFF:
        signals.playoff_fixture_changed.send(sender=Fixture, fixture=fixture, by=None)
    else:
        fixture_refresh_status(fixture=fixture)


@transaction.atomic
def forfeit_overturn(*, forfeit: Forfeit, by: Any, reason: str) -> Forfeit:
    """A manager sets a forfeit aside: its games reopen and the escalation is recomputed."""
    if not permissions.can_run_league_nights(by, forfeit.fixture.season):
        raise PermissionDenied("Only a league manager can overturn a forfeit.")
    reason = text_clean(
        reason,
        label="the reason",
        limit=REASON_MAX,
        empty="Give the reason for overturning the forfeit: it is kept.",
        lines=True,
    )
    forfeit = (
        Forfeit.objects.select_for_update(of=("self",))
        .select_related("fixture", "team")
        .get(pk=forfeit.pk)
    )
    if not forfeit.is_live:
        raise ValidationError("This forfeit was already overturned.")
    forfeit.overturned_at, forfeit.overturned_by = timezone.now(), by
    forfeit.overturn_reason = reason
    forfeit.save(update_fields=["overturned_at", "overturned_by", "overturn_reason"])
    book_forfeits(fixture=forfeit.fixture)
    escalate(team=forfeit.team, by=by)
    league_activity(
        season=forfeit.fixture.season,
        actor=by,
        verb=Verb.FORFEIT_OVERTURNED,
        target=forfeit,
        label=f"{forfeit.team} · {fixture_label(forfeit.fixture)}",
        detail=f"{forfeit.games_label} · {reason}",
    )
    return forfeit


@transaction.atomic
def playoff_review_decide(
    *, review: PlayoffReview, by: Any, decision: str, note: str = ""
) -> PlayoffReview:
    """The manager decides whether a team with a second forfeit keeps its playoff place."""
    if not permissions.can_run_league_nights(by, review.season):
        raise PermissionDenied("Only a league manager decides playoff places.")
    if decision not in (PlayoffReview.Decision.KEEP, PlayoffReview.Decision.EXCLUDE):
        raise ValidationError("Choose: the team stays in the playoffs, or it is removed from them.")
    review = (
        PlayoffReview.objects.select_for_update(of=("self",))
        .select_related("team", "season")
        .get(pk=review.pk)
    )
    if review.decision == PlayoffReview.Decision.VOID:
        raise ValidationError("The forfeit behind this review was overturned: nothing to decide.")
    if review.season.playoff_brackets.exists():
        raise ValidationError("The playoffs are already seeded: this decision can't change them.")
    note = text_clean(note, label="the note", limit=REASON_MAX, lines=True)
    review.decision, review.note = decision, note
    review.decided_by, review.decided_at = by, timezone.now()
    review.save(update_fields=["decision", "note", "decided_by", "decided_at"])
    # The race follows: a team out of the playoffs is out of it (`league.standings.race`).
    season_changed(review.season, results=True)
    league_activity(
        season=review.season,
        actor=by,
        verb=Verb.PLAYOFF_REVIEW_DECIDED,
        target=review,
        label=f"{review.season.name} · {review.team}",
        detail=" · ".join(filter(None, [review.get_decision_display(), review.note])),
    )
    return review
