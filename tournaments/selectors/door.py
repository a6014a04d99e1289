"""Reads for the door: the live counters, and the names offered at self check-in."""

from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Entry, Tournament
from tournaments.seating import Seating, seating_for


@dataclass(frozen=True)
class DoorCounts:
    registered: int  # everyone who registered, withdrawn or not
    checked_in: int
    seating: Seating  # the tables the checked-in fill
    withdrawn: int = 0  # of the registered, those who left


def door_counts(tournament: Tournament) -> DoorCounts:
    """Registered / checked in / seats (and withdrawn, shown apart), in one query."""
    counts = tournament.entries.aggregate(
        registered=Count("pk"),
        checked_in=Count("pk", filter=Q(status=Entry.Status.CHECKED_IN)),
        withdrawn=Count("pk", filter=Q(status=Entry.Status.WITHDRAWN)),
    )
    return DoorCounts(
        registered=counts["registered"],
        checked_in=counts["checked_in"],
        withdrawn=counts["withdrawn"],
        seating=seating_for(
            checked_in=counts["checked_in"],
            teams=tournament.team_event,
            three_handed_rule=tournament.sit_out_rule == Tournament.SitOutRule.THREE_HANDED,
        ),
    )


def names_to_check_in(tournament: Tournament) -> list[str]:
    """The names a player may pick at self check-in: everyone not yet checked in."""
    names: list[str] = []
    waiting = (
        tournament.entries.filter(status__in=[Entry.Status.REGISTERED, Entry.Status.NO_SHOW])
        .select_related("player", "partner")
        .order_by("player__name")
    )
    for entry in waiting:
        names.append(entry.player.name)
        if entry.partner_id:
            names.append(entry.partner.name)
    return sorted(names, key=str.casefold)
