"""Season ladders' writes: a director's series, its events, and inviting its top into a final.

Each service asks again who may act (the series' director or a site administrator; an event
added or invited into also needs its own director) and refuses bad input with a message,
changing nothing. An event belongs to one series at most: the one-to-one row is the guard
against a double click or two directors racing for one event.

The final: the top K qualified players are registered, one entry each, in a progressive
event in setup (a partners final would need its teams chosen by the players themselves, so
it is refused). A tie at the cut takes every tied player in. Inviting again registers only
those not yet entered, so a second click invites nobody twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.text import slugify

from accounts.permissions import deny_unless
from activity.models import Scope, Verb
from activity.services import activity_record
from inputs.bounds import text_clean
from league.seasons.models import Player
from people.models import Series, SeriesEvent
from people.selectors.series import series_ladder, series_links_forget
from people.series_access import can_create_series, can_run_series, can_use_event
from tournaments.models import Entry, Tournament

NAME_MAX = Series._meta.get_field("name").max_length
PLACES_MAX = 100  # places in a points table
POINTS_MAX = 10_000  # points for one place
EVENTS_MAX = 200  # best_of and min_events
TOP_MAX = 500
NOT_YOURS = "Only this ladder's director can change it."
NOT_YOUR_EVENT = "You can only use events you direct."


def _refuse(message: str) -> NoReturn:
    raise ValidationError(message)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _refuse(f"{what} must be a whole number.")
    return value


def check_rules(points: Any, best_of: Any, min_events: Any) -> tuple[list[int], int | None, int]:
    """The points table, best_of and min_events as stored, or a ValidationError."""
    if not isinstance(points, list | tuple) or not points:
        _refuse("Give the points for 1st place at least.")
    if len(points) > PLACES_MAX:
        _refuse(f"A points table has at most {PLACES_MAX} places.")
    table = []
    for place, value in enumerate(points, start=1):
        value = _whole(value, f"The points for place {place}")
        if value < 0:
            _refuse(f"Points can't be negative (place {place} has {value}).")
        if value > POINTS_MAX:
            _refuse(f"Keep the points for place {place} to {POINTS_MAX} at most.")
        table.append(value)
    if best_of is not None:
        best_of = _whole(best_of, "Best of")
        if not 1 <= best_of <= EVENTS_MAX:
            _refuse(f"Best of counts 1 to {EVENTS_MAX} events (leave it empty: all count).")
    min_events = _whole(min_events, "The events needed to qualify")
    if not 0 <= min_events <= EVENTS_MAX:
        _refuse(f"The events needed to qualify run from 0 to {EVENTS_MAX}.")
    return table, best_of, min_events


def _name(name: Any) -> str:
    return text_clean(
        name, label="the ladder's name", limit=NAME_MAX, empty="Name the ladder.", collapse=True
    )


def _new_slug(name: str) -> str:
    base = slugify(name)[:40].strip("-") or "ladder"
    slug, n = base, 1
    while Series.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _log(actor: Any, verb: str, series: Series, detail: str, event: Tournament | None) -> None:
    activity_record(
        actor=actor,
        verb=verb,
        target=series,
        scope_kind=Scope.TOURNAMENT if event else Scope.SITE,
        scope_id=event.pk if event else None,
        detail=detail,
    )


@transaction.atomic
def series_create(
    *,
    actor: Any,
    name: str,
    format: str,
    points: list[int],
    best_of: int | None,
    min_events: int,
) -> Series:
    deny_unless(can_create_series(actor), "Only tournament directors can start a ladder.")
    name = _name(name)
    if format not in Tournament.Format.values:
        _refuse("Choose the format every event of the ladder is played in.")
    table, best_of, min_events = check_rules(points, best_of, min_events)
    for _ in range(5):  # two ladders named alike at once: the slug's constraint decides
        try:
            with transaction.atomic():
                series = Series.objects.create(
                    name=name,
                    slug=_new_slug(name),
                    director=actor,
                    format=format,
                    points=table,
                    best_of=best_of,
                    min_events=min_events,
                )
            break
        except IntegrityError:
            continue
    else:
        _refuse("Another ladder was just made with that name: try again.")
    _log(actor, Verb.LADDER_CREATED, series, f"{series.format}, points {table}", None)
    return series


def _locked(series: Series, actor: Any) -> Series:
    deny_unless(can_run_series(actor, series), NOT_YOURS)
    return Series.objects.select_for_update().get(pk=series.pk)


@transaction.atomic
def series_update(
    *,
    actor: Any,
    series: Series,
    points: list[int],
    best_of: int | None,
    min_events: int,
    name: str | None = None,
) -> Series:
    """Change the points table, how many events count and how many qualify (and the name)."""
    series = _locked(series, actor)
    table, best_of, min_events = check_rules(points, best_of, min_events)
    before = f"{series.points} best {series.best_of} min {series.min_events}"
    if name is not None:
        series.name = _name(name)
    series.points, series.best_of, series.min_events = table, best_of, min_events
    series.save(update_fields=["name", "points", "best_of", "min_events"])
    series_links_forget(list(series.series_events.values_list("tournament_id", flat=True)))
    after = f"{table} best {best_of} min {min_events}"
    _log(actor, Verb.LADDER_CHANGED, series, f"{before} → {after}", None)
    return series


@transaction.atomic
def series_add_event(*, actor: Any, series: Series, tournament: Tournament) -> SeriesEvent:
    """Count an event in the ladder; adding it twice to the same ladder changes nothing."""
    series = _locked(series, actor)
    deny_unless(can_use_event(actor, tournament), NOT_YOUR_EVENT)
    if tournament.format != series.format:
        _refuse(
            f"{tournament.name} is a {tournament.get_format_display().lower()} event: a ladder "
            "can't mix events of different formats."
        )
    if series.final_id == tournament.pk:
        _refuse(f"{tournament.name} is this ladder's final, not one of its events.")
    try:
        with transaction.atomic():
            row = SeriesEvent.objects.create(series=series, tournament=tournament)
    except IntegrityError:
        row = SeriesEvent.objects.select_related("series").filter(tournament=tournament).first()
        if row is not None and row.series_id == series.pk:
            return row  # a double click: already in
        other = row.series.name if row is not None else "another ladder"
        _refuse(f"{tournament.name} already counts in {other}: an event is in one ladder only.")
    series_links_forget([tournament.pk])
    _log(actor, Verb.LADDER_EVENT_ADDED, series, tournament.name, tournament)
    return row


@transaction.atomic
def series_remove_event(*, actor: Any, series: Series, tournament: Tournament) -> bool:
    """Take an event out of the ladder (its places stop counting); False if it wasn't in."""
    series = _locked(series, actor)
    deleted, _ = SeriesEvent.objects.filter(series=series, tournament=tournament).delete()
    if deleted:
        series_links_forget([tournament.pk])
        _log(actor, Verb.LADDER_EVENT_REMOVED, series, tournament.name, tournament)
    return bool(deleted)


