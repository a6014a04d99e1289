"""The embed pages: a season's published standings, its upcoming fixtures, an event's
leaderboard, with their own minimal layout (templates/api/embeds/base.html).

Each shows what the public page shows and nothing more (published weeks only, never the
managers' live table; the schedule of a published season). The body under the layout is
the same for everyone, so it is rendered once per version of the data it comes from
(`league.seasons.versions`, `tournaments.versions`) and the parameters asked for, and kept
in the cache; the cache down only means building it. Who may frame the page
(`api.embeds.frames`) is read on every request and never part of the body.
"""

import hashlib

from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django_tables2 import RequestConfig

from api.embeds.frames import embed_view
from api.embeds.selectors import event_origins, league_origins
from inputs.bounds import typed_number
from league.seasons import selectors as season_selectors
from league.seasons.models import Fixture, Season
from league.seasons.versions import season_with_versions
from league.standings import selectors as standings_selectors
from league.standings.models import StandingsSnapshot
from league.standings.race import race_for_level, race_marks, season_race
from league.standings.tables import StandingsTable
from tournaments.models import Tournament
from tournaments.selectors.boards import (
    CACHE_SECONDS as BOARD_SECONDS,
)
from tournaments.selectors.boards import (
    flight_chosen,
    flight_key,
    kept,
    leaderboard_flight_kept,
)
from tournaments.tables import LeaderboardTable
from tournaments.versions import RESULTS_VERSION

# Bump when an embed's body template changes, so no cached copy of the old one is served.
BODY_VERSION = 1
CACHE_SECONDS = 24 * 3600  # keys name the data's version: a day bounds leftovers
UPCOMING_ROWS = 60  # the schedule embed: the next fixtures, not the season
LEVEL_KEY_LENGTH = 20  # a level's key is its id (or "none"): longer isn't one


def _key(kind: str, *named: object) -> str:
    digest = hashlib.sha256(repr((BODY_VERSION, *named)).encode()).hexdigest()
    return f"embed:{kind}:{digest}"


def _full_url(request: HttpRequest, name: str, args: list, query: str = "") -> str:
    return request.build_absolute_uri(reverse(name, args=args)) + (f"?{query}" if query else "")


# --- Standings ------------------------------------------------------------------------------


@embed_view
def standings(request: HttpRequest, league: str, season: str) -> tuple[HttpResponse, list[str]]:
    season_obj, weeks, versions = standings_selectors.standings_page_read(league, season)
    origins = league_origins(season_obj.league_id)
    snapshot = _published_week(request.GET.get("week", ""), weeks)
    asked = request.GET.get("level", "")[: LEVEL_KEY_LENGTH + 1]
    body = ""
    if snapshot is not None:
        # The race marks follow the results (clinched, out), so their version is named too.
        shown = (
            [(s.pk, s.week) for s in weeks],
            season_obj.name,
            season_obj.league.name,
            season_obj.playoff_teams_per_bracket,
            season_obj.playoff_grouping,
        )
        stamp = snapshot.published_at.timestamp()
        key = _key("standings", season_obj.pk, snapshot.pk, stamp, versions.results.key, asked)
        key += ":" + hashlib.sha256(repr(shown).encode()).hexdigest()[:16]
        body = cache.get(key)
        if body is None:
            body, known = _standings_body(request, season_obj, weeks, snapshot, asked)
            if known:
                cache.set(key, body, timeout=CACHE_SECONDS)
    context = {
        "season": season_obj,
        "body": mark_safe(body),  # noqa: S308  (our own template's output, cached as is)
        "title": f"Standings · {season_obj.league.name} {season_obj.name}",
        "full_url": _full_url(
            request,
            "league:season_standings",
            [league, season],
            f"week={snapshot.week}" if snapshot else "",
        ),
    }
    return render(request, "api/embeds/standings.html", context), origins


def _published_week(raw: str, weeks: list[StandingsSnapshot]) -> StandingsSnapshot | None:
    """The published week asked for, else the latest; never the live standings."""
    number = typed_number(raw, digits=3)
    by_week = {snapshot.week: snapshot for snapshot in weeks}
    if number in by_week:
        return by_week[number]
    return weeks[0] if weeks else None


