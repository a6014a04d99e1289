"""Reads of the sub finder: the facts its pure rules take, the season's list, the pages' rows.

`finder_facts` loads, in a handful of queries whatever the list's size, what
`league.subs.eligibility.sub_finding` needs for one team and fixture.
"""

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from league.nights.models import FixtureGame
from league.seasons.models import Fixture, RosterEntry, Season, Team
from league.subs import eligibility
from league.subs.models import SubAsk, SubRequest, SubVolunteer

Status = SubRequest.Status
LIVE = (Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED, Fixture.Status.PLAYED)


def _opponent_ids(fixture: Fixture, team_id: int) -> frozenset[int]:
    """Everyone on the opponent's side that night: its regulars and its subs for it."""
    other = fixture.away_id if team_id == fixture.home_id else fixture.home_id
    on = fixture.date
    covers = (Q(starts_on__isnull=True) | Q(starts_on__lte=on)) & (
        Q(ends_on__isnull=True) | Q(ends_on__gte=on)
    )
    rows = RosterEntry.objects.filter(team_id=other).filter(
        (Q(fixture__isnull=True) & covers) | Q(fixture=fixture)
    )
    return frozenset(rows.values_list("player_id", flat=True))


def subs_used(team: Team, *, besides: SubRequest | None = None) -> int:
    """Regular-season subs the team has (for fixtures not cancelled) and is still looking
    for: what the season's `sub_limit_per_team` counts."""
    used = (
        RosterEntry.objects.filter(team=team, role=RosterEntry.Role.SUB)
        .filter(fixture__stage=Fixture.Stage.REGULAR)
        .exclude(fixture__status=Fixture.Status.CANCELLED)
        .count()
    )
    looking = SubRequest.objects.filter(
        team=team, status=Status.OPEN, fixture__stage=Fixture.Stage.REGULAR
    )
    if besides is not None:
        looking = looking.exclude(pk=besides.pk)
    return used + looking.count()


def rules_for(team: Team, *, besides: SubRequest | None = None) -> eligibility.Rules:
    season = team.season
    limit = season.sub_limit_per_team
    return eligibility.Rules(
        regular_subs=season.subs_in_regular_season,
        playoff_policy=season.playoff_subs,
        subs_used=subs_used(team, besides=besides) if limit is not None else 0,
        limit=limit,
    )


def finder_facts(
    fixture: Fixture, team: Team, *, player_ids: Iterable[int] | None = None
) -> tuple[eligibility.FixtureFacts, frozenset[int], list[eligibility.Volunteer]]:
    """(the fixture, the opponent's players, the season's active volunteers) as plain data;
    `player_ids` narrows the volunteers (a yes re-checks only its own)."""
    volunteers = SubVolunteer.objects.filter(season_id=fixture.season_id, active=True)
    if player_ids is not None:
        volunteers = volunteers.filter(player_id__in=list(player_ids))
    volunteers = list(volunteers.prefetch_related("levels").order_by("player__name", "pk"))
    ids = [v.player_id for v in volunteers]
    date = fixture.date
    # Their own teams (any season) with a live fixture that night.
    playing: dict[int, set[int]] = defaultdict(set)
    nights = Fixture.objects.filter(date=date, status__in=LIVE).exclude(away__isnull=True)
    regulars = (
        RosterEntry.objects.filter(player_id__in=ids, fixture__isnull=True)
        .exclude(role=RosterEntry.Role.SUB)
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=date))
        .filter(team__status=Team.Status.ACTIVE)
        .filter(Q(team__home_fixtures__in=nights) | Q(team__away_fixtures__in=nights))
        .values_list("player_id", "team_id")
    )
    for player_id, team_id in regulars:
        playing[player_id].add(team_id)
    on_team = set(
        RosterEntry.objects.filter(player_id__in=ids, team=team, fixture__isnull=True)
        .exclude(role=RosterEntry.Role.SUB)
        .values_list("player_id", flat=True)
    )
    subbing = set(
        RosterEntry.objects.filter(
            player_id__in=ids, role=RosterEntry.Role.SUB, fixture__date=date
        ).values_list("player_id", flat=True)
    )
    plain = [
        eligibility.Volunteer(
            player_id=v.player_id,
            levels=frozenset(level.pk for level in v.levels.all()),
            nights=frozenset(_dates(v.nights)),
            teams_playing=frozenset(playing[v.player_id]),
            subbing_that_night=v.player_id in subbing,
            on_requesting_team=v.player_id in on_team,
        )
        for v in volunteers
    ]
    facts = eligibility.FixtureFacts(
        date=date,
        level_id=fixture.skill_level_id,
        playoff=fixture.stage == Fixture.Stage.PLAYOFF,
    )
    return facts, _opponent_ids(fixture, team.pk), plain


