"""What the ladder's page reads on every visit, before the cache: the series and its events'
stamps, in one query (`ladder_stamped`), and the key they make (`ladder_stamp`).

The queries are compiled once per process (`queries.compiled`): building them costs the web
process more than the database spends on them. Every visit still runs them, so a change
made by any process shows on the next visit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F, Value
from django.db.models.functions import Coalesce

from people.models import Series
from people.page_cache import MERGES_AT
from queries.compiled import CompiledQuery
from tournaments.models import Tournament
from tournaments.versions import results_version

# The columns the ladder's page reads of its series (the rest stay in the database).
_SERIES_SHOWN = ("pk", "name", "slug", "director_id", "points", "best_of", "min_events")
_SERIES_SHOWN += ("invited_top",)
SLUG_MARKER = "\x00series-slug"  # stands in for the slug while the SQL is compiled

_SERIES = {
    "merges_at": MERGES_AT,
    "final_name": F("final__name"),  # the link to the final, without the whole event
    "final_slug": F("final__slug"),
}
_EVENT = "series_events__tournament__"
# Each event as a row of its own (the series' columns repeated; one row of nulls for a
# series without events). The results version is `tournaments.versions.RESULTS_VERSION`,
# read through the series' events.
_EVENTS = {
    "event_pk": F(f"{_EVENT}id"),
    "event_name": F(f"{_EVENT}name"),
    "event_slug": F(f"{_EVENT}slug"),
    "event_date": F(f"{_EVENT}date"),
    "event_status": F(f"{_EVENT}status"),
    "event_champion_id": F(f"{_EVENT}champion_id"),
    "event_results": Coalesce(F(f"{_EVENT}version__results"), Value(0)),
}

_SERIES_STAMPED = CompiledQuery(
    lambda slug: (
        Series.objects.annotate(**_SERIES).filter(slug=slug).only(*_SERIES_SHOWN).order_by()[:1]
    ),
    SLUG_MARKER,
)
_LADDER_STAMPED = CompiledQuery(
    lambda slug: (
        Series.objects.annotate(**_SERIES, **_EVENTS)
        .filter(slug=slug)
        .only(*_SERIES_SHOWN)
        .order_by(f"{_EVENT}date", f"{_EVENT}id")
    ),
    SLUG_MARKER,
)
_DATE = Tournament._meta.get_field("date")


@dataclass(frozen=True)
class EventStamp:
    """An event as the ladder's page shows and keys it: read as plain values, no model."""

    pk: int
    name: str
    slug: str
    date: Any
    status: str
    champion_id: int | None
    results_version: int

    @property
    def finished(self) -> bool:
        return self.status == Tournament.Status.FINISHED

    def get_status_display(self) -> str:
        return Tournament.Status(self.status).label

    @classmethod
    def of(cls, t: Tournament) -> EventStamp:
        return cls(t.pk, t.name, t.slug, t.date, t.status, t.champion_id, results_version(t))


def series_stamped(slug: str) -> Series | None:
    """The series with what moves on every merge or undo (`people.page_cache`) and its
    final's name and slug (read whole, the director and the final cost more than the rest)."""
    found = _SERIES_STAMPED.instances(slug)
    return found[0] if found else None


def ladder_stamped(slug: str) -> tuple[Series, list[EventStamp]] | None:
    """`series_stamped` and its events in date order with their results versions, in one
    query: what the ladder's page reads first, before any place is built."""
    rows = _LADDER_STAMPED.instances(slug)
    if not rows:
        return None
    events = [
        EventStamp(
            int(row.event_pk),
            row.event_name,
            row.event_slug,
            _DATE.to_python(row.event_date),  # annotations come as the database sends them
            row.event_status,
            row.event_champion_id,
            int(row.event_results),
        )
        for row in rows
        if row.event_pk is not None
    ]
    return rows[0], events


def ladder_stamp(series: Series, events: list[EventStamp]) -> tuple:
    """What the ladder is built from: the series' rules, name and slug; each event's id,
    status, results version, champion, name, slug and date (a finished event's places
    change only with a results change, which moves its version on; a heats champion is
    set with the finish); and the last merge or undo, which moves places from one record
    to another without touching any event (`series._kept_records`)."""
    rules = (series.pk, series.slug, series.name, list(series.points), series.best_of)
    rules += (series.min_events,)
    shown = [
        (e.pk, e.status, e.results_version, e.champion_id, e.name, e.slug, e.date) for e in events
    ]
    return (rules, shown, getattr(series, "merges_at", None))