def _standings_body(
    request: HttpRequest,
    season: Season,
    weeks: list[StandingsSnapshot],
    snapshot: StandingsSnapshot,
    asked: str,
) -> tuple[str, bool]:
    """The week's table of the level asked for (else the first), and whether `asked` was a
    level of the week (else the body isn't kept under it)."""
    levels = standings_selectors.snapshot_levels(snapshot)
    level = next((lv for lv in levels if lv.key == asked), None)
    known = asked == "" or level is not None
    level = level or (levels[0] if levels else None)
    rows = standings_selectors.snapshot_rows(snapshot, level) if level else []
    if level is not None:  # the race marks (clinched, out), as the public page shows them
        marks = race_marks(
            race_for_level(season_race(season, through_week=snapshot.week), level.key)
        )
        for row in rows:
            row.race = marks.get(row.team_id, "")
    table = StandingsTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    base = reverse("embed:standings", args=[season.league.slug, season.slug])
    context = {
        "season": season,
        "weeks": weeks,
        "snapshot": snapshot,
        "levels": levels,
        "level": level,
        "base_url": base,
        "table_html": table.as_html(request),
    }
    return str(render_to_string("api/embeds/_standings_body.html", context)), known


# --- Schedule -------------------------------------------------------------------------------


@embed_view
def schedule(request: HttpRequest, league: str, season: str) -> tuple[HttpResponse, list[str]]:
    # The versions are read with the season, before any fixture: see league.seasons.versions.
    season_obj, versions = season_with_versions(league, season)
    origins = league_origins(season_obj.league_id)
    team_id = typed_number(request.GET.get("team"), digits=9)
    body = ""
    if season_obj.is_published:
        today = timezone.localdate()
        # The statuses follow the results (a fixture played), so their version is named.
        shown = (season_obj.name, season_obj.league.name)
        key = _key("schedule", season_obj.pk, versions.results.key, today, team_id, shown)
        body = cache.get(key)
        if body is None:
            body, known = _schedule_body(season_obj, team_id, today)
            if known:
                cache.set(key, body, timeout=CACHE_SECONDS)
    query = f"team={team_id}" if team_id else ""
    context = {
        "season": season_obj,
        "body": mark_safe(body),  # noqa: S308  (our own template's output, cached as is)
        "title": f"Schedule · {season_obj.league.name} {season_obj.name}",
        "full_url": _full_url(request, "league:season_schedule", [league, season], query),
    }
    return render(request, "api/embeds/schedule.html", context), origins


def _schedule_body(season: Season, team_id: int | None, today) -> tuple[str, bool]:  # type: ignore[no-untyped-def]
    """The next fixtures (of one team of the season when asked), and whether the team asked
    for is the season's (a body for an unknown one isn't kept)."""
    fixtures = Fixture.objects.filter(season=season, date__gte=today)
    team = None
    if team_id is not None:
        team = season.teams.filter(pk=team_id).values("pk", "name").first()
        if team is not None:
            fixtures = fixtures.filter(Q(home_id=team_id) | Q(away_id=team_id))
    ordered = fixtures.order_by("date", "week", "skill_level__position", "table__position", "pk")
    values = season_selectors.schedule_values(ordered)[:UPCOMING_ROWS]
    context = {
        "season": season,
        "team": team,
        "team_unknown": team_id is not None and team is None,
        "rows": season_selectors.schedule_rows(values),
        "limit": UPCOMING_ROWS,
    }
    body = str(render_to_string("api/embeds/_schedule_body.html", context))
    return body, team_id is None or team is not None


# --- Leaderboard ----------------------------------------------------------------------------


@embed_view
def leaderboard(request: HttpRequest, slug: str) -> tuple[HttpResponse, list[str]]:
    tournament = get_object_or_404(
        Tournament.objects.select_related("rule_set").annotate(results_version=RESULTS_VERSION),
        slug=slug,
    )
    if not tournament.is_progressive:
        raise Http404("Only progressive events have an individual leaderboard.")
    origins = event_origins(tournament.pk)
    flight, notice = flight_chosen(tournament, request.GET.get("flight"))
    named = hashlib.sha256(repr((BODY_VERSION, tournament.name)).encode()).hexdigest()[:16]
    body = kept(
        f"embed-leaderboard:{flight_key(tournament, flight)}:{named}",
        tournament,
        lambda: _leaderboard_body(request, tournament, flight),
    )
    context = {
        "tournament": tournament,
        "body": mark_safe(body),  # noqa: S308  (our own template's output, cached as is)
        "notice": notice,
        "title": f"Leaderboard · {tournament.name}",
        "full_url": _full_url(request, "tournaments:leaderboard", [slug]),
    }
    return render(request, "api/embeds/leaderboard.html", context), origins


def _leaderboard_body(request: HttpRequest, tournament: Tournament, flight: str) -> str:
    board = leaderboard_flight_kept(tournament, flight)
    context = {
        "tournament": tournament,
        "board": board,
        "flight": flight,
        "base_url": reverse("embed:leaderboard", args=[tournament.slug]),
        "table_html": LeaderboardTable.for_board(board).as_html(request),
        "kept_minutes": BOARD_SECONDS // 60,
    }
    return str(render_to_string("api/embeds/_leaderboard_body.html", context))
