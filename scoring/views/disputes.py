"""The manager/director queue of disputed cards."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import permissions
from scoring.selectors import disputed_scorecards
from scoring.tables import DisputeTable


@permissions.require(permissions.can_settle_scorecards)
def dispute_queue(request: HttpRequest) -> HttpResponse:
    user = request.user
    # Each dispute to the staff of the league or tournament that owns its game, no one else.
    cards = [card for card in disputed_scorecards() if permissions.can_settle_game(user, card.game)]
    table = DisputeTable(cards)
    return render(request, "scoring/dispute_queue.html", {"table": table})
