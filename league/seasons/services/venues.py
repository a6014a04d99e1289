"""A manager's changes to a venue already added: its name, address and tables; removal.

A venue belongs to the league and seasons use it, so an edit shows in every season that
plays there, and removing it from a season leaves the others alone.
"""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from accounts import permissions
from activity.models import Scope, Verb
from activity.services import activity_record
from inputs.bounds import text_clean
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, Season, Table, Venue
from league.seasons.services.teams import check_manager, clean_name
from league.seasons.versions import season_changed, venue_changed

NAME_MAX = Venue._meta.get_field("name").max_length
ADDRESS_MAX = Venue._meta.get_field("address").max_length
TABLES_MAX = 200
ONLY_MANAGERS = "Only this league's managers can change its venues."
# Fixtures still to be played hold their table.
UPCOMING = (Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED)


def _clean_address(text: str) -> str:
    return text_clean(text, label="the address", limit=ADDRESS_MAX, collapse=True)


def _set_table_count(venue: Venue, tables: int) -> str:
    """Add numbered tables, or drop the last ones when no fixture has ever used them."""
    if not 1 <= tables <= TABLES_MAX:
        raise ValidationError(f"A venue has between 1 and {TABLES_MAX} tables.")
    current = list(venue.tables.order_by("position", "name"))
    if tables == len(current):
        return ""
    if tables > len(current):
        names = {table.name for table in current}
        position = max((table.position for table in current), default=0)
        added, number = [], position
        while len(current) + len(added) < tables:
            number += 1
            if f"Table {number}" not in names:
                added.append(Table(venue=venue, name=f"Table {number}", position=number))
        Table.objects.bulk_create(added)
        return f"tables {len(current)} → {tables}"
    dropped = current[tables:]
    used = Fixture.objects.filter(table__in=dropped).count()
    if used:
        raise ValidationError(
            f"{', '.join(t.name for t in dropped)}: {plural(used, 'fixture')} "
            "are played or scheduled there, so the venue keeps them. Move those fixtures first."
        )
    Table.objects.filter(pk__in=[t.pk for t in dropped]).delete()
    return f"tables {len(current)} → {tables}"


@transaction.atomic
def venue_update(
    *, venue: Venue, name: str, address: str = "", tables: int | None = None, by: Any
) -> Venue:
    """Rename the venue, change its address, or its number of tables."""
    if by is None or not permissions.can_manage_league(by, venue.league):
        raise PermissionDenied(ONLY_MANAGERS)
    name = clean_name(name, what="venue", limit=NAME_MAX)
    address = _clean_address(address)
    venue = Venue.objects.select_for_update().get(pk=venue.pk)
    if Venue.objects.filter(league_id=venue.league_id, name__iexact=name).exclude(pk=venue.pk):
        raise ValidationError(f"The league already has a venue called {name}.")
    changes = []
    if name != venue.name:
        changes.append(f"{venue.name} → {name}")
    if address != venue.address:
        changes.append("new address")
    venue.name, venue.address = name, address
    try:
        with transaction.atomic():
            venue.save(update_fields=["name", "address"])
    except IntegrityError:  # the same name taken at the same moment
        raise ValidationError(f"The league already has a venue called {name}.") from None
    if tables is not None:
        changes.append(_set_table_count(venue, tables))
    changes = [change for change in changes if change]
    if not changes:
        raise ValidationError("Nothing changed.")
    venue_changed(venue)  # its name and tables show on the seasons' schedules
    activity_record(
        actor=by,
        verb=Verb.VENUE_CHANGED,
        target=venue,
        scope_kind=Scope.LEAGUE,
        scope_id=venue.league_id,
        label=name,
        detail=" · ".join(changes),
    )
    return venue


@dataclass(frozen=True)
class VenueRemoval:
    venue_name: str
    # Draft fixtures that lost their table: regenerate the draft or place them by hand.
    tables_cleared: int
    # Nothing else used the venue, so it is gone from the league too.
    deleted: bool


def upcoming_at(venue: Venue, season: Season) -> int:
    """The season's fixtures still to play at the venue's tables."""
    return Fixture.objects.filter(season=season, table__venue=venue, status__in=UPCOMING).count()


@transaction.atomic
def venue_remove(*, venue: Venue, season: Season, by: Any) -> VenueRemoval:
    """Take the venue off the season's list.

    Refused while the published schedule has fixtures to play at its tables (the message
    says how many). In a draft those fixtures lose their table until the draft is
    regenerated. When no other season uses the venue and no fixture ever sat at its
    tables, it is deleted from the league as well.
    """
    check_manager(by, season, ONLY_MANAGERS)
    if venue.league_id != season.league_id or not season.venues.filter(pk=venue.pk).exists():
        raise ValidationError(f"{venue.name} isn't one of {season.name}'s venues.")
    season = Season.objects.select_for_update().get(pk=season.pk)
    upcoming = upcoming_at(venue, season)
    if upcoming and season.is_published:
        raise ValidationError(
            f"{plural(upcoming, 'fixture')} of {season.name} "
            f"{'is' if upcoming == 1 else 'are'} scheduled at {venue.name}'s tables: "
            "move them to other tables first."
        )
    cleared = Fixture.objects.filter(season=season, table__venue=venue, status__in=UPCOMING).update(
        table=None
    )
    season.venues.remove(venue)
    season_changed(season, schedule=True)
    league_activity(
        season=season,
        actor=by,
        verb=Verb.VENUE_REMOVED,
        target=venue,
        label=venue.name,
        detail=f"from {season.name}"
        + (f" · {plural(cleared, 'draft fixture')} without a table now" if cleared else ""),
    )
    unused = not venue.seasons.exists() and not Fixture.objects.filter(table__venue=venue).exists()
    if unused:
        Venue.objects.filter(pk=venue.pk).delete()
    return VenueRemoval(venue_name=venue.name, tables_cleared=cleared, deleted=unused)
