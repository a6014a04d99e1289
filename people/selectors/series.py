"""Reads for season ladders: each finished event's final places, and the ladder they build.

Places come from the tournament's own results (the progressive leaderboard, the bracket's
placings, how far each team got in heats), so the ladder agrees with each event's page.
A partnership's two players both take the entry's place; a progressive's players their own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet
from django.urls import NoReverseMatch, reverse

from accounts.permissions import directed_tournament_ids, is_site_admin
from algorithms import brackets
from algorithms.ladder import LadderRow, ladder_standings
from league.seasons.models import Player
from people.models import Series, SeriesEvent
from people.page_cache import kept_value, page_key
from people.selectors.series_stamps import EventStamp, ladder_stamp
from tournaments.models import Entry, HeatMatch, Tournament
from tournaments.selectors.boards import leaderboard_kept
from tournaments.selectors.bracket import bracket_state
from tournaments.versions import RESULTS_VERSION


def _entry_places(tournament: Tournament, places: dict[int, int]) -> dict[int, int]:
    """Entry id -> place, spread to both players of each partnership."""
    out: dict[int, int] = {}
    rows = Entry.objects.filter(tournament=tournament, pk__in=places).values_list(
        "pk", "player_id", "partner_id"
    )
    for entry_id, player_id, partner_id in rows:
        out[player_id] = places[entry_id]
        if partner_id is not None:
            out[partner_id] = places[entry_id]
    return out


def _bracket_places(tournament: Tournament) -> dict[int, int]:
    rows = list(tournament.bracket_matches.all())
    if not rows:
        return {}
    placings = brackets.placings(bracket_state(tournament, rows))
    return {entry: p.place for p in placings for entry in p.entrants if entry is not None}


def _heats_places(tournament: Tournament) -> dict[int, int]:
    """The champion first, then every team by the last stage it played in: teams out in the
    same stage share the place after everyone who went further."""
    reached: dict[int, int] = {}
    matches = HeatMatch.objects.filter(heat__stage__tournament=tournament).values_list(
        "heat__stage__number", "ns_id", "ew_id"
    )
    for number, ns, ew in matches:
        for entry in (ns, ew):
            if entry is not None:
                reached[entry] = max(reached.get(entry, 0), number)
    champion = tournament.champion_id
    by_depth: dict[int, list[int]] = defaultdict(list)
    for entry, depth in reached.items():
        if entry != champion:
            by_depth[depth].append(entry)
    places: dict[int, int] = {champion: 1} if champion in reached else {}
    placed = len(places)
    for depth in sorted(by_depth, reverse=True):
        for entry in by_depth[depth]:
            places[entry] = placed + 1
        placed += len(by_depth[depth])
    return places


def event_places(tournament: Tournament) -> dict[int, int]:
    """Player id -> final place in this event (empty before any result decides one)."""
    if tournament.is_progressive:  # the event's own board, kept per results version
        board = leaderboard_kept(tournament)
        return {row.entry.player_id: row.standing.place for row in board.rows}
    if tournament.is_bracket:
        return _entry_places(tournament, _bracket_places(tournament))
    if tournament.is_heats:
        return _entry_places(tournament, _heats_places(tournament))
    return {}


def series_events(series: Series) -> list[Tournament]:
    """The series' events in date order, finished or not, each with its results version
    (`tournaments.versions`, read with them in one query: before any place is built)."""
    return list(
        Tournament.objects.filter(series_event__series=series)
        .annotate(results_version=RESULTS_VERSION)
        .order_by("date", "pk")
    )


def finished_of(events: list[Tournament]) -> list[Tournament]:
    return [t for t in events if t.status == Tournament.Status.FINISHED]


def finished_events(series: Series) -> list[Tournament]:
    return finished_of(series_events(series))


@dataclass
class EventCell:
    points: Fraction | None  # None: didn't play this event
    place: int | None = None
    counted: bool = False


@dataclass
class LadderLine:
    row: LadderRow
    player: Player
    href: str | None  # the player's profile, when that page exists
    cells: list[EventCell] = field(default_factory=list)

    @property
    def player_id(self) -> int:
        return self.player.pk

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def rank_key(self) -> int:
        """For sorting: the unranked after every rank."""
        return self.row.rank if self.row.rank is not None else UNRANKED


@dataclass
class Ladder:
    series: Series
    events: list[Tournament]  # the finished events, in date order (the columns)
    lines: list[LadderLine]

    @property
    def empty(self) -> bool:
        return not self.events


UNRANKED = 10**9


def _kept_records(places: list[dict[int, int]]) -> list[dict[int, int]]:
    """Places under the record each player was merged into (one query for all events): a
    person's events count together; if both records played one event, the better place."""
    ids = {pid for event in places for pid in event}
    moved = dict(
        Player.objects.filter(pk__in=ids, merged_into__isnull=False).values_list(
            "pk", "merged_into_id"
        )
    )
    if not moved:
        return places
    out = []
    for event in places:
        kept: dict[int, int] = {}
        for pid, place in event.items():
            target = moved.get(pid, pid)
            kept[target] = min(place, kept.get(target, place))
        out.append(kept)
    return out


