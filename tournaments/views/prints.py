"""Printable pages for the room: table sheets, "where do I sit" cards, 8-box scorecards."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.permissions import can_keep_score
from scoring.selectors import game_for_card
from tournaments.selectors import player_schedule, rounds_view
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
    """A card per player with their table and seat in every round, to cut and hand out."""
    tournament = _progressive(slug)
    schedule = sorted(player_schedule(tournament).items(), key=lambda item: item[0].player.name)
    # Seat codes confirm cards: printed for the event's staff, never shown to the public.
    show_codes = can_keep_score(request.user, tournament)
    return render(
        request,
        "tournaments/print_seat_cards.html",
        _base(request, tournament) | {"schedule": schedule, "show_codes": show_codes},
    )


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
