"""Public pages: the list, each event's page by format, the leaderboard (the room display is
views/room.py)."""

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.permissions import can_keep_score, can_run_tournament, player_id_for
from inputs.paging import table_configure
from tournaments.filters import TournamentFilter
from tournaments.models import HeatStage, Tournament
from tournaments.selectors import (
    bracket_places,
    bracket_view,
    heats_view,
    rounds_view,
)
from tournaments.selectors.boards import (
    flight_chosen,
    flight_key,
    kept,
    leaderboard_flight_kept,
    leaderboard_kept,
)
from tournaments.selectors.event_row import tournament_for_page
from tournaments.tables import LeaderboardTable, TournamentTable


def _tournament(slug: str) -> Tournament:
    return tournament_for_page(slug)


def tournament_list(request: HttpRequest) -> HttpResponse:
    queryset = Tournament.objects.select_related("director", "rule_set")
    filtered = TournamentFilter(request.GET, queryset=queryset)
    table = TournamentTable(filtered.qs)
    table_configure(request, table, per_page=25)
    return render(request, "tournaments/tournament_list.html", {"filter": filtered, "table": table})


def _my_entry(request: HttpRequest, tournament: Tournament):
    """The signed-in player's own entry, so the page can point them to their seats."""
    player_id = player_id_for(request.user)
    if player_id is None:
        return None
    return tournament.entries.filter(Q(player_id=player_id) | Q(partner_id=player_id)).first()


def _base(request: HttpRequest, tournament: Tournament) -> dict:
    return {
        "tournament": tournament,
        "my_entry": _my_entry(request, tournament),
        "can_run": can_run_tournament(request.user, tournament),
        # By id: reading `tournament.champion` first would fetch the entry twice.
        "champion": tournament.champion_id
        and tournament.entries.select_related("player", "partner").get(pk=tournament.champion_id),
    }


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    context = _base(request, tournament)
    if tournament.is_progressive:
        board = leaderboard_kept(tournament)
        current = [tournament.current_round] if tournament.current_round else []
        context |= {
            "board": board,
            "table": LeaderboardTable.for_board(board, limit=10),
            "current": (rounds_view(tournament, current) or [None])[0],
            "round_numbers": list(tournament.round_set.values_list("number", flat=True)),
        }
        return render(request, "tournaments/progressive_detail.html", context)
    if tournament.is_bracket:
        context["brackets"] = bracket_view(tournament)
        context["places"] = bracket_places(tournament, context["brackets"])
        return render(request, "tournaments/bracket_detail.html", context)
    context["stages"] = heats_view(tournament)
    return render(request, "tournaments/heats_detail.html", context)


def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    if not tournament.is_progressive:
        raise Http404("Only progressive events have an individual leaderboard.")
    # ?flight=A: that flight's rows, placed within it; a flight the event hasn't: everyone.
    flight, notice = flight_chosen(tournament, request.GET.get("flight"))
    # What the page shows of the board, its table rendered, kept once per version of the
    # results and flight: the same for everyone, and one read of the cache.
    board = kept(
        f"leaderboard-page:{flight_key(tournament, flight)}",
        tournament,
        lambda: _leaderboard_page(request, tournament, flight),
    )
    context = _base(request, tournament) | {
        "board": board,
        "table_html": board["table_html"],
        "flight": flight,
        "flight_notice": notice,
    }
    return render(request, "tournaments/leaderboard.html", context)


def _leaderboard_page(request: HttpRequest, tournament: Tournament, flight: str) -> dict:
    board = leaderboard_flight_kept(tournament, flight)
    return {
        "flights": board.flights,
        "rounds_scored": board.rounds_scored,
        "tiebreaks": board.tiebreaks,
        "sit_out_rule": board.sit_out_rule,
        "table_html": LeaderboardTable.for_board(board, by_round=True).as_html(request),
    }


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _tournament(slug)
    views = rounds_view(tournament, [number])
    if not views:
        raise Http404("No such round.")
    return render(
        request,
        "tournaments/round_detail.html",
        _base(request, tournament)
        | {"round": views[0], "can_keep_score": can_keep_score(request.user, tournament)},
    )


def heat_stage(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _tournament(slug)
    if not tournament.is_heats:
        raise Http404("Only heats events have stages.")
    stages = [s for s in heats_view(tournament) if s.stage.number == number]
    if not stages:
        raise Http404("No such stage.")
    context = _base(request, tournament) | {
        "view": stages[0],
        "stage_numbers": list(
            HeatStage.objects.filter(tournament=tournament).values_list("number", flat=True)
        ),
    }
    return render(request, "tournaments/heat_stage.html", context)
