"""The season's schedule page and its CSV: by week (this week first), level or team.

The page shows one week unless asked for a team or all weeks, a hundred rows a page, each
row written by a plain template loop from values read in one query, with its links made
by formatting an id into a path reversed once. Everything under the heading is the same
for every visitor (managers apart), so it is rendered once per version of the results
(which carries the schedule's: `league.seasons.versions`), day and query, and kept in the
cache; the CSV likewise, per version of the schedule (`activity.exports.cached_download`).
A played fixture's row shows its score (games won, from `league.seasons.scores`).
"""

import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe

from accounts import permissions
from activity.exports import CACHE_SECONDS, CONTENT_TYPE, cached_download, csv_content
from league.seasons import selectors
from league.seasons.filters import FixtureFilter
from league.seasons.models import Fixture, Season
from league.seasons.scores import fixture_scores
from league.seasons.selectors import ScheduleRow
from league.seasons.versions import Version, season_with_versions

PER_PAGE = 100
# Sort keys (`?sort=date`, `?sort=-date`) and the order each means, ties broken the same way.
SORTS = {
    "week": ("week", "date", "skill_level__position", "table__position", "pk"),
    "date": ("date", "week", "skill_level__position", "table__position", "pk"),
    "skill_level": ("skill_level__position", "skill_level__name", "date", "pk"),
    "home": ("home__name", "date", "pk"),
    "away": ("away__name", "date", "pk"),
    "table": ("table__venue__name", "table__position", "date", "pk"),
    "status": ("status", "date", "pk"),
}
COLUMNS = [
    ("week", "Week"),
    ("date", "Date"),
    ("skill_level", "Level"),
    ("home", "Home"),
    ("away", "Away"),
    ("table", "Where"),
    ("status", "Status"),
]
NARROWING = ("week", "q", "team")
PARAMS = ("week", "skill_level", "q", "team", "sort", "page")
CSV_HEADER = ["Week", "Date", "Level", "Home", "Away", "Where", "Status"]
# Bump when the page's body or the CSV's columns change, so no cached copy of the old
# shape is served.
BODY_VERSION = 3


@dataclass(frozen=True, slots=True)
class Line:
    row: ScheduleRow
    home_url: str
    away_url: str
    fixture_url: str
    edit_url: str
    score: str  # "2–1", home's games won first; "" before any game is decided


def _by_id(name: str) -> Callable[[int], str]:
    """The path of `name` for any id, reversed once (a path per row cost the page dearly)."""
    marker = 987654321
    before, after = reverse(name, args=[marker]).rsplit(str(marker), 1)
    return lambda pk: f"{before}{pk}{after}"


def _order(sort: str) -> tuple[str, ...]:
    fields = SORTS.get(sort.removeprefix("-"), SORTS["date"])
    return tuple(f"-{f}" for f in fields) if sort.startswith("-") else fields


def season_schedule(request: HttpRequest, league: str, season: str) -> HttpResponse:
    # The versions are read with the season, before any fixture: see league.seasons.versions.
    season_obj, versions = season_with_versions(league, season)
    version = versions.schedule
    is_manager = permissions.can_manage_season(request.user, season_obj)
    if not (season_obj.is_published or is_manager):
        return render(request, "league/schedule_unpublished.html", {"season": season_obj})
    data = _asked(request.GET)
    if request.GET.get("export") == "csv":
        return _csv(request, season_obj, data, version)
    today = timezone.localdate()
    # The rows show scores, so the body follows the results' version (the schedule's inside).
    parts = ("schedule-page", season_obj, versions.results, is_manager, today)
    body = cache.get(_key(*parts, data.urlencode()))
    if body is None:
        context = _body(season_obj, data, is_manager, today)
        body = str(render_to_string("league/_schedule_body.html", context))
        kept = _kept_query(season_obj, context["filter"], data, context["page"].number)
        if kept is not None:
            cache.set(_key(*parts, kept), body, timeout=CACHE_SECONDS)
    return render(
        request,
        "league/season_schedule.html",
        {"season": season_obj, "is_manager": is_manager, "body": mark_safe(body)},  # noqa: S308  (our template's output, cached as is)
    )


def _asked(query: QueryDict) -> QueryDict:
    """What the page reads of the address, written one way: other keys, empty values, an
    unknown sort and a page that isn't a number are dropped, so they don't split the cache
    (no query: this runs before every cache read)."""
    data = QueryDict(mutable=True)
    for name in PARAMS:
        value = query.get(name, "")
        if name == "sort" and value.removeprefix("-") not in SORTS:
            continue
        if name == "page":
            value = (
                str(int(value)) if value.isascii() and value.isdigit() and len(value) < 7 else ""
            )
            value = "" if value in ("0", "1") else value
        if value:
            data[name] = value
    return data


def _kept_query(season: Season, filtered: FixtureFilter, data: QueryDict, page: int) -> str | None:
    """The query a rendering of `data` is kept under, or None when it isn't kept: a search
    by name (free text), or a week, level or team the season doesn't have. A page past the
    last is kept as the last page it shows. So the cache holds at most one body per real
    view of the season, whatever addresses are asked for."""
    if data.get("q") or not filtered.is_valid():
        return None
    team = filtered.form.cleaned_data.get("team")
    if team is not None and not season.teams.filter(pk=team).exists():
        return None
    kept = data.copy()
    kept.pop("page", None)
    if page > 1:
        kept["page"] = str(page)
    return kept.urlencode()


