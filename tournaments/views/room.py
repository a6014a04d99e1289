"""The room display: a full-screen page for the projector or TV, without the site's chrome.

`big_screen` is the whole page; `big_screen_panel` is its body, which the page asks for
again every few seconds (htmx), each time for the next page of tables and leaders. Every
screen in the room polls it: a progressive event's panel is one query for the event and its
results version, then the cache (`tournaments.selectors.boards`).
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Tournament
from tournaments.selectors import bracket_view, heats_view
from tournaments.selectors.room import PAGE_MAX, room_view
from tournaments.versions import RESULTS_VERSION

REFRESH_SECONDS = 10


def _page(request: HttpRequest) -> int:
    raw = request.GET.get("page", "")
    return int(raw) % PAGE_MAX if raw.isdigit() and len(raw) < 12 else 0


def _context(request: HttpRequest, slug: str) -> dict:
    tournament = get_object_or_404(
        Tournament.objects.select_related("rule_set").annotate(results_version=RESULTS_VERSION),
        slug=slug,
    )
    context: dict = {"tournament": tournament, "refresh_seconds": REFRESH_SECONDS}
    if tournament.is_progressive:
        context["room"] = room_view(tournament, _page(request))
    elif tournament.is_bracket:
        context["brackets"] = bracket_view(tournament)
    else:
        context["stages"] = heats_view(tournament)
    if tournament.champion_id:
        context["champion"] = tournament.entries.select_related("player", "partner").get(
            pk=tournament.champion_id
        )
    return context


def big_screen(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "tournaments/big_screen.html", _context(request, slug))


def big_screen_panel(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "tournaments/_big_screen_panel.html", _context(request, slug))
