"""Standings: a public page per skill level with a week selector, CSV, and the manager's publish."""

import hashlib
from dataclasses import dataclass

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from accounts import permissions
from activity.exports import CONTENT_TYPE, cached_download, csv_content
from algorithms import metrics
from algorithms.standings import MEASURED
from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.models import Season
from league.seasons.versions import Version
from league.standings import selectors as selectors_standings
from league.standings.models import StandingsSnapshot
from league.standings.publish_form import publish_form, unpublished_weeks
from league.standings.race import Race, race_for_level, race_marks, season_race
from league.standings.services import standings_audience, standings_publish
from league.standings.tables import StandingsTable, legend
from league.web import report
from notices.services import Audience
from wording.words import plural

# Bump when the table's columns, its template or the CSV writer change, to drop the cached
# published tables and files.
TABLE_VERSION = 6
CACHE_SECONDS = 24 * 3600  # keys name the snapshot or results version: a day bounds leftovers
AUDIENCE_SECONDS = 60  # the publish form's count of who is told (see `_kept_audience`)
# The CSV's columns: where the row is, then every metric by key (`algorithms.metrics.ROW`).
CSV_FIELDS = ["level_name", "rank", "team_name", *metrics.keys(metrics.ROW)]


def _chosen_week(request: HttpRequest, weeks: list[StandingsSnapshot], is_manager: bool):  # type: ignore[no-untyped-def]
    """The snapshot asked for, or None for live standings (managers only)."""
    raw = request.GET.get("week", "")
    if raw == "live" and is_manager:
        return None
    by_week = {snapshot.week: snapshot for snapshot in weeks}
    if raw.isascii() and raw.isdigit() and int(raw) in by_week:
        return by_week[int(raw)]
    if weeks:
        return weeks[0]
    return None