def _key(what: str, season: Season, version: Version, *parts: object) -> str:
    """A cache key naming the schedule's version and everything else the output shows."""
    named = repr((BODY_VERSION, season.pk, version.key, *parts))
    return f"league:{what}:{hashlib.sha256(named.encode()).hexdigest()}"


def _filtered(season: Season, data: QueryDict, *, default_week: datetime.date | None):  # type: ignore[no-untyped-def]
    """The filter over the season's fixtures; with `default_week`, the week of that day is
    shown unless a week or a team is asked for."""
    weeks = selectors.schedule_weeks(season)
    if default_week is not None and not any(data.get(name) for name in NARROWING):
        this_week = selectors.current_week(weeks, default_week)
        if this_week is not None:
            data = data.copy()
            data["week"] = str(this_week)
    fixtures = Fixture.objects.filter(season=season)
    return FixtureFilter(data, queryset=fixtures, season=season, weeks=weeks), weeks, data


def _body(season: Season, data: QueryDict, is_manager: bool, today: datetime.date) -> dict:
    """What the page shows under its heading: filter, week links, rows, pages."""
    filtered, weeks, data = _filtered(season, data, default_week=today)
    sort = data.get("sort", "")
    fixtures = filtered.qs.order_by(*_order(sort))
    page = Paginator(selectors.schedule_values(fixtures), PER_PAGE).get_page(data.get("page"))
    team_url, fixture_url = _by_id("league:team_detail"), _by_id("league:fixture_detail")
    edit_url = _by_id("league:fixture_edit") if is_manager else (lambda pk: "")
    rows = selectors.schedule_rows(page.object_list)
    scores = fixture_scores([row.pk for row in rows if row.away_id])
    lines = [
        Line(
            row,
            team_url(row.home_id),
            team_url(row.away_id) if row.away_id else "",
            fixture_url(row.pk) if row.away_id else "",
            edit_url(row.pk),
            scores.get(row.pk, ""),
        )
        for row in rows
    ]
    return {
        "filter": filtered,
        "is_manager": is_manager,
        "lines": lines,
        "page": page,
        "columns": _columns(data, sort),
        "page_query": _query(data, page=None),
        "csv_query": _query(data, page=None, export="csv"),
        "week_nav": _week_nav(data, weeks),
    }


def _query(data: QueryDict, **changes: str | None) -> str:
    """The query string of `data` with `changes` (None drops a key)."""
    query = data.copy()
    for name, value in changes.items():
        query.pop(name, None)
        if value is not None:
            query[name] = value
    return query.urlencode()


def _columns(data: QueryDict, sort: str) -> list[dict]:
    columns = []
    for key, label in COLUMNS:
        current = "ascending" if sort == key else "descending" if sort == f"-{key}" else ""
        flipped = f"-{key}" if current == "ascending" else key
        columns.append(
            {"label": label, "sorted": current, "url": "?" + _query(data, sort=flipped, page=None)}
        )
    return columns


def _week_nav(data: QueryDict, weeks: list[selectors.ScheduleWeek]) -> dict:
    """Links to the weeks either side of the one shown (none when all weeks are shown)."""
    shown = data.get("week", "")
    numbers = [week.week for week in weeks]
    if not (shown.isascii() and shown.isdigit()) or int(shown) not in numbers:
        return {}
    index = numbers.index(int(shown))
    nav = {"week": int(shown)}
    for name, other in (("previous", index - 1), ("next", index + 1)):
        if 0 <= other < len(numbers):
            week = str(numbers[other])
            nav[name] = {"week": week, "url": "?" + _query(data, week=week, page=None)}
    return nav


def _csv(request: HttpRequest, season: Season, data: QueryDict, version: Version):  # type: ignore[no-untyped-def]
    """Every fixture the filter keeps (all weeks unless one is named), made once per version."""

    def build() -> bytes:
        filtered, _, _ = _filtered(season, data, default_week=None)
        fixtures = filtered.qs.order_by(*_order(data.get("sort", "")))
        rows = selectors.schedule_rows(selectors.schedule_values(fixtures))
        return csv_content(
            CSV_HEADER,
            (
                [
                    row.week,
                    row.date.isoformat(),
                    row.level or "",
                    row.home,
                    row.away or "bye",
                    row.where or "—",
                    row.status_label,
                ]
                for row in rows
            ),
        )

    def keep() -> bool:  # asked only when the file isn't kept already
        checked, _, _ = _filtered(season, data, default_week=None)
        return _kept_query(season, checked, data, 1) is not None

    data = data.copy()
    data.pop("page", None)  # the file has every row
    return cached_download(
        request,
        key=_key("schedule-csv", season, version, data.urlencode()),
        keep=keep,
        build=build,
        content_type=CONTENT_TYPE,
        filename=f"{season.slug}-schedule.csv",
        last_modified=version.changed_at,
        private=not season.is_published,
    )