def _profile_href() -> Any:
    """reverse("people:profile", [pk]) when that page exists, else None for everyone."""
    try:
        reverse("people:profile", args=[1])
    except NoReverseMatch:
        return lambda pk: None
    return lambda pk: reverse("people:profile", args=[pk])


def series_ladder(series: Series, events: list[Tournament] | None = None) -> Ladder:
    """The ladder from the series' finished events (of `events` when read already), in
    date order; a fixed number of queries per event (never per player)."""
    events = finished_events(series) if events is None else finished_of(events)
    if not events:
        return Ladder(series, [], [])
    places = _kept_records([event_places(t) for t in events])
    rows = ladder_standings(places, series.points, series.best_of, series.min_events)
    players = Player.objects.in_bulk([row.player for row in rows])
    href = _profile_href()
    lines = []
    for row in rows:
        results = {index: (place, points) for index, place, points in row.results}
        cells = [
            EventCell(results[i][1], results[i][0], i in row.counted)
            if i in results
            else EventCell(None)
            for i in range(len(events))
        ]
        lines.append(LadderLine(row, players[row.player], href(row.player), cells))
    return Ladder(series, events, lines)


# A net under the stamp: a player's new name (read when the ladder is built) shows within it.
LADDER_SECONDS = 15 * 60


def ladder_kept(series: Series, events: list[Tournament] | None = None) -> Ladder:
    """`series_ladder`, built once per stamp (`events`: `series_events`, when read)."""
    events = series_events(series) if events is None else events
    key = page_key("ladder", ladder_stamp(series, [EventStamp.of(t) for t in events]))
    return kept_value(key, lambda: series_ladder(series, events), seconds=LADDER_SECONDS)


def rules_line(series: Series) -> str:
    """The rules in one line: "Points 10/8/6/5/4/3/2/1 · best 5 events count · 3 to qualify"."""
    points = "/".join(str(p) for p in series.points) or "none"
    best = f"best {series.best_of} events count" if series.best_of else "every event counts"
    needed = (
        f"{series.min_events} event{'s' if series.min_events != 1 else ''} to qualify"
        if series.min_events
        else "no minimum to qualify"
    )
    return f"Points {points} · {best} · {needed}"


def series_for_director(user: Any) -> QuerySet[Series]:
    """The series this user runs (every series, for a site administrator)."""
    qs = Series.objects.select_related("director", "final")
    return qs if is_site_admin(user) else qs.filter(director_id=getattr(user, "pk", None))


def events_to_add(series: Series, user: Any) -> QuerySet[Tournament]:
    """The user's own events of the series' format that aren't in any series yet."""
    qs = Tournament.objects.filter(format=series.format, series_event__isnull=True)
    if not is_site_admin(user):
        qs = qs.filter(pk__in=directed_tournament_ids(user))
    return qs.order_by("-date", "name")


def finals_for(user: Any) -> QuerySet[Tournament]:
    """The user's progressive events still in setup: where a ladder's top may be invited."""
    qs = Tournament.objects.filter(
        status=Tournament.Status.SETUP, format=Tournament.Format.PROGRESSIVE
    )
    if not is_site_admin(user):
        qs = qs.filter(pk__in=directed_tournament_ids(user))
    return qs.order_by("date", "name")


def series_of_tournament(tournament_id: int) -> Series | None:
    """The series an event counts in, if any."""
    event = SeriesEvent.objects.filter(tournament_id=tournament_id).select_related("series")
    found = event.first()
    return found.series if found else None


# The event pages that link their ladder are built to cost one query between changes (their
# boards are cached): the link is kept too, forgotten when the ladder's events or name change.
LINK_SECONDS = 15 * 60


def _link_key(tournament_id: int) -> str:
    return f"people:series-link:{int(tournament_id)}"


def series_link_of(tournament_id: int) -> tuple[str, str] | None:
    """(ladder URL, ladder name) for the event's page, or None; from the cache when kept."""
    key = _link_key(tournament_id)
    kept = cache.get(key)
    if kept is None:
        series = series_of_tournament(tournament_id)
        kept = (series.get_absolute_url(), series.name) if series else ("", "")
        cache.set(key, kept, timeout=LINK_SECONDS)
    return tuple(kept) if kept[0] else None  # type: ignore[return-value]


def series_links_forget(tournament_ids: list[int]) -> None:
    """After the transaction commits: these events' ladder links are read afresh."""
    keys = [_link_key(pk) for pk in tournament_ids]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))
