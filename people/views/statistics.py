"""A season's and an event's statistics: leaders, players, partnerships, and their CSV.

Public, like the standings: a season's or an event's statistics are part of its public
record, whatever each player's profile shows (docs/people.md, "Profiles and statistics").
"""

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from activity.exports import csv_response
from inputs.paging import table_configure
from league.models import Season
from people.selectors import statistics
from people.tables import CSV_COLUMNS, PartnershipTable, StatisticsTable
from tournaments.models import Tournament

ROWS_PER_PAGE = 100


def _csv(filename: str, rows: QuerySet, *, pairs: bool) -> HttpResponse:
    names = ["Player", "Partner"] if pairs else ["Player"]
    header = [*names, *(label for label, _ in CSV_COLUMNS)]
    lines = (
        [
            row["player__name"],
            *([row["partner__name"]] if pairs else []),
            *(row[key] for _, key in CSV_COLUMNS),
        ]
        for row in rows
    )
    return csv_response(filename, header, lines)


def _page(request: HttpRequest, lines: QuerySet, context: dict, filename: str) -> HttpResponse:
    players, pairs = statistics.player_rows(lines), statistics.partnership_rows(lines)
    export = request.GET.get("export")
    if export == "csv":
        return _csv(f"{filename}-statistics.csv", players, pairs=False)
    if export == "partners-csv":
        return _csv(f"{filename}-partnerships.csv", pairs, pairs=True)
    context |= {
        "leaders": statistics.leaders(list(players)),
        "counted": statistics.games_counted(lines),
        "min_hands": statistics.MIN_HANDS_FOR_RATE,
        "players": table_configure(request, StatisticsTable(players), per_page=ROWS_PER_PAGE),
        "pairs": table_configure(
            request, PartnershipTable(pairs, prefix="pairs-"), per_page=ROWS_PER_PAGE
        ),
    }
    return render(request, "people/statistics/statistics.html", context)


@require_safe
def season_statistics(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    context = {
        "title": f"{season.league.name} {season.name}",
        "back_url": season.get_absolute_url(),
        "season": season,
    }
    lines = statistics.scope_lines(season_id=season.pk)
    return _page(request, lines, context, f"{season.league.slug}-{season.slug}")


@require_safe
def event_statistics(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Tournament, slug=slug)
    context = {"title": event.name, "event": event}
    lines = statistics.scope_lines(tournament_id=event.pk)
    return _page(request, lines, context, event.slug)
