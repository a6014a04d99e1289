"""Season ladder test data: events played to the end quickly, and a series over them."""

from typing import Any

from accounts.models import RoleName, Scope
from people.models import Series, SeriesEvent
from tests.factories import UserFactory, grant_role
from tests.tournaments.factories import bracket, progressive, settle, started
from tournaments.models import BracketMatch, Entry, Round, Tournament
from tournaments.services import bracket_award_match, progressive_finish


def finished_progressive(director: Any, tables: list[dict], **kwargs: Any) -> Tournament:
    """A one-round progressive of 4 players per table in `tables`, each table's card the
    seat scores given ({"N": 8, "S": 8, "E": 4, "W": 4}), finished."""
    tournament = started(progressive(4 * len(tables), rounds=1, director=director, **kwargs))
    row = Round.objects.get(tournament=tournament, number=1)
    for table, scores in zip(row.tables.order_by("number"), tables, strict=True):
        settle(table.game, scores, director)
    progressive_finish(tournament=tournament, by=director)
    tournament.refresh_from_db()
    return tournament


def seat_players(tournament: Tournament) -> dict[str, list[int]]:
    """Seat letter -> player ids of the first round, table by table."""
    seats: dict[str, list[int]] = {}
    row = Round.objects.get(tournament=tournament, number=1)
    for seat in row.seats.select_related("entry", "table").order_by("table__number"):
        seats.setdefault(seat.seat, []).append(seat.entry.player_id)
    return seats


def finished_bracket(director: Any, count: int = 4, **kwargs: Any) -> Tournament:
    """A partner bracket where the top team of every match wins, played to the end."""
    tournament = started(bracket(count, director=director, **kwargs))
    while True:
        open_matches = (
            BracketMatch.objects.filter(tournament=tournament, winner__isnull=True, is_bye=False)
            .exclude(top=None)
            .exclude(bottom=None)
            .order_by("round", "position")
        )
        match = open_matches.first()
        if match is None:
            break
        bracket_award_match(match=match, winner=match.top, by=director)
    tournament.refresh_from_db()
    return tournament


def series_of(director: Any, events: list[Tournament] = (), **fields: Any) -> Series:
    fields.setdefault("format", events[0].format if events else Tournament.Format.PROGRESSIVE)
    series = Series.objects.create(
        name=fields.pop("name", "Winter ladder"),
        slug=fields.pop("slug", f"ladder-{Series.objects.count() + 1}"),
        director=director,
        **fields,
    )
    for event in events:
        SeriesEvent.objects.create(series=series, tournament=event)
    return series


def entry_players(tournament: Tournament) -> set[int]:
    return set(Entry.objects.filter(tournament=tournament).values_list("player_id", flat=True))


def plain_director() -> Any:
    """An organiser who directs only the events made with them as `director`."""
    user = UserFactory()
    grant_role(user, RoleName.ORGANISER, Scope.SITE, 0)
    return user
