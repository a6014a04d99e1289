"""The version of an event's results, so the leaderboard and the room display are built once
per change instead of on every request.

Pages read `results_version(tournament)` *before* the data they build from and put it in
their cache keys (`tournaments.selectors.boards`); a change moves the counter on, the next
request misses the cache and builds afresh. Old entries are never read again and expire.

Who moves it on, and when:
- The event's own services, inside their transaction (`tournament_results_changed`): the
  start, a round opened or drawn again (withdrawals, late arrivals), the finish, and the
  scorekeeper's round entry. They hold the event's row or round lock already, and take the
  counter's lock last, so the count commits with the change and is never seen without it.
- Cards changed through scoring (a side confirming on a phone, a director settling or
  correcting), once they have committed: `tournaments.receivers` listens to
  `card_confirmed`, which scoring sends after the commit. Not inside the card's
  transaction: scoring locks the card first, and a counter taken next would deadlock a
  scorekeeper's round entry (holding the counter, waiting for a card) against a player
  confirming that card (holding it, waiting for the counter). Moved after the commit, the
  counter is still never behind what a reader can see: a request that read the old count
  and then the new card keeps that board under the old key, which nobody reads again. The
  one gap, a process stopping between the commit and the bump, lasts until the next change
  or the cached entry's expiry (`CACHE_SECONDS` in the selectors).

Settings the pages show (tiebreaks, sit-out scoring, prizes, rounds) and the round under way
come from the event's row itself and are part of the cache keys, so an edit of the event
needs no bump.
"""

from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournaments.models import Tournament, TournamentVersion

# Annotate the event's query with it (one LEFT JOIN): `results_version(event)` then reads it.
RESULTS_VERSION = Coalesce(F("version__results"), Value(0))


def results_version(tournament: Tournament) -> int:
    """The event's results count: annotated on its query (`RESULTS_VERSION`), else one query."""
    known = getattr(tournament, "results_version", None)
    if known is not None:
        return int(known)
    row = TournamentVersion.objects.filter(pk=tournament.pk).values_list("results", flat=True)
    return int(row.first() or 0)


def tournament_results_changed(tournament: Tournament | int) -> None:
    """Count a change of the event's results: call it inside the service's transaction, as
    its last write (see the module's note on lock order)."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    changes = {"results": F("results") + 1, "changed_at": timezone.now()}
    if TournamentVersion.objects.filter(pk=tournament_id).update(**changes):
        return
    try:
        with transaction.atomic():  # a savepoint: a collision must not end the caller's
            TournamentVersion.objects.create(
                tournament_id=tournament_id, results=1, changed_at=changes["changed_at"]
            )
    except IntegrityError:  # created by another process at the same moment
        TournamentVersion.objects.filter(pk=tournament_id).update(**changes)