def _dates(values: Iterable[str]) -> list[datetime.date]:
    out = []
    for value in values or []:
        try:
            out.append(datetime.date.fromisoformat(str(value)))
        except ValueError:
            continue  # a night stored by hand that isn't a date counts for none
    return out


def finding_for(
    fixture: Fixture, team: Team, *, besides: SubRequest | None = None
) -> eligibility.Finding:
    facts, opponents, volunteers = finder_facts(fixture, team)
    return eligibility.sub_finding(
        fixture=facts,
        team_id=team.pk,
        opponents=opponents,
        volunteers=volunteers,
        rules=rules_for(team, besides=besides),
    )


def upcoming_nights(season: Season, *, today: datetime.date | None = None) -> list[datetime.date]:
    """The season's league nights still ahead: the dates of its live fixtures."""
    today = today or timezone.localdate()
    dates = (
        Fixture.objects.filter(season=season, date__gte=today)
        .exclude(status=Fixture.Status.CANCELLED)
        .values_list("date", flat=True)
        .distinct()
        .order_by("date")
    )
    return list(dates)


def season_volunteers(season: Season) -> QuerySet[SubVolunteer]:
    return (
        SubVolunteer.objects.filter(season=season, active=True)
        .select_related("player")
        .prefetch_related("levels")
        .order_by("player__name", "pk")
    )


def season_requests(season: Season) -> QuerySet[SubRequest]:
    return (
        SubRequest.objects.filter(fixture__season=season)
        .select_related("fixture__home", "fixture__away", "team", "filled_by", "entry")
        .annotate(asked=Count("asks"))
        .order_by("-created_at", "-pk")
    )


@dataclass(frozen=True)
class TeamSubUse:
    team: Team
    used: int
    limit: int | None

    @property
    def at_limit(self) -> bool:
        return self.limit is not None and self.used >= self.limit


def team_sub_use(season: Season) -> list[TeamSubUse]:
    """Each active team's regular-season subs (found by the finder or added by a captain)
    against the season's limit, in two queries."""
    teams = list(season.teams.filter(status=Team.Status.ACTIVE).order_by("name"))
    counts = dict(
        RosterEntry.objects.filter(
            team__in=teams, role=RosterEntry.Role.SUB, fixture__stage=Fixture.Stage.REGULAR
        )
        .exclude(fixture__status=Fixture.Status.CANCELLED)
        .values_list("team_id")
        .annotate(n=Count("pk"))
        .values_list("team_id", "n")
    )
    return [TeamSubUse(t, counts.get(t.pk, 0), season.sub_limit_per_team) for t in teams]


def fixture_sub_sides(user_id: int) -> frozenset[tuple[int, int]]:
    """(game id, team id) of each fixture game a user was found as an approved sub for:
    they may enter or confirm that side's card (accounts.permissions asks this)."""
    rows = FixtureGame.objects.filter(
        fixture__sub_requests__status=Status.FILLED,
        fixture__sub_requests__entry__player__user_id=user_id,
        fixture__sub_requests__entry__approved=True,
    ).values_list("game_id", "fixture__sub_requests__team_id")
    return frozenset((game_id, team_id) for game_id, team_id in rows if game_id is not None)


def open_asks_for(user: Any) -> list[SubAsk]:
    """The sub requests still open that asked this signed-in person (the start page's list),
    soonest fixture first, in one query."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        SubAsk.objects.filter(
            player__user=user,
            request__status=SubRequest.Status.OPEN,
            request__fixture__date__gte=timezone.localdate(),
        )
        .exclude(answer=SubAsk.Answer.NO)
        .select_related("request__team", "request__fixture__home", "request__fixture__away")
        .order_by("request__fixture__date", "pk")
    )