@dataclass
class Invited:
    entered: list[Player] = field(default_factory=list)  # registered now
    already: list[Player] = field(default_factory=list)  # entered before (a second click)


@transaction.atomic
def series_invite_top(*, actor: Any, series: Series, top: int, final: Tournament) -> Invited:
    """Register the ladder's top `top` qualified players (ties at the cut too) in `final`."""
    series = _locked(series, actor)
    deny_unless(can_use_event(actor, final), NOT_YOUR_EVENT)
    top = _whole(top, "The number of players to invite")
    if not 1 <= top <= TOP_MAX:
        _refuse(f"Invite between 1 and {TOP_MAX} players.")
    final = Tournament.objects.select_for_update().get(pk=final.pk)
    if final.status != Tournament.Status.SETUP:
        _refuse(f"{final.name} has started: players can only be invited before the start.")
    if not final.is_progressive:
        _refuse(
            "Invite the top of a ladder into a progressive final: a partners final needs "
            "its teams chosen by the players."
        )
    if SeriesEvent.objects.filter(series=series, tournament=final).exists():
        _refuse(f"{final.name} is one of the ladder's events: choose another event as the final.")
    ladder = series_ladder(series)
    if ladder.empty:
        _refuse("No event of this ladder has finished yet: there is nobody to invite.")
    chosen = [
        line.player for line in ladder.lines if line.row.rank is not None and line.row.rank <= top
    ]
    if not chosen:
        _refuse("Nobody has played enough events to qualify yet.")
    entries = Entry.objects.filter(tournament=final).filter(
        Q(player__in=chosen) | Q(partner__in=chosen)
    )
    entered = {pid for pair in entries.values_list("player_id", "partner_id") for pid in pair}
    result = Invited(already=[p for p in chosen if p.pk in entered])
    number = final.entries.aggregate(n=Max("number"))["n"] or 0
    for player in chosen:
        if player.pk in entered:
            continue
        number += 1
        Entry.objects.create(tournament=final, number=number, player=player)
        result.entered.append(player)
    series.final, series.invited_top = final, top
    if result.entered or series.invited_at is None:
        series.invited_at = timezone.now()
    series.save(update_fields=["final", "invited_top", "invited_at"])
    names = ", ".join(p.name for p in result.entered) or "nobody new"
    _log(actor, Verb.LADDER_TOP_INVITED, series, f"top {top} into {final.name}: {names}", final)
    return result
