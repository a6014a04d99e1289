"""Every confirmed game as plain facts: who sat on each side, the points, the hands, where.

A game counts once its card is confirmed or settled; forfeited games and games closed
without a result never reach here (they have no confirmed card). Sides come from the seats
the game kept (every tournament game, and league games whose seats were recorded); a league
game without seats takes each team's line-up that night — its regulars, or its regulars and
that night's subs when that still makes two — and a side that can't be told (a sub came, so
which regular sat out is unknown) leaves the game out of ratings and player lines.
"""

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils import timezone

from algorithms.hand_stats import Hand
from league.models import FixtureGame
from league.nights.selectors.lineups import night_player_ids
from scoring.models import GameSeat, HandEntry, Scorecard, ScorecardVersion
from tournaments.models import HeatMatch, MatchGame, Table

SIDES = ("NS", "EW")
SEAT_SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@dataclass
class SideFacts:
    players: list[tuple[int, str]] = field(default_factory=list)  # (player id, seat or "")
    team_id: int | None = None
    points: int = 0


@dataclass
class GameFacts:
    game_id: int
    played_at: datetime.datetime
    by_hand: bool
    winner: str  # "NS", "EW" or "" for a tie
    sides: dict[str, SideFacts]
    hands: list[Hand] = field(default_factory=list)
    season_id: int | None = None
    tournament_id: int | None = None

    @property
    def known(self) -> bool:
        """Both sides named and nobody on both: the game counts for its players."""
        ns = {pk for pk, _ in self.sides["NS"].players}
        ew = {pk for pk, _ in self.sides["EW"].players}
        return bool(ns) and bool(ew) and not ns & ew

    def sort_key(self) -> tuple[datetime.datetime, int]:
        return (self.played_at, self.game_id)


def confirmed_game_ids() -> list[int]:
    """Every game with a confirmed (or settled) card."""
    return list(
        Scorecard.objects.filter(
            status__in=[Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED]
        ).values_list("game_id", flat=True)
    )


def game_facts(game_ids: Iterable[int]) -> list[GameFacts]:
    """Facts of the given games that have a confirmed card, in played order (a few queries)."""
    ids = list(game_ids)
    versions = {
        row["scorecard__game_id"]: row
        for row in ScorecardVersion.objects.filter(
            scorecard__game_id__in=ids, state=ScorecardVersion.State.CONFIRMED
        ).values(
            "id",
            "scorecard__game_id",
            "scorecard__game__created_at",
            "source",
            "ns_total",
            "ew_total",
            "winner",
            "seat_totals",
        )
    }
    if not versions:
        return []
    ids = list(versions)
    seats = _seats(ids)
    league = _league_games(ids)
    events = _tournament_games(ids)
    lineups = _league_lineups(league.values())
    hands = _hands([v["id"] for v in versions.values() if v["source"] == "hands"])
    facts = []
    for game_id, version in versions.items():
        fixture = league.get(game_id)
        if fixture is not None and (fixture["forfeited_by_id"] or fixture["no_result"]):
            continue
        sides = {side: SideFacts() for side in SIDES}
        for seat, player_id in sorted(seats.get(game_id, {}).items()):
            sides[SEAT_SIDE[seat]].players.append((player_id, seat))
        if fixture is not None:
            teams = {"NS": fixture["fixture__home_id"], "EW": fixture["fixture__away_id"]}
            for side, team_id in teams.items():
                sides[side].team_id = team_id
                if not sides[side].players:
                    lineup = lineups.get((team_id, fixture["fixture_id"]), [])
                    sides[side].players = [(pk, "") for pk in lineup]
        _set_points(sides, version)
        facts.append(
            GameFacts(
                game_id=game_id,
                played_at=_played_at(version, fixture, events.get(game_id)),
                by_hand=version["source"] == "hands",
                winner=_winner(version, sides),
                sides=sides,
                hands=hands.get(version["id"], []),
                season_id=fixture["fixture__season_id"] if fixture else None,
                tournament_id=events.get(game_id, {}).get("tournament_id"),
            )
        )
    return sorted(facts, key=GameFacts.sort_key)


def game_sides(game_id: int) -> dict[str, list[int]] | None:
    """The players of each side of a game not played yet (or played): seats, else line-ups."""
    seats = _seats([game_id]).get(game_id, {})
    sides: dict[str, list[int]] = {"NS": [], "EW": []}
    for seat, player_id in seats.items():
        sides[SEAT_SIDE[seat]].append(player_id)
    fixture = _league_games([game_id]).get(game_id)
    if fixture is not None:
        lineups = _league_lineups([fixture])
        for side, key in (("NS", "fixture__home_id"), ("EW", "fixture__away_id")):
            if not sides[side]:
                sides[side] = lineups.get((fixture[key], fixture["fixture_id"]), [])
    if not sides["NS"] or not sides["EW"] or set(sides["NS"]) & set(sides["EW"]):
        return None
    return sides


