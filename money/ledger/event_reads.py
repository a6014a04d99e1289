"""What the ledger reads from its event: the players who may buy into a pot, the lone
hands each made (from the hand-by-hand cards), and the prizes the results award.

The prizes come from the event's own results (the progressive leaderboard, the bracket's
places, how far each team got in heats), so what the ledger pays is what the event's page
shows, flights included: each flight's prizes over its own entries.
"""

from dataclasses import dataclass

from algorithms.prizes import split_prizes
from money.models import LedgerEntry
from people.selectors.series import _heats_places  # the heats' places, as the ladder reads them
from people.selectors.statistics import player_rows, scope_lines
from tournaments import flights
from tournaments.models import Entry, Tournament
from tournaments.selectors import bracket_places, bracket_view
from tournaments.selectors.boards import leaderboard_kept


@dataclass
class Player:
    pk: int
    name: str


@dataclass
class PrizeDue:
    entry: Entry
    place: int
    flight: str
    cents: int
    paid: LedgerEntry | None = None


def event_players(tournament: Tournament) -> list[Player]:
    """Everyone on the event's entries (both players of a pair), withdrawn entries left out."""
    entries = (
        tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
        .select_related("player", "partner")
        .order_by("number")
    )
    seen: dict[int, Player] = {}
    for entry in entries:
        for person in (entry.player, entry.partner):
            if person is not None and person.pk not in seen:
                seen[person.pk] = Player(person.pk, person.name)
    return sorted(seen.values(), key=lambda p: (p.name.casefold(), p.pk))


def lone_hands_made(tournament: Tournament) -> dict[int, tuple[str, int]]:
    """Player id -> (name, lone hands made) in this event, from cards entered hand by hand."""
    rows = player_rows(scope_lines(tournament_id=tournament.pk))
    return {
        row["player_id"]: (row["player__name"], int(row["lone_made"]))
        for row in rows
        if row["lone_made"]
    }


def _shares(tournament: Tournament, ranking: list, flight_of: dict[int, str]) -> dict[int, int]:
    if tournament.has_flights:
        try:
            known = flights.flights_from_data(tournament.flights)
        except ValueError:
            known = []
        return flights.flight_prizes(known, ranking, flight_of)
    return split_prizes(tournament.prizes, ranking)


def prizes_due(tournament: Tournament) -> list[PrizeDue]:
    """Each entry the finished event's results pay, best place first (none before the end)."""
    if tournament.status != Tournament.Status.FINISHED:
        return []
    if tournament.is_progressive:
        board = leaderboard_kept(tournament)
        return [
            PrizeDue(row.entry, row.standing.place, row.flight, row.prize_cents)
            for row in board.rows
            if row.prize_cents > 0
        ]
    if tournament.is_bracket:
        rows = bracket_places(tournament, bracket_view(tournament))
        return [
            PrizeDue(placed.entry, row.place, placed.entry.flight, placed.prize_cents)
            for row in rows
            for placed in row.placed
            if placed.prize_cents
        ]
    places = _heats_places(tournament)
    entries = {
        e.pk: e
        for e in tournament.entries.filter(pk__in=places).select_related("player", "partner")
    }
    ranking = sorted(
        ((pk, place) for pk, place in places.items() if pk in entries),
        key=lambda item: (item[1], item[0]),
    )
    shares = _shares(tournament, ranking, {pk: e.flight for pk, e in entries.items()})
    return [
        PrizeDue(entries[pk], place, entries[pk].flight, shares[pk])
        for pk, place in ranking
        if shares.get(pk)
    ]


def with_payments(due: list[PrizeDue], ledger_id: int) -> list[PrizeDue]:
    """Each prize with its PRIZE line, once paid."""
    paid = {
        e.prize_entry_id: e
        for e in LedgerEntry.objects.filter(
            ledger_id=ledger_id, kind=LedgerEntry.Kind.PRIZE, prize_entry__isnull=False
        ).select_related("by")
    }
    for prize in due:
        prize.paid = paid.get(prize.entry.pk)
    return due
