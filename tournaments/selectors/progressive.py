"""Reads for progressive pages: rounds and tables, the leaderboard, each player's seats."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, replace

from django.db.models import Prefetch

from algorithms.prizes import split_prizes
from scoring.selectors import ConfirmedResult, confirmed_results
from tournaments import flights, leaderboard
from tournaments.models import Entry, Round, Seat, Tournament


@dataclass
class TableView:
    number: int
    game_id: int | None
    seats: dict[str, Entry] = field(default_factory=dict)
    result: ConfirmedResult | None = None  # once the card is confirmed

    @property
    def confirmed(self) -> bool:
        return self.result is not None

    @property
    def side_score(self) -> str:
        """'N-S 10 · E-W 6' when the card has side totals (not four player totals)."""
        return self.result.side_score if self.result is not None else ""

    @property
    def seat_points(self) -> dict[str, int]:
        """Each seat's points on an individual card, however it was entered."""
        return dict(self.result.seat_totals) if self.result is not None else {}

    def at(self, seat: str) -> Entry | None:
        return self.seats.get(seat)

    @property
    def north(self) -> Entry | None:
        return self.seats.get("N")

    @property
    def south(self) -> Entry | None:
        return self.seats.get("S")

    @property
    def east(self) -> Entry | None:
        return self.seats.get("E")

    @property
    def west(self) -> Entry | None:
        return self.seats.get("W")


@dataclass
class RoundView:
    number: int
    status: str
    tables: list[TableView]
    sitting_out: list[Entry]
    started_at: datetime.datetime | None = None  # when the round opened (the room clock)

    @property
    def confirmed_count(self) -> int:
        return sum(1 for t in self.tables if t.confirmed)


def _seat_queryset():
    return Seat.objects.select_related("entry__player", "table").order_by("table__number", "seat")


def rounds_view(tournament: Tournament, numbers: list[int] | None = None) -> list[RoundView]:
    """Rounds with their tables and players, in a fixed number of queries."""
    rows = tournament.round_set.order_by("number").prefetch_related(
        Prefetch("seats", queryset=_seat_queryset()), "tables"
    )
    if numbers is not None:
        rows = rows.filter(number__in=numbers)
    rows = list(rows)
    game_ids = [t.game_id for r in rows for t in r.tables.all() if t.game_id]
    results = confirmed_results(game_ids) if game_ids else {}
    views = []
    for row in rows:
        tables = {
            t.pk: TableView(t.number, t.game_id, result=results.get(t.game_id))
            for t in row.tables.all()
        }
        sitting_out = []
        for seat in row.seats.all():
            if seat.table_id is None:
                sitting_out.append(seat.entry)
            else:
                tables[seat.table_id].seats[seat.seat] = seat.entry
        ordered = sorted(tables.values(), key=lambda t: t.number)
        views.append(RoundView(row.number, row.status, ordered, sitting_out, row.started_at))
    return views


@dataclass
class LeaderRow:
    entry: Entry
    standing: leaderboard.Standing
    prize_cents: int = 0
    rounds: list[str] = field(default_factory=list)  # round_cells, in round order
    flight: str = ""  # the entry's flight, when the event has flights


@dataclass
class Leaderboard:
    rows: list[LeaderRow]
    tiebreaks: list[tuple[str, str]]  # (metric key, label) in the tournament's order
    rounds_scored: int
    sit_out_rule: str = ""  # the tournament's sit-out policy in one line
    round_numbers: list[int] = field(default_factory=list)  # rounds started, for the details
    flights: list[str] = field(default_factory=list)  # the event's flight names, in order
    flight: str = ""  # the flight these rows are (places counted within it); "": everyone


def round_cells(standing: leaderboard.Standing, numbers: list[int]) -> list[str]:
    """A player's points in each round: the card's, 'out +5.2' for a round sat out."""
    cells = []
    for number in numbers:
        if number in standing.round_points:
            cells.append(str(standing.round_points[number]))
        elif number in standing.sat_out:
            cells.append(f"out +{standing.sit_out_each}" if standing.sit_out_each else "out")
        else:
            cells.append("")
    return cells


def sit_out_policy(tournament: Tournament) -> leaderboard.SitOutPolicy:
    return leaderboard.SitOutPolicy(tournament.sit_out_scoring, tournament.sit_out_points)


def _winning_side(result) -> str | None:
    """The side that won; a card entered as four player totals has no side result, so
    the side whose players scored more between them counts as the winner."""
    if result.winner or result.ns_total is not None:
        return result.winner
    totals = result.seat_totals
    ns = sum(int(totals.get(seat, 0)) for seat in "NS")
    ew = sum(int(totals.get(seat, 0)) for seat in "EW")
    return None if ns == ew else ("NS" if ns > ew else "EW")


