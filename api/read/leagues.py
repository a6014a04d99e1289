"""Leagues, seasons, levels, teams, the schedule and results: what the league pages show,
read through the same selectors, as JSON (the standings and playoffs: api/read/standings.py).

Public as the pages are: a season's schedule once published (its staff see a draft), a
team's roster only to its own players and the league's staff, and never a contact.
"""

import datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Path, Query, Router
from ninja.errors import HttpError

from accounts import permissions
from api.read import schemas as out
from api.read.http import LIMIT, OFFSET, READ_THROTTLE, SLUG, answer, viewer, window
from league.nights.selectors import results as night_results
from league.seasons import selectors
from league.seasons.models import League, Season
from league.seasons.versions import SeasonVersions, season_with_versions
from league.standings.selectors import season_levels

router = Router(tags=["leagues"], throttle=READ_THROTTLE)

READ = {200: out.Out, 304: None, 404: out.Problem, 422: out.Invalid}  # what every read may answer
PAGED = {**READ, 422: out.Invalid}  # a filter or page bound out of range
LEAGUE = Path(..., pattern=SLUG, max_length=50, description="The league's slug.")
SEASON = Path(..., pattern=SLUG, max_length=50, description="The season's slug.")
TEAM = Query(None, ge=1, le=2**31 - 1, description="Only this team's fixtures (its id).")
FROM = Query(None, alias="from", description="From this date (YYYY-MM-DD), included.")
TO = Query(None, alias="to", description="To this date (YYYY-MM-DD), included.")
UNPUBLISHED = "This season's schedule isn't published yet."


def reads(schema: type) -> dict:
    return {**READ, 200: schema}


def paged(schema: type) -> dict:
    return {**PAGED, 200: schema}


def league_out(league: League) -> out.LeagueOut:
    return out.LeagueOut(slug=league.slug, name=league.name, description=league.description)


def season_out(season: Season, league_slug: str) -> dict:
    return {
        "slug": season.slug,
        "name": season.name,
        "league": league_slug,
        "starts_on": season.starts_on,
        "weeks": season.weeks,
        "schedule_published": season.is_published,
    }


@router.get("", response=paged(out.LeaguePage), url_name="read_leagues")
def read_leagues(request: HttpRequest, limit: int = LIMIT, offset: int = OFFSET) -> HttpResponse:
    """Every league, by name."""

    def build() -> out.LeaguePage:
        leagues = League.objects.order_by("name", "pk")
        return out.LeaguePage(
            count=leagues.count(),
            limit=limit,
            offset=offset,
            items=[league_out(league) for league in leagues[window(limit, offset)]],
        )

    return answer(request, build)


@router.get("/{league}/seasons", response=reads(out.SeasonList), url_name="read_seasons")
def read_seasons(request: HttpRequest, league: str = LEAGUE) -> HttpResponse:
    """A league and its seasons, newest first."""
    found = get_object_or_404(League, slug=league)

    def build() -> out.SeasonList:
        seasons = found.seasons.order_by("-starts_on", "name")
        return out.SeasonList(
            league=league_out(found),
            seasons=[out.SeasonOut(**season_out(s, found.slug)) for s in seasons],
        )

    return answer(request, build)


def _season(league: str, season: str) -> tuple[Season, SeasonVersions]:
    return season_with_versions(league, season)


@router.get("/{league}/seasons/{season}", response=reads(out.SeasonDetail), url_name="read_season")
def read_season(request: HttpRequest, league: str = LEAGUE, season: str = SEASON) -> HttpResponse:
    """A season with its skill levels."""
    found, versions = _season(league, season)

    def build() -> out.SeasonDetail:
        levels = [
            out.LevelOut(key=lv.key, name=lv.name, position=lv.position)
            for lv in season_levels(found)
        ]
        return out.SeasonDetail(
            **season_out(found, found.league.slug),
            levels=levels,
            games_per_fixture=found.games_per_fixture,
        )

    return answer(request, build)


@router.get("/{league}/seasons/{season}/teams", response=reads(out.TeamList), url_name="read_teams")
def read_teams(request: HttpRequest, league: str = LEAGUE, season: str = SEASON) -> HttpResponse:
    """The season's teams by level; each roster (names and roles) to whom the team page
    shows it: the team's own players and the league's staff."""
    found, _ = _season(league, season)
    user = viewer(request)
    staff = permissions.can_manage_season(user, found)
    own = permissions.team_ids_for(user) if user.is_authenticated else frozenset()

    def build() -> out.TeamList:
        teams = list(
            found.teams.select_related("skill_level").order_by("skill_level__position", "name")
        )
        shown = {t.pk for t in teams if staff or t.pk in own}
        rosters: dict[int, list[out.RosterOut]] = {pk: [] for pk in shown}
        if shown:
            for row in selectors.roster_rows(found):
                if row.entry.team_id in shown:
                    rosters[row.entry.team_id].append(
                        out.RosterOut(name=row.entry.player.name, role=row.entry.role)
                    )
        return out.TeamList(
            season=found.slug,
            teams=[
                out.TeamOut(
                    id=team.pk,
                    name=team.name,
                    level=team.skill_level.name if team.skill_level else None,
                    status=team.status,
                    roster=rosters.get(team.pk),
                )
                for team in teams
            ],
        )

    return answer(request, build)