def _seats(game_ids: list[int]) -> dict[int, dict[str, int]]:
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    for game_id, seat, player_id in GameSeat.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "seat", "player_id"
    ):
        seats[game_id][seat] = player_id
    return seats


def _league_games(game_ids: list[int]) -> dict[int, dict]:
    return {
        row["game_id"]: row
        for row in FixtureGame.objects.filter(game_id__in=game_ids).values(
            "game_id",
            "number",
            "forfeited_by_id",
            "no_result",
            "fixture_id",
            "fixture__date",
            "fixture__start_time",
            "fixture__season_id",
            "fixture__season__start_time",
            "fixture__home_id",
            "fixture__away_id",
        )
    }


def _tournament_games(game_ids: list[int]) -> dict[int, dict]:
    found: dict[int, dict] = {}
    for game_id, tournament_id, started in Table.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "round__tournament_id", "round__started_at"
    ):
        found[game_id] = {"tournament_id": tournament_id, "started_at": started}
    for game_id, tournament_id in MatchGame.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "match__tournament_id"
    ):
        found[game_id] = {"tournament_id": tournament_id, "started_at": None}
    for game_id, tournament_id in HeatMatch.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "heat__stage__tournament_id"
    ):
        found[game_id] = {"tournament_id": tournament_id, "started_at": None}
    return found


def _league_lineups(fixtures: Iterable[dict]) -> dict[tuple[int, int], list[int]]:
    """(team id, fixture id) → the two players who played, where the roster tells it."""
    played = [
        {
            "id": f["fixture_id"],
            "date": f["fixture__date"],
            "home_id": f["fixture__home_id"],
            "away_id": f["fixture__away_id"],
        }
        for f in fixtures
        if not f["forfeited_by_id"] and not f["no_result"]
    ]
    if not played:
        return {}
    lineups: dict[tuple[int, int], list[int]] = {}
    for key, (regulars, subs) in night_player_ids(played).items():
        lineup = sorted(set(regulars) | set(subs))
        if len(lineup) == 2 or (not subs and 0 < len(lineup) <= 2):
            lineups[key] = lineup
        elif len(subs) == 2:  # both regulars stood in for: the two subs played
            lineups[key] = subs
    return lineups


def _hands(version_ids: list[int]) -> dict[int, list[Hand]]:
    hands: dict[int, list[Hand]] = defaultdict(list)
    rows = (
        HandEntry.objects.filter(version_id__in=version_ids)
        .order_by("version_id", "number")
        .values(
            "version_id",
            "maker_side",
            "alone",
            "loner_seat",
            "tricks",
            "renege_by",
            "passed",
            "ns_points",
            "ew_points",
            "seat_points",
        )
    )
    for row in rows:
        hands[row["version_id"]].append(
            Hand(
                maker_side=row["maker_side"],
                alone=row["alone"],
                loner_seat=row["loner_seat"],
                tricks=row["tricks"],
                renege_by=row["renege_by"],
                passed=row["passed"],
                side_points={"NS": row["ns_points"], "EW": row["ew_points"]},
                seat_points=dict(row["seat_points"] or {}),
            )
        )
    return hands


def _set_points(sides: dict[str, SideFacts], version: dict) -> None:
    if version["ns_total"] is not None and version["ew_total"] is not None:
        sides["NS"].points, sides["EW"].points = version["ns_total"], version["ew_total"]
        return
    # An individual card entered as four player totals: a side scores what its players did.
    for seat, total in (version["seat_totals"] or {}).items():
        if seat in SEAT_SIDE:
            sides[SEAT_SIDE[seat]].points += int(total)


def _winner(version: dict, sides: dict[str, SideFacts]) -> str:
    if version["winner"] in SIDES:
        return version["winner"]
    ns, ew = sides["NS"].points, sides["EW"].points
    return "NS" if ns > ew else "EW" if ew > ns else ""


def _played_at(version: dict, fixture: dict | None, event: dict | None) -> datetime.datetime:
    """When the game was played: a league fixture's night, a round's start, else its creation."""
    if fixture is not None:
        at = fixture["fixture__start_time"] or fixture["fixture__season__start_time"]
        moment = datetime.datetime.combine(fixture["fixture__date"], at or datetime.time(19))
        moment += datetime.timedelta(minutes=fixture["number"])  # game 1 before game 2
        return timezone.make_aware(moment) if timezone.is_naive(moment) else moment
    if event is not None and event.get("started_at"):
        return event["started_at"]
    return version["scorecard__game__created_at"]
