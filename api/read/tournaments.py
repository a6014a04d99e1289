"""Events, their rounds and tables, and the leaderboard: what the public event pages show,
from the same selectors, kept per version of the event's results (`tournaments.versions`,
with the event's own settings: `tournaments.selectors.boards.board_key`)."""

import datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Path, Query, Router
from ninja.errors import HttpError

from api.read import schemas as out
from api.read.http import LIMIT, OFFSET, READ_THROTTLE, SLUG, answer, window
from api.read.leagues import FROM, TO, paged, reads
from tournaments.models import Tournament
from tournaments.selectors import rounds_view
from tournaments.selectors.boards import board_key, flight_chosen, leaderboard_flight_kept
from tournaments.selectors.progressive import RoundView
from tournaments.versions import RESULTS_VERSION

router = Router(tags=["tournaments"], throttle=READ_THROTTLE)

EVENT = Path(..., pattern=SLUG, max_length=50, description="The event's slug.")
NUMBER = Path(..., ge=1, le=999, description="The round's number.")
FLIGHT = Query(None, max_length=40, description="One flight's rows, placed within it.")


def _event(slug: str) -> Tournament:
    return get_object_or_404(
        Tournament.objects.annotate(results_version=RESULTS_VERSION), slug=slug
    )


def tournament_out(event: Tournament) -> out.TournamentOut:
    return out.TournamentOut(
        slug=event.slug,
        name=event.name,
        date=event.date,
        venue=event.venue,
        format=event.format,
        status=event.status,
        rounds=event.rounds,
        current_round=event.current_round,
    )


@router.get("", response=paged(out.TournamentPage), url_name="read_tournaments")
def read_tournaments(
    request: HttpRequest,
    since: datetime.date | None = FROM,
    until: datetime.date | None = TO,
    limit: int = LIMIT,
    offset: int = OFFSET,
) -> HttpResponse:
    """Every event, newest first; `from` and `to` bound its date."""

    def build() -> out.TournamentPage:
        events = Tournament.objects.order_by("-date", "name", "pk")
        if since is not None:
            events = events.filter(date__gte=since)
        if until is not None:
            events = events.filter(date__lte=until)
        return out.TournamentPage(
            count=events.count(),
            limit=limit,
            offset=offset,
            items=[tournament_out(e) for e in events[window(limit, offset)]],
        )

    return answer(request, build)


@router.get("/{slug}", response=reads(out.TournamentOut), url_name="read_tournament")
def read_tournament(request: HttpRequest, slug: str = EVENT) -> HttpResponse:
    """One event: its format, status and the round under way."""
    event = _event(slug)
    return answer(request, lambda: tournament_out(event), key=board_key("api-event", event))


def round_out(view: RoundView) -> out.RoundOut:
    return out.RoundOut(
        number=view.number,
        status=view.status,
        started_at=view.started_at,
        tables=[
            out.TableOut(
                number=table.number,
                seats=[
                    out.SeatOut(seat=seat, player=entry.player.name, entry=entry.number)
                    for seat, entry in sorted(table.seats.items(), key=lambda s: "NESW".index(s[0]))
                ],
                confirmed=table.confirmed,
                side_score=table.side_score,
                seat_points=table.seat_points,
            )
            for table in view.tables
        ],
        sitting_out=[entry.player.name for entry in view.sitting_out],
    )


@router.get("/{slug}/rounds", response=reads(out.RoundList), url_name="read_rounds")
def read_rounds(request: HttpRequest, slug: str = EVENT) -> HttpResponse:
    """Every round drawn, with its tables, who sits where and each confirmed result."""
    event = _event(slug)

    def build() -> out.RoundList:
        return out.RoundList(
            tournament=event.slug, rounds=[round_out(v) for v in rounds_view(event)]
        )

    return answer(request, build, key=board_key("api-rounds", event))


@router.get("/{slug}/rounds/{number}", response=reads(out.RoundOut), url_name="read_round")
def read_round(request: HttpRequest, slug: str = EVENT, number: int = NUMBER) -> HttpResponse:
    """One round's tables, as the round page shows them."""
    event = _event(slug)
    views = rounds_view(event, [number])
    if not views:
        raise HttpError(404, f"This event has no round {number}.")
    return answer(request, lambda: round_out(views[0]), key=board_key(f"api-round:{number}", event))


@router.get("/{slug}/leaderboard", response=reads(out.LeaderboardOut), url_name="read_leaderboard")
def read_leaderboard(
    request: HttpRequest, slug: str = EVENT, flight: str | None = FLIGHT
) -> HttpResponse:
    """A progressive event's individual leaderboard (`?flight=`: one flight, placed within
    it; a flight the event hasn't: everyone, as the page)."""
    event = _event(slug)
    if not event.is_progressive:
        raise HttpError(404, "Only progressive events have an individual leaderboard.")
    chosen, _ = flight_chosen(event, flight)
    index = event.flight_names.index(chosen) if chosen else "all"

    def build() -> out.LeaderboardOut:
        board = leaderboard_flight_kept(event, chosen)
        return out.LeaderboardOut(
            tournament=event.slug,
            flight=chosen,
            flights=list(board.flights),
            rounds_scored=board.rounds_scored,
            tiebreaks=[key for key, _ in board.tiebreaks],
            rows=[
                out.LeaderRowOut(
                    place=row.standing.place,
                    tied=row.standing.tied,
                    player=row.entry.player.name,
                    player_id=row.entry.player_id,
                    points=float(row.standing.points),
                    game_points=row.standing.game_points,
                    rounds_played=row.standing.rounds_played,
                    sit_out_points=float(row.standing.sit_out_points),
                    games_won=row.standing.games_won,
                    lone_hands_made=row.standing.lone_hands_made,
                    best_round=row.standing.best_round,
                    prize_cents=row.prize_cents,
                    flight=row.flight,
                    rounds=list(row.rounds),
                )
                for row in board.rows
            ],
        )

    return answer(request, build, key=board_key(f"api-leaderboard:{index}", event))