def _filtered(
    fixtures,  # type: ignore[no-untyped-def]
    since: datetime.date | None,
    until: datetime.date | None,
    team: int | None,
):
    if since is not None:
        fixtures = fixtures.filter(date__gte=since)
    if until is not None:
        fixtures = fixtures.filter(date__lte=until)
    if team is not None:
        fixtures = fixtures.filter(home_id=team) | fixtures.filter(away_id=team)
    return fixtures


def _may_see_schedule(request: HttpRequest, season: Season) -> None:
    if not (season.is_published or permissions.can_manage_season(viewer(request), season)):
        raise HttpError(404, UNPUBLISHED)


def fixture_out(row: selectors.ScheduleRow) -> out.FixtureOut:
    return out.FixtureOut(
        id=row.pk,
        week=row.week,
        date=row.date,
        original_date=row.original_date,
        status=row.status,
        home_id=row.home_id,
        home=row.home,
        away_id=row.away_id,
        away=row.away,
        level=row.level,
        table=row.table,
        venue=row.venue,
        one_off=row.one_off,
        counts_in_standings=row.counts_in_standings,
    )


@router.get(
    "/{league}/seasons/{season}/schedule",
    response=paged(out.SchedulePage),
    url_name="read_schedule",
)
def read_schedule(
    request: HttpRequest,
    league: str = LEAGUE,
    season: str = SEASON,
    since: datetime.date | None = FROM,
    until: datetime.date | None = TO,
    team: int | None = TEAM,
    limit: int = LIMIT,
    offset: int = OFFSET,
) -> HttpResponse:
    """The season's fixtures in date order, as the schedule page lists them."""
    found, versions = _season(league, season)
    _may_see_schedule(request, found)
    key = repr(("schedule", found.pk, versions.schedule.key, since, until, team, limit, offset))

    def build() -> out.SchedulePage:
        fixtures = _filtered(selectors.fixtures_for_schedule(found), since, until, team)
        rows = selectors.schedule_rows(selectors.schedule_values(fixtures)[window(limit, offset)])
        return out.SchedulePage(
            count=fixtures.count(),
            limit=limit,
            offset=offset,
            items=[fixture_out(row) for row in rows],
        )

    return answer(request, build, key=key)


@router.get(
    "/{league}/seasons/{season}/results", response=paged(out.ResultPage), url_name="read_results"
)
def read_results(
    request: HttpRequest,
    league: str = LEAGUE,
    season: str = SEASON,
    since: datetime.date | None = FROM,
    until: datetime.date | None = TO,
    team: int | None = TEAM,
    limit: int = LIMIT,
    offset: int = OFFSET,
) -> HttpResponse:
    """Each fixture played so far (its night has come) with its games, as the fixture page
    shows them: the score of each game once a card is in, its winner once confirmed."""
    found, versions = _season(league, season)
    _may_see_schedule(request, found)
    today = timezone.localdate()
    key = repr(
        ("results", found.pk, versions.results.key, today, since, until, team, limit, offset)
    )

    def build() -> out.ResultPage:
        fixtures = _filtered(
            found.fixtures.filter(date__lte=today, away__isnull=False), since, until, team
        )
        page = night_results.with_results(fixtures.order_by("date", "pk"))[window(limit, offset)]
        items = []
        for result in night_results.results_for(page):
            fixture = result.fixture
            row = selectors.ScheduleRow(
                fixture.pk,
                fixture.week,
                fixture.date,
                fixture.original_date,
                fixture.status,
                fixture.home_id,
                fixture.home.name,
                fixture.away_id,
                fixture.away.name if fixture.away else None,
                fixture.skill_level.name if fixture.skill_level else None,
                fixture.table.name if fixture.table else None,
                fixture.table.venue.name if fixture.table else None,
                fixture.one_off,
                fixture.counts_in_standings,
            )
            items.append(
                out.ResultOut(
                    fixture=fixture_out(row),
                    home_wins=result.home_wins,
                    away_wins=result.away_wins,
                    complete=result.complete,
                    games=[
                        out.GameOut(
                            number=g.number,
                            state=g.state,
                            home_score=g.home_score,
                            away_score=g.away_score,
                            winner=g.winner,
                        )
                        for g in result.games
                    ],
                )
            )
        return out.ResultPage(count=fixtures.count(), limit=limit, offset=offset, items=items)

    return answer(request, build, key=key)
