"""Printable pages for the room: table sheets, "where do I sit" cards, 8-box scorecards."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from accounts.permissions import can_keep_score
from scoring.selectors import game_for_card
from tournaments.selectors import player_schedule, rounds_view
from tournaments.selectors.seat_find import (
    CODE_QUERY_MAX,
    MATCHES_SHOWN,
    NAME_QUERY_MAX,
    name_matches,
    name_query,
    seat_code_lookup,
)
from tournaments.views.public import _base, _tournament


def _progressive(slug: str):
    tournament = _tournament(slug)
    if not tournament.is_progressive:
        raise Http404("Only progressive events print table sheets and seat cards.")
    return tournament


def round_sheet(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One page per round for the director's table: every table and who sits where."""
    tournament = _progressive(slug)
    views = rounds_view(tournament, [number])
    if not views:
        raise Http404("No such round.")
    return render(
        request,
        "tournaments/print_round_sheet.html",
        _base(request, tournament) | {"round": views[0]},
    )


def seat_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Where do I sit": the signed-in player's own seat first, a search by name or seat
    code (a GET form, so it works without scripts), and every player's card to print."""
    tournament = _progressive(slug)
    base = _base(request, tournament)
    code = request.GET.get("code", "")
    if code.strip():
        found, problem = seat_code_lookup(request, tournament, code)
        if found is not None:
            url = reverse("tournaments:seat_card", args=[tournament.slug, found.number])
            return redirect(f"{url}#now")
    else:
        problem = ""
    schedule = sorted(player_schedule(tournament).items(), key=lambda item: item[0].player.name)
    mine = base["my_entry"]
    query, query_problem = name_query(request.GET.get("name", ""))
    matches = [(e, lines) for e, lines in schedule if query and name_matches(query, e.player.name)]
    everyone = request.GET.get("all") == "1"
    context = base | {
        "mine": next(((e, lines) for e, lines in schedule if mine and e.pk == mine.pk), None),
        "query": query,
        "find_problem": problem or query_problem,
        "matches": matches[:MATCHES_SHOWN],
        "more_matches": max(0, len(matches) - MATCHES_SHOWN),
        "everyone": everyone,
        "schedule": schedule if everyone else [],
        # Seat codes confirm cards: printed for the event's staff, never shown to the public.
        "show_codes": can_keep_score(request.user, tournament),
        "name_max": NAME_QUERY_MAX,
        "code_max": CODE_QUERY_MAX,
    }
    return render(request, "tournaments/print_seat_cards.html", context)


def seat_card(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One player's "where do I sit" card, readable on a phone."""
    tournament = _progressive(slug)
    schedule = player_schedule(tournament)
    found = [(entry, lines) for entry, lines in schedule.items() if entry.number == number]
    if not found:
        raise Http404("That player has no seats in this tournament.")
    entry, lines = found[0]
    now = [line for line in lines if line.round == tournament.current_round and line.game_id]
    # The scoring component renders only for people who may enter this table's card.
    current_game = game_for_card(now[0].game_id) if now else None
    return render(
        request,
        "tournaments/seat_card.html",
        _base(request, tournament) | {"entry": entry, "lines": lines, "current_game": current_game},
    )


def scorecards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Individual scorecards for a round: a box per hand, initials, and the table's game."""
    tournament = _progressive(slug)
    views = rounds_view(tournament, [number])
    if not views:
        raise Http404("No such round.")
    boxes = list(range(1, tournament.hands_per_round + 1))
    return render(
        request,
        "tournaments/print_scorecards.html",
        _base(request, tournament) | {"round": views[0], "boxes": boxes},
    )
