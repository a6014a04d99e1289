"""The room display: a full-screen page for the projector or TV, without the site's chrome.

`big_screen` is the whole page; `big_screen_panel` is its body, which the page asks for
again every few seconds (htmx), each time for the next page of tables and leaders. Every
screen in the room polls it: a progressive event's panel is one query for the event and its
results version, then the cache (`tournaments.selectors.boards`).
"""

import datetime
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from inputs.bounds import typed_number
from tournaments.models import Tournament
from tournaments.selectors import bracket_view, heats_view
from tournaments.selectors.boards import CACHE_SECONDS, board_key, flight_chosen, flight_key
from tournaments.selectors.room import PAGE_MAX, RoundClock, room_view, round_clock
from tournaments.versions import RESULTS_VERSION

REFRESH_SECONDS = 10
# Bump when _room_sections.html changes, to drop the kept renderings.
SECTIONS_VERSION = 1


@dataclass(frozen=True)
class KeptRoom:
    """One refresh of a progressive event's display, its tables and leaders rendered: kept
    per results version and page, so every screen's poll renders only the header."""

    round_number: int | None
    started_at: datetime.datetime | None
    next_page: int
    html: str


@dataclass(frozen=True)
class PanelRoom:
    """What the panel's template reads of the room: the kept part and the clock now."""

    round_number: int | None
    clock: RoundClock | None
    next_page: int
    sections_html: SafeString


def _page(request: HttpRequest) -> int:
    number = typed_number(request.GET.get("page"), digits=11)
    return number % PAGE_MAX if number is not None else 0


def _context(request: HttpRequest, slug: str) -> dict:
    tournament = get_object_or_404(
        Tournament.objects.select_related("rule_set").annotate(results_version=RESULTS_VERSION),
        slug=slug,
    )
    context: dict = {"tournament": tournament, "refresh_seconds": REFRESH_SECONDS}
    if tournament.is_progressive:
        # ?flight=A: the leaders of that flight; a flight the event hasn't: everyone.
        flight, notice = flight_chosen(tournament, request.GET.get("flight"))
        context |= {"flight": flight, "flight_notice": notice}
        context["room"] = _panel_room(request, tournament, _page(request), flight)
    elif tournament.is_bracket:
        context["brackets"] = bracket_view(tournament)
    else:
        context["stages"] = heats_view(tournament)
    if tournament.champion_id:
        context["champion"] = tournament.entries.select_related("player", "partner").get(
            pk=tournament.champion_id
        )
    return context


def _panel_room(
    request: HttpRequest, tournament: Tournament, page: int, flight: str = ""
) -> PanelRoom:
    """One cache read while the results stay as they are (the key is read with the event)."""
    which = flight_key(tournament, flight)
    key = f"{board_key('room', tournament)}:{which}:{page}:html:{SECTIONS_VERSION}"
    kept = cache.get(key)
    if kept is None:
        room = room_view(tournament, page, flight)
        html = render_to_string("tournaments/_room_sections.html", {"room": room}, request)
        kept = KeptRoom(
            room.round_number, room.clock and room.clock.started_at, room.next_page, html
        )
        if page < room.turn:  # a page number typed beyond the turn is not kept apart
            cache.set(key, kept, timeout=CACHE_SECONDS)
    return PanelRoom(
        round_number=kept.round_number,
        clock=round_clock(tournament, kept.started_at),
        next_page=kept.next_page,
        sections_html=mark_safe(kept.html),  # noqa: S308  (our own template's output, kept as is)
    )


def big_screen(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "tournaments/big_screen.html", _context(request, slug))


def big_screen_panel(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "tournaments/_big_screen_panel.html", _context(request, slug))