def progressive_leaderboard(tournament: Tournament) -> Leaderboard:
    """Individual totals from confirmed cards, ranked with the tournament's tiebreaks."""
    entries = list(
        tournament.entries.filter(round_seats__isnull=False).distinct().select_related("player")
    )
    started = (Round.Status.PLAYING, Round.Status.DONE)
    seats = list(
        Seat.objects.filter(round__tournament=tournament, round__status__in=started).values_list(
            "entry_id", "seat", "table__game_id", "round__number"
        )
    )
    game_ids = {game_id for _, _, game_id, _ in seats if game_id is not None}
    results = confirmed_results(game_ids) if game_ids else {}
    lines = []
    sat_out: dict[int, list[int]] = {}
    for entry_id, seat, game_id, number in seats:
        if not seat:  # sat this started round out
            sat_out.setdefault(entry_id, []).append(number)
            continue
        result = results.get(game_id)
        if result is None:
            continue
        side = "NS" if seat in ("N", "S") else "EW"
        lines.append(
            leaderboard.GameLine(
                player=entry_id,
                round=number,
                points=int(result.seat_totals.get(seat, 0)),
                won=_winning_side(result) == side,
                lone_hands_made=int(result.lone_hands_made.get(seat, 0)),
            )
        )
    tiebreaks = [k for k in tournament.tiebreak_order if k in leaderboard.METRICS]
    policy = sit_out_policy(tournament)
    standings = leaderboard.rank([e.pk for e in entries], lines, tiebreaks, sat_out, policy)
    by_pk = {e.pk: e for e in entries}
    # Ties share a place: equal keys are adjacent, so the place is the "score" to split on.
    ranking = [(s.player, s.place) for s in standings]
    if tournament.has_flights:  # each flight's purse over its own entries
        flight_of = {pk: entry.flight for pk, entry in by_pk.items()}
        prizes = flights.flight_prizes(_flights(tournament), ranking, flight_of)
    else:
        prizes = split_prizes(tournament.prizes, ranking)
    numbers = sorted({number for _, _, _, number in seats})
    rows = [
        LeaderRow(
            by_pk[s.player],
            s,
            prizes.get(s.player, 0),
            round_cells(s, numbers),
            by_pk[s.player].flight,
        )
        for s in standings
    ]
    return Leaderboard(
        rows=rows,
        tiebreaks=[(k, leaderboard.METRICS[k]) for k in tiebreaks],
        rounds_scored=len({line.round for line in lines}),
        sit_out_rule=policy.explain(),
        round_numbers=numbers,
        flights=tournament.flight_names,
    )


def _flights(tournament: Tournament) -> list[flights.Flight]:
    try:
        return flights.flights_from_data(tournament.flights)
    except ValueError:  # stored before a rule changed: nobody is paid by flight
        return []


def board_flight(board: Leaderboard, name: str) -> Leaderboard:
    """The rows of one flight, placed within it (ties share the flight place): from the
    whole board, no query."""
    members = [row for row in board.rows if row.flight == name]
    placed = flights.flight_places([(row.standing.player, row.standing.place) for row in members])
    counts: dict[int, int] = {}
    for place in placed.values():
        counts[place] = counts.get(place, 0) + 1
    rows = []
    for row in members:
        place = placed[row.standing.player]
        standing = replace(row.standing, place=place, tied=counts[place] > 1)
        rows.append(replace(row, standing=standing))
    return replace(board, rows=rows, flight=name)


@dataclass
class SeatLine:
    round: int
    table: int | None
    seat: str
    partner: Entry | None
    opponents: list[Entry]
    game_id: int | None = None


def player_schedule(tournament: Tournament) -> dict[Entry, list[SeatLine]]:
    """Every seated player's rounds: table, seat, partner and opponents ("where do I sit")."""
    lines: dict[Entry, list[SeatLine]] = {}
    for view in rounds_view(tournament):
        for table in view.tables:
            for seat, entry in table.seats.items():
                partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}[seat]
                others = ("E", "W") if seat in ("N", "S") else ("N", "S")
                lines.setdefault(entry, []).append(
                    SeatLine(
                        view.number,
                        table.number,
                        seat,
                        table.seats.get(partner_seat),
                        [table.seats[o] for o in others if o in table.seats],
                        table.game_id,
                    )
                )
        for entry in view.sitting_out:
            lines.setdefault(entry, []).append(SeatLine(view.number, None, "", None, []))
    return lines


def rounds_of(tournament: Tournament) -> list[Round]:
    return list(tournament.round_set.order_by("number"))
