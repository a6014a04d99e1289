"""Putting an event's entries into flights: at the start, or when the director asks before.

Each entry's rating is read once, here (a pair's is the mean of its two players'), and kept
on the entry with its flight, so games played later never move anyone between flights.
"""

from typing import Any

from django.db import transaction

from accounts.permissions import can_run_tournament, deny_unless
from activity.models import Verb
from scoring.player_ratings import rating_values
from tournaments import flights
from tournaments.errors import TournamentError
from tournaments.flight_sources import ladder_positions
from tournaments.models import Entry, Tournament
from tournaments.services.log import tournament_activity
from tournaments.versions import tournament_results_changed

NOT_YOURS = "Only this tournament's director can assign its flights."
STARTED = "Flights are fixed once the event has started: they can't be assigned again."


def entry_ratings(entries: list[Entry]) -> dict[int, int]:
    """Each entry's side rating, rounded: one player's value, or the mean of a pair's."""
    values = rating_values(
        pk for e in entries for pk in (e.player_id, e.partner_id) if pk is not None
    )
    out = {}
    for entry in entries:
        players = [pk for pk in (entry.player_id, entry.partner_id) if pk is not None]
        out[entry.pk] = round(sum(values[pk] for pk in players) / len(players))
    return out


def _ladder_positions(tournament: Tournament, entries: list[Entry]) -> dict[int, int]:
    """An entry's ladder position: its player's, or the better of a pair's."""
    by_player = ladder_positions(tournament)
    out = {}
    for entry in entries:
        found = [by_player[pk] for pk in (entry.player_id, entry.partner_id) if pk in by_player]
        if found:
            out[entry.pk] = min(found)
    return out


def flights_apply(tournament: Tournament) -> dict[str, int]:
    """Assign the flights of the entries still in (registered or checked in); the others'
    are cleared. Called inside a transaction holding the event; returns each flight's count."""
    try:
        chosen = flights.flights_from_data(tournament.flights)
    except ValueError as exc:
        raise TournamentError(f"The flights need fixing first: {exc}") from None
    playing = (Entry.Status.REGISTERED, Entry.Status.CHECKED_IN)
    entries = list(tournament.entries.filter(status__in=playing).order_by("number"))
    ratings = entry_ratings(entries)
    ids = [e.pk for e in entries]
    if tournament.flight_basis == Tournament.FlightBasis.LADDER:
        ordered = flights.order_by_ladder(ids, _ladder_positions(tournament, entries), ratings)
    else:
        ordered = flights.order_by_rating(ids, ratings)
    dealt = flights.deal(ordered, chosen)
    for entry in entries:
        entry.flight = dealt[entry.pk]
        entry.rating_before = ratings[entry.pk]
    Entry.objects.bulk_update(entries, ["flight", "rating_before"])
    tournament.entries.exclude(status__in=playing).update(flight="", rating_before=None)
    counts = {f.name: 0 for f in chosen}
    for name in dealt.values():
        counts[name] += 1
    return counts


def flights_summary(counts: dict[str, int]) -> str:
    return " · ".join(f"{name} {count}" for name, count in counts.items())


@transaction.atomic
def flights_assign(*, tournament: Tournament, by: Any) -> dict[str, int]:
    """The director's "Assign flights now" before the start (the start assigns them again,
    for the entries then checked in)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    deny_unless(can_run_tournament(by, tournament), NOT_YOURS)
    if tournament.status != Tournament.Status.SETUP:
        raise TournamentError(STARTED)
    if not tournament.has_flights:
        raise TournamentError("This event has no flights: set them up in its settings first.")
    counts = flights_apply(tournament)
    tournament_activity(
        tournament=tournament,
        actor=by,
        # No verb of its own yet (a new verb is an activity migration): said in the detail.
        verb=Verb.ENTRIES_REGISTERED,
        detail=f"Flights assigned: {flights_summary(counts)}",
    )
    tournament_results_changed(tournament)  # the boards show each entry's flight
    return counts
