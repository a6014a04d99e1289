"""Flights: an event's field split into A, B, C … each with its own places and purse.

Pure Python. A director lists the flights best first, each with a size (how many entries it
takes) and its prizes in cents; the last flight takes the rest, whatever its size says. The
entries are put in order (by their rating before the event, or by season ladder position
with rating after), then dealt out: the first `size` to A, the next to B, and so on.

Within a flight, places count only that flight's entries (the event's best B player is B's
first), and prizes are split with the event's tie rules (`algorithms.prizes.split_prizes`).

Example: 21 players, flights A 8, B 8, C (the rest): A takes the top 8 by rating, B the
next 8, C the last 5.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from algorithms.prizes import split_prizes

type EntryId = Hashable

MAX_FLIGHTS = 6
NAME_MAX = 12
PRIZE_PLACES_MAX = 50
SIZE_MAX = 9999


@dataclass(frozen=True)
class Flight:
    name: str
    size: int | None  # None: the last flight, it takes the rest
    prizes: tuple[int, ...] = ()


def flights_problems(data: object) -> list[str]:
    """What is wrong with stored or typed flights, each a sentence for the director."""
    if not isinstance(data, list):
        return ["Flights are a list."]
    if len(data) > MAX_FLIGHTS:
        return [f"At most {MAX_FLIGHTS} flights."]
    if len(data) == 1:
        return ["One flight is the whole field: give two or more, or none."]
    problems: list[str] = []
    names: list[str] = []
    for index, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            problems.append(f"Flight {index} isn't a flight.")
            continue
        name = item.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
            problems.append(f"Flight {index} needs a name of 1 to {NAME_MAX} characters.")
        else:
            names.append(name.strip().casefold())
        size = item.get("size")
        last = index == len(data)
        if not last and (type(size) is not int or not 1 <= size <= SIZE_MAX):
            problems.append(f"Flight {name or index} needs a size between 1 and {SIZE_MAX}.")
        prizes = item.get("prizes", [])
        if not isinstance(prizes, list) or any(type(p) is not int or p < 0 for p in prizes):
            problems.append(f"Flight {name or index}: prizes are amounts of 0 or more.")
        elif len(prizes) > PRIZE_PLACES_MAX:
            problems.append(f"Flight {name or index}: at most {PRIZE_PLACES_MAX} prize places.")
    if len(set(names)) != len(names):
        problems.append("Each flight needs its own name.")
    return problems


def flights_from_data(data: object) -> list[Flight]:
    """The flights stored on an event; raises ValueError when they don't make sense."""
    problems = flights_problems(data)
    if problems:
        raise ValueError(" ".join(problems))
    assert isinstance(data, list)
    count = len(data)
    return [
        Flight(
            name=item["name"].strip(),
            size=None if n == count else item["size"],
            prizes=tuple(item.get("prizes", [])),
        )
        for n, item in enumerate(data, start=1)
    ]


def flights_to_data(flights: Sequence[Flight]) -> list[dict]:
    return [{"name": f.name, "size": f.size, "prizes": list(f.prizes)} for f in flights]


def order_by_rating(entries: Sequence[EntryId], ratings: Mapping[EntryId, float]) -> list[EntryId]:
    """Highest rating first; equal ratings keep the order given (registration)."""
    return sorted(entries, key=lambda e: -ratings.get(e, 0))


def order_by_ladder(
    entries: Sequence[EntryId],
    positions: Mapping[EntryId, int],
    ratings: Mapping[EntryId, float],
) -> list[EntryId]:
    """Ladder position first (1 best); entries without one after all who have, by rating."""
    by_rating = order_by_rating(entries, ratings)
    placed = sorted((e for e in by_rating if e in positions), key=lambda e: positions[e])
    return placed + [e for e in by_rating if e not in positions]


def deal(ordered: Sequence[EntryId], flights: Sequence[Flight]) -> dict[EntryId, str]:
    """Each entry's flight: the first `size` entries to the first flight, and so on; the
    last flight takes whoever is left (a flight may end up empty in a small field)."""
    out: dict[EntryId, str] = {}
    start = 0
    for index, flight in enumerate(flights):
        last = index == len(flights) - 1
        end = len(ordered) if last or flight.size is None else start + flight.size
        for entry in ordered[start:end]:
            out[entry] = flight.name
        start = end
    return out


def flight_places(ranking: Sequence[tuple[EntryId, int]]) -> dict[EntryId, int]:
    """Places within one flight, from the event's places of its entries (best first):
    entries sharing an event place share the flight place."""
    out: dict[EntryId, int] = {}
    previous: int | None = None
    place = 0
    for index, (entry, event_place) in enumerate(ranking, start=1):
        if event_place != previous:
            place = index
        out[entry] = place
        previous = event_place
    return out


def flight_prizes(
    flights: Sequence[Flight],
    ranking: Sequence[tuple[EntryId, int]],
    flight_of: Mapping[EntryId, str],
) -> dict[EntryId, int]:
    """Cents won by each ranked entry: each flight's purse split over its own entries in the
    event's order, ties (equal event places) sharing as `split_prizes` says. An entry in no
    known flight wins nothing."""
    paid: dict[EntryId, int] = {entry: 0 for entry, _ in ranking}
    for flight in flights:
        members = [(e, place) for e, place in ranking if flight_of.get(e) == flight.name]
        paid.update(split_prizes(flight.prizes, members))
    return paid
