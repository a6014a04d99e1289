"""Makeup games: a one-off fixture the manager arranges for two teams left without a game
on a night (an opponent announced a forfeit, or a bye), and its cancellation.

Checked twice: before the locks (to answer plainly) and again after both team rows are
locked in id order, so two arrangements touching a team at once queue, and the second
sees the first's one-off. The database constraints on one-offs (the pair once a night,
the lower id at home; a table once a night) stand behind both.
"""

import datetime
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from league.announcements.selectors import captains_of_teams
from league.nights.makeup_pairs import FORFEITED_AGAINST, fixture_level
from league.nights.selectors.makeups import MakeupNight, WaitingTeam, makeup_night
from league.nights.selectors.told import makeup_offer_recipients
from league.nights.services.escalation import user_or_none
from league.seasons.activity import fixture_label, league_activity
from league.seasons.models import Fixture, Season, SkillLevel, Table, Team
from league.seasons.versions import season_changed
from notices.models import Notice
from notices.services import notice_send
from scoring.models import Game, Scorecard
from wording.when import clock, day

ONLY_MANAGERS = "Only this league's managers arrange makeup games."
ALREADY = "These teams' makeup game on {night} is already arranged."


def _why_not_waiting(team: Team, night: MakeupNight) -> str:
    if team.status != Team.Status.ACTIVE:
        return f"{team} is {team.get_status_display().lower()}: it plays no more games."
    if any(team.pk in (f.home_id, f.away_id) for f in night.arranged):
        return f"{team} already has a makeup game on {day(night.date)}."
    return f"{team} already has a game on {day(night.date)}, or no fixture that night."


def _check(season: Season, team_a: Team, team_b: Team, date: datetime.date) -> MakeupNight:
    if team_a.pk == team_b.pk:
        raise ValidationError("Choose two different teams.")
    for team in (team_a, team_b):
        if team.season_id != season.pk:
            raise ValidationError(f"{team} isn't a team of {season.name}.")
    if date < timezone.localdate():
        raise ValidationError(f"{day(date)} has passed: a makeup game is for a night to come.")
    night = makeup_night(season, date, across_levels=True)
    for team in (team_a, team_b):
        if night.waiting_team(team.pk) is None:
            raise ValidationError(_why_not_waiting(team, night))
    if frozenset((team_a.pk, team_b.pk)) in night.meets:
        raise ValidationError(f"{team_a} and {team_b} already meet on {day(date)}.")
    return night


def _check_table(season: Season, table: Table | None, date: datetime.date) -> None:
    if table is None:
        return
    if not season.venues.filter(pk=table.venue_id).exists():
        raise ValidationError(f"{table} isn't at one of {season.name}'s venues.")
    taken = Fixture.objects.filter(table=table, date=date, status__in=("scheduled", "played"))
    if taken.exists():
        raise ValidationError(f"{table} is taken on {day(date)}: choose another table.")


def _level(a: WaitingTeam, b: WaitingTeam) -> SkillLevel | None:
    level_id = fixture_level(a.waiting, b.waiting)
    return next((w.team.skill_level for w in (a, b) if w.team.skill_level_id == level_id), None)


def _counts_text(fixture: Fixture) -> str:
    if fixture.counts_in_standings:
        return "It counts in the standings like any league game."
    return "It doesn't count in the standings."


def _where(fixture: Fixture) -> str:
    return str(fixture.table) if fixture.table_id else "the manager will tell you the table"


@transaction.atomic
def makeup_arrange(
    *,
    by: Any,
    team_a: Team,
    team_b: Team,
    date: datetime.date,
    table: Table | None = None,
) -> Fixture:
    """A one-off fixture between two teams without a game on `date`; their captains told."""
    season = Season.objects.select_related("league").get(pk=team_a.season_id)
    if not permissions.can_run_league_nights(by, season):
        raise PermissionDenied(ONLY_MANAGERS)
    _check(season, team_a, team_b, date)
    _check_table(season, table, date)
    # Both teams locked in id order: two arrangements of a team queue here (no deadlock).
    locked = list(
        Team.objects.select_for_update().filter(pk__in=[team_a.pk, team_b.pk]).order_by("pk")
    )
    home, away = locked
    night = _check(season, home, away, date)  # again, now nobody else can change them
    a, b = night.waiting_team(home.pk), night.waiting_team(away.pk)
    assert a is not None and b is not None  # _check refused otherwise
    source = a if a.why == FORFEITED_AGAINST else b
    try:
        with transaction.atomic():
            fixture = Fixture.objects.create(
                season=season,
                stage=Fixture.Stage.REGULAR,
                week=source.fixture.week,
                date=date,
                start_time=source.fixture.start_time,
                skill_level=_level(a, b),
                home=home,
                away=away,
                table=table,
                games=season.games_per_fixture,
                one_off=True,
                counts_in_standings=season.makeups_count_in_standings,
            )
    except IntegrityError:
        if table is not None and Fixture.objects.filter(table=table, date=date).exists():
            raise ValidationError(f"{table} was just taken on {day(date)}.") from None
        raise ValidationError(ALREADY.format(night=day(date))) from None
    fixture.season = season
    _tell(fixture, by, arranged=True)
    league_activity(
        season=season,
        actor=by,
        verb=Verb.MAKEUP_ARRANGED,
        target=fixture,
        label=fixture_label(fixture),
        detail=_counts_text(fixture),
    )
    season_changed(season, schedule=True)
    return fixture


