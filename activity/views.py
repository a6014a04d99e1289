"""The shared activity page: league and tournament views authorize, then call `activity_page`.

The owning app's view loads its league or tournament, checks who may see the log, and
hands over the scope; this renders the filters, the paged table, and `?export=csv`.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from activity import selectors
from activity.exports import csv_response
from activity.filters import ActivityFilter
from activity.models import Activity
from activity.tables import ActivityTable
from inputs.paging import table_configure

PER_PAGE = 50
CSV_HEADER = ["when", "who", "action", "verb", "object", "detail"]


def _csv_row(entry: Activity) -> list[object]:
    return [
        timezone.localtime(entry.at).isoformat(timespec="seconds"),
        entry.actor_name,
        entry.get_verb_display(),
        entry.verb,
        entry.target_label,
        entry.detail,
    ]


def activity_page(
    request: HttpRequest,
    *,
    scope_kind: str,
    scope_id: int,
    title: str,
    back_url: str,
    back_label: str,
    filename: str,
) -> HttpResponse:
    """The log of one league or tournament: filters, 50 entries a page, or the CSV of all
    entries the filters select (`filename` without the extension)."""
    entries = selectors.activity_for_scope(scope_kind=scope_kind, scope_id=scope_id)
    log_filter = ActivityFilter(request.GET or None, queryset=entries)
    if request.GET.get("export") == "csv":
        rows = (_csv_row(entry) for entry in log_filter.qs.iterator(chunk_size=500))
        return csv_response(f"{filename}-activity.csv", CSV_HEADER, rows)
    table = ActivityTable(log_filter.qs)
    table_configure(request, table, per_page=PER_PAGE)
    context = {
        "title": title,
        "back_url": back_url,
        "back_label": back_label,
        "filter": log_filter,
        "table": table,
        "export_query": _export_query(request),
    }
    if request.htmx and not request.htmx.boosted:
        return render(request, "activity/_log_table.html", context)
    return render(request, "activity/log.html", context)


def _export_query(request: HttpRequest) -> str:
    query = request.GET.copy()
    query.pop("page", None)
    query["export"] = "csv"
    return query.urlencode()
