"""The manager/director queue of disputed cards."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import permissions
from scoring.selectors import disputed_scorecards
from scoring.tables import DisputeTable


@permissions.require(permissions.can_settle_scorecards)
def dispute_queue(request: HttpRequest) -> HttpResponse:
    table = DisputeTable(disputed_scorecards())
    return render(request, "scoring/dispute_queue.html", {"table": table})