@transaction.atomic
def makeup_cancel(*, by: Any, fixture: Fixture) -> None:
    """Take back a makeup game not yet played: the fixture goes, its captains are told."""
    season = Season.objects.select_related("league").get(pk=fixture.season_id)
    if not permissions.can_run_league_nights(by, season):
        raise PermissionDenied("Only this league's managers cancel makeup games.")
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("home", "away", "table__venue")
        .get(pk=fixture.pk)
    )
    fixture.season = season
    if not fixture.one_off:
        raise ValidationError("This isn't a makeup game: cancel it with the night instead.")
    if fixture.status == Fixture.Status.PLAYED or fixture.date < timezone.localdate():
        raise ValidationError("This makeup game's night has passed: it stays on the record.")
    games = Scorecard.objects.filter(game__fixture_game__fixture=fixture)
    if games.exists() or fixture.forfeits.exists():
        raise ValidationError("This makeup game has a card or a forfeit: it stays on the record.")
    _tell(fixture, by, arranged=False)
    league_activity(
        season=season,
        actor=by,
        verb=Verb.MAKEUP_CANCELLED,
        target=fixture,
        label=fixture_label(fixture),
        detail="The teams have no game that night.",
    )
    # The fixture's games (if its page made them) have no card: they go with it.
    Game.objects.filter(fixture_game__fixture=fixture).delete()
    fixture.delete()
    season_changed(season, schedule=True)


def _tell(fixture: Fixture, by: Any, *, arranged: bool) -> None:
    season, night = fixture.season, day(fixture.date)
    starts = clock(fixture.start_time or season.start_time)
    pair = f"{fixture.home} v {fixture.away}"
    if arranged:
        subject = f"Makeup game on {night}: {pair}"
        body = (
            f"The league manager arranged a makeup game for {night} at {starts}: {pair}, "
            f"{fixture.games} games. Where: {_where(fixture)}. {_counts_text(fixture)}"
        )
        sms = f"{season.league.name}: makeup game {night} {starts}, {pair}."
        link = reverse("league:fixture_detail", args=[fixture.pk])
    else:
        subject = f"Makeup game on {night} cancelled: {pair}"
        body = f"The league manager cancelled the makeup game {pair} on {night}."
        sms = f"{season.league.name}: makeup game {night} ({pair}) cancelled."
        link = season.get_absolute_url()
    notice_send(
        kind=Notice.Kind.MAKEUP_GAME,
        subject=subject,
        body=body,
        sms_text=sms,
        recipients=captains_of_teams([fixture.home_id, fixture.away_id]),
        created_by=user_or_none(by),
        link=link,
        season=season,
        source={"fixture": fixture.pk, "makeup": "arranged" if arranged else "cancelled"},
    )


def makeup_offer(*, fixture: Fixture, team: Team, forfeit_id: int, by: Any) -> Notice | None:
    """After `team` announced its forfeit of `fixture`: offer the league's managers a makeup
    game for the opponent, with that night's proposals and a link to arrange one.

    Kind `makeup_game` (not `general`): a manager may choose how these reach them apart
    from the rest, and it is the notice the captains get when the game is arranged.
    Nothing is sent when the opponent isn't left without a game (it forfeits too).
    """
    season = fixture.season
    night = makeup_night(season, fixture.date)
    opponent_id = fixture.away_id if team.pk == fixture.home_id else fixture.home_id
    opponent = night.waiting_team(opponent_id)
    if opponent is None:
        return None
    when = day(fixture.date)
    mine = [p for p in night.proposals if opponent_id in (p.home.team.pk, p.away.team.pk)]
    if mine:
        other = mine[0].away if mine[0].home.team.pk == opponent_id else mine[0].home
        proposal = f"Proposed: {opponent.team} v {other.team} ({other.why_label})."
    else:
        proposal = "No other team is free that night yet; a bye team or another forfeit may come."
    link = reverse("league:forfeit_makeups", args=[season.league.slug, season.slug])
    return notice_send(
        kind=Notice.Kind.MAKEUP_GAME,
        subject=f"{opponent.team} has no game on {when}",
        body=(
            f"{team} announced a forfeit of their fixture against {opponent.team} on {when}. "
            f"You may arrange {opponent.team} a makeup game that night. {proposal}"
        ),
        sms_text=f"{season.league.name}: {team} forfeits {when}; {opponent.team} needs a game.",
        recipients=makeup_offer_recipients(fixture),
        created_by=user_or_none(by),
        link=f"{link}?date={fixture.date.isoformat()}",
        season=season,
        source={"forfeit": forfeit_id, "fixture": fixture.pk},
        key=f"makeup_offered:{forfeit_id}",
    )
