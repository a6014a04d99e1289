"""Who may have played for a team in a fixture, and who is recorded as having played.

A team's players that night are its regulars (captain or player, no fixture, on the roster
at the fixture's date, approved) and the subs entered for this fixture. When they are more
than two, the captain (or a manager) records the two who played as the seats of every game
of the fixture: home N and S, away E and W (`league.nights.services.lineups`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Q

from accounts import permissions
from league.seasons.models import Fixture, Player, RosterEntry, Team
from scoring.models import GameSeat

CACHE_SECONDS = 5 * 60
HOME_SEATS = ("N", "S")
AWAY_SEATS = ("E", "W")


@dataclass
class Lineups:
    """The recorded line-ups of a fixture: players by team id (empty when none recorded)."""

    by_team: dict[int, list[Player]] = field(default_factory=dict)

    def of(self, team_id: int | None) -> list[Player]:
        return self.by_team.get(team_id, []) if team_id is not None else []


def seats_for(fixture: Fixture, team_id: int) -> tuple[str, str]:
    """The two seats a team takes in its fixture's games: home N-S, away E-W."""
    return HOME_SEATS if team_id == fixture.home_id else AWAY_SEATS


REGULAR_ROLES = (RosterEntry.Role.CAPTAIN, RosterEntry.Role.PLAYER)


def plays_that_night(
    *, role: str, sub_for: int | None, starts_on: Any, ends_on: Any, day: Any, fixture_id: int
) -> bool:
    """A roster place that counts on a fixture's night: a sub entered for this fixture, or a
    regular (captain or player) on the roster at its date. The one rule for both readers."""
    if sub_for is not None:
        return sub_for == fixture_id
    return (
        role in REGULAR_ROLES
        and (starts_on is None or starts_on <= day)
        and (ends_on is None or day <= ends_on)
    )


def night_player_ids(
    fixtures: list[dict[str, Any]],
) -> dict[tuple[int, int], tuple[list[int], list[int]]]:
    """(team id, fixture id) → the ids of the team's regulars and of its subs that night, for
    many fixtures at once (one query); each fixture: a dict of "id", "date", "home_id",
    "away_id"."""
    team_ids = {f[side] for f in fixtures for side in ("home_id", "away_id")} - {None}
    rows = RosterEntry.objects.filter(
        Q(fixture__isnull=True, team_id__in=team_ids)
        | Q(fixture_id__in=[f["id"] for f in fixtures]),
        approved=True,
    ).values_list("team_id", "player_id", "role", "starts_on", "ends_on", "fixture_id")
    by_team: dict[int, list[tuple]] = defaultdict(list)
    for row in rows:
        by_team[row[0]].append(row)
    found: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
    for fixture in fixtures:
        for side in ("home_id", "away_id"):
            team_id = fixture[side]
            regulars, subs = set(), set()
            for _, player_id, role, starts, ends, sub_for in by_team.get(team_id, []):
                if plays_that_night(
                    role=role,
                    sub_for=sub_for,
                    starts_on=starts,
                    ends_on=ends,
                    day=fixture["date"],
                    fixture_id=fixture["id"],
                ):
                    (regulars if sub_for is None else subs).add(player_id)
            found[(team_id, fixture["id"])] = (sorted(regulars), sorted(subs))
    return found


def eligible_players(fixture: Fixture) -> dict[int, list[Player]]:
    """Team id → its players that night, by name (one query for both teams)."""
    rows = (
        RosterEntry.objects.filter(team_id__in=fixture.team_ids(), approved=True)
        .filter(Q(fixture__isnull=True) | Q(fixture=fixture))
        .select_related("player")
        .order_by("player__name", "player_id")
    )
    found: dict[int, dict[int, Player]] = defaultdict(dict)
    for entry in rows:
        if plays_that_night(
            role=entry.role,
            sub_for=entry.fixture_id,
            starts_on=entry.starts_on,
            ends_on=entry.ends_on,
            day=fixture.date,
            fixture_id=fixture.pk,
        ):
            found[entry.team_id].setdefault(entry.player_id, entry.player)
    return {team_id: list(players.values()) for team_id, players in found.items()}


def fixture_lineups(fixture: Fixture) -> Lineups:
    """Each side's seated players, read from the fixture's first game with seats (one query)."""
    seats = (
        GameSeat.objects.filter(game__fixture_game__fixture=fixture)
        .select_related("player")
        .order_by("game__fixture_game__number", "seat")
    )
    lineups = Lineups()
    first: dict[int, int] = {}  # team id → the game its line-up is read from
    for seat in seats:
        team_id = fixture.home_id if seat.seat in HOME_SEATS else fixture.away_id
        if team_id is None or first.setdefault(team_id, seat.game_id) != seat.game_id:
            continue
        lineups.by_team.setdefault(team_id, []).append(seat.player)
    return lineups


def fixture_lineups_kept(fixture: Fixture) -> Lineups:
    """`fixture_lineups`, from the cache while the fixture's `updated_at` stays the same
    (recording a line-up moves it, as it moves the fixture page's stamp)."""
    stamp = fixture.updated_at.timestamp() if fixture.updated_at else 0
    key = f"league:fixture-lineups:{fixture.pk}:{stamp}"
    kept = cache.get(key)  # the cache is fail-soft (config.cache): down, it answers None
    if kept is None:
        kept = fixture_lineups(fixture)
        cache.set(key, kept, timeout=CACHE_SECONDS)
    return kept


@dataclass
class TeamLineup:
    """One team on the fixture page: who played (if recorded) and, for whoever may record
    it, the players to choose from (empty when the roster tells it: two or fewer)."""

    team: Team
    played: list[Player]
    choices: list[Player] = field(default_factory=list)

    @property
    def played_ids(self) -> set[int]:
        return {p.pk for p in self.played}


def lineup_page(
    user: Any, fixture: Fixture, *, playable: bool, kept: Lineups | None = None
) -> list[TeamLineup]:
    """The fixture's two teams with their recorded line-ups, and the choices for a captain of
    one (or a manager) while the fixture can be played or has been (also once confirmed).
    `kept`: the line-ups read with the fixture (`fixture_page.fixture_result_kept`)."""
    if fixture.away_id is None:
        return []
    lineups = kept if kept is not None else fixture_lineups_kept(fixture)
    teams = [TeamLineup(team, lineups.of(team.pk)) for team in (fixture.home, fixture.away)]
    if not (playable and user.is_authenticated):
        return teams
    manager = permissions.can_manage_season(user, fixture.season)
    mine = [t for t in teams if manager or permissions.is_captain_of(user, t.team.pk)]
    if mine:
        eligible = eligible_players(fixture)
        for t in mine:
            players = eligible.get(t.team.pk, [])
            t.choices = players if len(players) > 2 else []
    return teams