def season_standings(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj, weeks, versions = selectors_standings.standings_page_read(league, season)
    is_manager = permissions.can_manage_season(request.user, season_obj)
    snapshot = _chosen_week(request, weeks, is_manager)
    if snapshot is None and not is_manager:
        return render(
            request,
            "league/standings/season_standings.html",
            {"season": season_obj, "weeks": weeks, "nothing_yet": True},
        )
    base_url = reverse("league:season_standings", args=[league, season])
    if snapshot is None:  # a manager's live standings
        if request.GET.get("export") == "csv":
            return _live_csv(request, season_obj, versions.results)
        body, audience = _live_body(request, season_obj, weeks, versions.results, base_url)
        context = {
            "season": season_obj,
            "is_manager": True,
            "body_html": mark_safe(body.html),  # noqa: S308  (our own template's output, kept as is)
            **publish_form(season_obj, unpublished_weeks(season_obj, weeks, body.played)),
        }
        if context["publishable"]:  # read with the body when kept
            context["audience"] = audience or _kept_audience(season_obj, versions.results)
        return render(request, "league/standings/season_standings.html", context)
    if request.GET.get("export") == "csv":
        return _csv(request, season_obj, snapshot)
    levels = cache.get_or_set(
        _cache_key(snapshot, "levels"),
        lambda: selectors_standings.snapshot_levels(snapshot),
        timeout=CACHE_SECONDS,
    )
    level = _chosen_level(request, levels)
    race = _published_race(season_obj, snapshot, versions.results, level)
    context = {
        **_body_context(season_obj, weeks, snapshot, levels, level, snapshot.standings_order),
        "is_manager": is_manager,
        "base_url": base_url,
        **publish_form(season_obj, unpublished_weeks(season_obj, weeks) if is_manager else []),
        "race_lines": race.lines() if race else [],
        "race_marks": race_marks(race),
    }
    if is_manager:
        context["table_html"] = _published_table(request, snapshot, level, context["race_marks"])
        if context["publishable"]:
            context["audience"] = _kept_audience(season_obj, versions.results)
    else:
        context["body_html"] = _published_body(request, context)
    return render(request, "league/standings/season_standings.html", context)


def _chosen_level(request: HttpRequest, levels: list[selectors_standings.Level]):  # type: ignore[no-untyped-def]
    """The level asked for, else the first."""
    level = next((lv for lv in levels if lv.key == request.GET.get("level")), None)
    return level or (levels[0] if levels else None)


def _body_context(season, weeks, snapshot, levels, level, order) -> dict:  # type: ignore[no-untyped-def]
    """What the standings' body shows, live or published (the table apart)."""
    return {
        "season": season,
        "weeks": weeks,
        "snapshot": snapshot,
        "levels": levels,
        "level": level,
        "order_text": selectors_standings.order_description(order),
        "sos_explanation": metrics.SOS.explanation,
        "legend": legend(),
        "week_param": snapshot.week if snapshot else "live",
    }


def _published_body(request: HttpRequest, context: dict) -> str:
    """The public view of a published week, rendered once per week, level and week list.

    The key names everything the body shows that could change: the published weeks
    (a new one adds a link) and the season's names and forfeit score.
    """
    season, snapshot, level = context["season"], context["snapshot"], context["level"]
    shown = (
        [s.pk for s in context["weeks"]],
        season.name,
        season.league.name,
        season.forfeit_winner_score,
        season.forfeit_loser_score,
        sorted(context["race_marks"].items()),
        context["race_lines"],
    )
    digest = hashlib.sha256(repr(shown).encode()).hexdigest()[:16]
    key = _cache_key(snapshot, f"body:{level.key if level else '-'}:{digest}")
    html = cache.get(key)
    if html is None:
        table = _published_table(request, snapshot, level, context["race_marks"])
        context = {**context, "table_html": table}
        html = render_to_string("league/standings/_standings_body.html", context, request)
        cache.set(key, str(html), timeout=CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308  (our own template's output, cached as is)


def _csv(request: HttpRequest, season: Season, snapshot: StandingsSnapshot) -> HttpResponse:
    """Every level of a published week: the file is made once and kept."""
    return cached_download(
        request,
        key=_cache_key(snapshot, "csv"),
        build=lambda: _csv_content(selectors_standings.snapshot_rows(snapshot)),
        content_type=CONTENT_TYPE,
        filename=f"{season.slug}-standings-week-{snapshot.week}.csv",
        last_modified=snapshot.published_at,
    )


def _csv_content(rows: list) -> bytes:
    """A figure that measures nothing yet (SOS before any opponent played anyone else) is
    left empty."""
    return csv_content(CSV_FIELDS, [[_cell(row, name) for name in CSV_FIELDS] for row in rows])


def _cell(row, name: str):  # type: ignore[no-untyped-def]
    if name in MEASURED and not getattr(row, MEASURED[name], True):
        return ""
    return getattr(row, name)


@dataclass(frozen=True)
class LiveTables:
    """A manager's live standings as shown: the levels and each level's table, rendered."""

    levels: list[selectors_standings.Level]
    tables: dict[str, str]  # level key -> table HTML
    played: list[int]  # the weeks played so far (the publish form's choices)
    race_lines: dict[str, list[str]]  # level key -> what the marks of its table mean


def _live_key(season: Season, version: Version, what: str) -> str:
    """Live standings are kept per results version (cards, forfeits, fixtures, teams: see
    `league.seasons.versions`) and the season's own settings they are computed with."""
    settings = (
        season.standings_order,
        season.forfeit_winner_score,
        season.forfeit_loser_score,
        season.playoff_teams_per_bracket,  # what the race is for
        season.playoff_grouping,
    )
    named = repr((TABLE_VERSION, season.pk, version.key, settings, what))
    return f"league:standings:live:{hashlib.sha256(named.encode()).hexdigest()}"


def _kept_audience(season: Season, version: Version) -> Audience:
    """The publish form's count of who will be told, kept a minute per results version and
    day: reading the captains, the subscribers and their channels cost more than all the
    rest of a manager's repeat view. Publishing reads its recipients afresh, so a roster or
    subscription change is off in this count for a minute at most, never in who is told."""
    key = _audience_key(season, version)
    audience = cache.get(key)
    if audience is None:
        audience = standings_audience(season)
        cache.set(key, audience, timeout=AUDIENCE_SECONDS)
    return audience


def _audience_key(season: Season, version: Version) -> str:
    return _live_key(season, version, f"audience:{timezone.localdate()}")


def _live_tables(request: HttpRequest, season: Season, version: Version) -> LiveTables:
    """Computed from every game once per results version, then served from the cache."""
    key = _live_key(season, version, f"tables:{timezone.localdate()}")
    tables = cache.get(key)
    if tables is None:
        records = selectors_standings.season_game_records(season)
        live = selectors_standings.live_standings(season, records=records)
        races = season_race(season, records=records)
        lines = {}
        for entry in live:
            race = race_for_level(races, entry.level.key)
            _mark(entry.rows, race_marks(race))
            lines[entry.level.key] = race.lines() if race else []
        tables = LiveTables(
            [entry.level for entry in live],
            {entry.level.key: str(_table_html(request, entry.rows)) for entry in live},
            selectors_standings.played_weeks(season),
            lines,
        )
        cache.set(key, tables, timeout=CACHE_SECONDS)
    return tables


@dataclass(frozen=True)
class LiveBody:
    """A level's live standings as a manager sees them, rendered: all of the page but the
    layout and the publish form."""

    html: str
    played: list[int]  # the weeks played so far (the publish form's choices)


def _live_body(
    request: HttpRequest,
    season: Season,
    weeks: list[StandingsSnapshot],
    version: Version,
    base_url: str,
) -> tuple[LiveBody, Audience | None]:
    """One cache read per view, for the body and the publish form's audience (when kept):
    the body is rendered once per results version, day, level and everything else it shows
    (the published weeks, the names, the address).

    Only a manager of the season's league gets here, and the key names the season: what a
    manager sees is the same for every manager of it, and no one else is served it.
    """
    asked = request.GET.get("level", "")
    # The address is made of the two slugs, as is the link to the season.
    shown = ([(s.pk, s.week) for s in weeks], season.name, season.league.name, base_url)
    digest = hashlib.sha256(repr(shown).encode()).hexdigest()[:16]
    key = _live_key(season, version, f"body:{timezone.localdate()}:{asked}:{digest}")
    audience_key = _audience_key(season, version)
    kept = cache.get_many([key, audience_key])
    body = kept.get(key)
    if body is None:
        tables = _live_tables(request, season, version)
        level = _chosen_level(request, tables.levels)
        context = {
            **_body_context(season, weeks, None, tables.levels, level, season.standings_order),
            "is_manager": True,
            "base_url": base_url,
            "table_html": mark_safe(tables.tables.get(level.key, "") if level else ""),  # noqa: S308  (the table's own rendering, kept as is)
            "race_lines": tables.race_lines.get(level.key, []) if level else [],
        }
        html = render_to_string("league/standings/_standings_body.html", context, request)
        body = LiveBody(str(html), tables.played)
        # Only the levels there are (and the first, asked by none): an unknown one in the
        # address is shown the first level but not kept under its own key.
        if asked == "" or any(lv.key == asked for lv in tables.levels):
            cache.set(key, body, timeout=CACHE_SECONDS)
    return body, kept.get(audience_key)


def _live_csv(request: HttpRequest, season: Season, version: Version) -> HttpResponse:
    def build() -> bytes:
        live = selectors_standings.live_standings(season)
        return _csv_content([row for entry in live for row in entry.rows])

    return cached_download(
        request,
        key=_live_key(season, version, "csv"),
        build=build,
        content_type=CONTENT_TYPE,
        filename=f"{season.slug}-standings-live.csv",
        last_modified=version.changed_at,
        private=True,
    )


def _table_html(request: HttpRequest, rows: list) -> str:
    table = StandingsTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    return table.as_html(request)


def _cache_key(snapshot: StandingsSnapshot, what: str) -> str:
    """The publishing time is in the key too, so a snapshot deleted in the admin and a
    new one with the same id never share an entry."""
    stamp = snapshot.published_at.timestamp()
    return f"league:standings:{TABLE_VERSION}:{snapshot.pk}:{stamp}:{what}"


def _published_table(
    request: HttpRequest, snapshot: StandingsSnapshot, level, marks: dict[int, str]
) -> str:  # type: ignore[no-untyped-def]
    """A published level's table, rendered once per set of race marks: the snapshot never
    changes, the race as of its week only when results of those weeks or the fixtures
    after them do."""
    if level is None:
        return _table_html(request, [])
    digest = hashlib.sha256(repr(sorted(marks.items())).encode()).hexdigest()[:16]
    key = _cache_key(snapshot, f"table:{level.key}:{digest}")
    html = cache.get(key)
    if html is None:
        rows = selectors_standings.snapshot_rows(snapshot, level)
        _mark(rows, marks)
        html = _table_html(request, rows)
        cache.set(key, str(html), timeout=CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308  (the table's own rendering, cached as is)


def _mark(rows: list, marks: dict[int, str]) -> None:
    for row in rows:
        row.race = marks.get(row.team_id, "")


def _published_race(
    season: Season, snapshot: StandingsSnapshot, version: Version, level
) -> Race | None:  # type: ignore[no-untyped-def]
    """The race as it stood after the published week (results of those weeks, every game
    of the later ones to play), computed once per results version."""
    if level is None:
        return None
    goal = (season.playoff_teams_per_bracket, season.playoff_grouping)
    key = _cache_key(snapshot, f"race:{version.key}:{goal[0]}:{goal[1]}")
    races = cache.get(key)
    if races is None:
        races = season_race(season, through_week=snapshot.week)
        cache.set(key, races, timeout=CACHE_SECONDS)
    return race_for_level(races, level.key)


@require_POST
@season_manager_required
def standings_publish_view(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    raw = request.POST.get("week", "")
    url = reverse("league:season_standings", args=[league, season])
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
        messages.error(request, "Choose the week to publish.")
        return redirect(url + "?week=live")
    try:
        snapshot = standings_publish(
            season=season_obj, week=int(raw), by=request.user, note=request.POST.get("note", "")
        )
    except ValidationError as exc:
        report(request, exc)
        return redirect(url + "?week=live")
    messages.success(
        request,
        f"Week {snapshot.week} standings published"
        + (
            f" ({plural(snapshot.open_games, 'game')} still without a result)"
            if snapshot.open_games
            else ""
        )
        + ". Captains and subscribers have been told.",
    )
    return redirect(url + f"?week={snapshot.week}")
