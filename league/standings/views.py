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
from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.models import Season
from league.seasons.versions import Version, season_versions
from league.standings import selectors as selectors_standings
from league.standings.models import StandingsSnapshot
from league.standings.services import standings_publish
from league.standings.tables import StandingsTable, legend
from league.web import report

# Bump when the table's columns, its template or the CSV writer change, to drop the cached
# published tables and files.
TABLE_VERSION = 4
CACHE_SECONDS = 7 * 24 * 3600
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


def _unpublished_weeks(
    season: Season, weeks: list[StandingsSnapshot], played: list[int] | None = None
) -> list[int]:
    """Weeks a manager may publish now: played (first night passed), not yet published."""
    published = {s.week for s in weeks}
    if played is None:
        played = selectors_standings.played_weeks(season)
    return [week for week in reversed(played) if week not in published]


def season_standings(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj, weeks = selectors_standings.season_and_weeks(league, season)
    is_manager = permissions.can_manage_season(request.user, season_obj)
    snapshot = _chosen_week(request, weeks, is_manager)
    if snapshot is None and not is_manager:
        return render(
            request,
            "league/standings/season_standings.html",
            {"season": season_obj, "weeks": weeks, "nothing_yet": True},
        )
    if snapshot is not None:
        levels = cache.get_or_set(
            _cache_key(snapshot, "levels"),
            lambda: selectors_standings.snapshot_levels(snapshot),
            timeout=CACHE_SECONDS,
        )
        order = snapshot.standings_order
    else:
        version = season_versions(season_obj).results  # read before the results: see versions
        if request.GET.get("export") == "csv":
            return _live_csv(request, season_obj, version)
        live = _live_tables(request, season_obj, version)
        levels = live.levels
        order = season_obj.standings_order
    if request.GET.get("export") == "csv":
        return _csv(request, season_obj, snapshot)
    level = next((lv for lv in levels if lv.key == request.GET.get("level")), None)
    level = level or (levels[0] if levels else None)
    context = {
        "season": season_obj,
        "weeks": weeks,
        "snapshot": snapshot,
        "levels": levels,
        "level": level,
        "order_text": selectors_standings.order_description(order),
        "sos_explanation": metrics.SOS.explanation,
        "legend": legend(),
        "is_manager": is_manager,
        "week_param": snapshot.week if snapshot else "live",
        "publishable": (
            _unpublished_weeks(season_obj, weeks, None if snapshot else live.played)
            if is_manager
            else []
        ),
        "base_url": reverse("league:season_standings", args=[league, season]),
    }
    if snapshot is None:
        context["table_html"] = mark_safe(live.tables.get(level.key, "") if level else "")  # noqa: S308  (the table's own rendering, cached as is)
    elif is_manager:
        context["table_html"] = _published_table(request, snapshot, level)
    else:
        context["body_html"] = _published_body(request, context)
    return render(request, "league/standings/season_standings.html", context)


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
    )
    digest = hashlib.sha256(repr(shown).encode()).hexdigest()[:16]
    key = _cache_key(snapshot, f"body:{level.key if level else '-'}:{digest}")
    html = cache.get(key)
    if html is None:
        context = {**context, "table_html": _published_table(request, snapshot, level)}
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
    return csv_content(CSV_FIELDS, [[getattr(row, n) for n in CSV_FIELDS] for row in rows])


@dataclass(frozen=True)
class LiveTables:
    """A manager's live standings as shown: the levels and each level's table, rendered."""

    levels: list[selectors_standings.Level]
    tables: dict[str, str]  # level key -> table HTML
    played: list[int]  # the weeks played so far (the publish form's choices)


def _live_key(season: Season, version: Version, what: str) -> str:
    """Live standings are kept per results version (cards, forfeits, fixtures, teams: see
    `league.seasons.versions`) and the season's own settings they are computed with."""
    settings = (season.standings_order, season.forfeit_winner_score, season.forfeit_loser_score)
    named = repr((TABLE_VERSION, season.pk, version.key, settings, what))
    return f"league:standings:live:{hashlib.sha256(named.encode()).hexdigest()}"


def _live_tables(request: HttpRequest, season: Season, version: Version) -> LiveTables:
    """Computed from every game once per results version, then served from the cache."""
    key = _live_key(season, version, f"tables:{timezone.localdate()}")
    tables = cache.get(key)
    if tables is None:
        live = selectors_standings.live_standings(season)
        tables = LiveTables(
            [entry.level for entry in live],
            {entry.level.key: str(_table_html(request, entry.rows)) for entry in live},
            selectors_standings.played_weeks(season),
        )
        cache.set(key, tables, timeout=CACHE_SECONDS)
    return tables


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


def _published_table(request: HttpRequest, snapshot: StandingsSnapshot, level) -> str:  # type: ignore[no-untyped-def]
    """A published level's table, rendered once: the snapshot never changes."""
    if level is None:
        return _table_html(request, [])
    key = _cache_key(snapshot, f"table:{level.key}")
    html = cache.get(key)
    if html is None:
        html = _table_html(request, selectors_standings.snapshot_rows(snapshot, level))
        cache.set(key, str(html), timeout=CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308  (the table's own rendering, cached as is)


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
        + (f" ({snapshot.open_games} games still without a result)" if snapshot.open_games else "")
        + ". Captains and subscribers have been told.",
    )
    return redirect(url + f"?week={snapshot.week}")
