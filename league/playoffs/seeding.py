"""Playoff seeding by rating (a season's `playoff_seeding` = "rating"): the teams the
standings qualify, each bracket's order by its regulars' mean rating instead of the record."""

from collections.abc import Sequence
from typing import Protocol

from league.seasons.models import RosterEntry
from scoring.player_ratings import STARTING_VALUE, rating_values


class HasTeams(Protocol):
    team_ids: list[int]


def team_ratings(team_ids: Sequence[int]) -> dict[int, float]:
    """Each team's rating: the mean of its regulars' (captain and players, not subs), the
    starting value for a team without any; two queries however many teams."""
    regulars: dict[int, list[int]] = {pk: [] for pk in team_ids}
    rows = RosterEntry.objects.filter(team_id__in=team_ids, fixture__isnull=True).exclude(
        role=RosterEntry.Role.SUB
    )
    for team_id, player_id in rows.values_list("team_id", "player_id"):
        regulars[team_id].append(player_id)
    values = rating_values(pk for players in regulars.values() for pk in players)
    return {
        team: (sum(values[p] for p in players) / len(players) if players else STARTING_VALUE)
        for team, players in regulars.items()
    }


def seeded_by_rating[G: HasTeams](groups: list[G]) -> list[G]:
    """The same teams in each bracket, seeded by rating (highest first); equal ratings keep
    the record order. Who qualifies stays the standings' call."""
    ratings = team_ratings([team for group in groups for team in group.team_ids])
    for group in groups:
        group.team_ids.sort(key=lambda team: -ratings[team])  # stable: ties by record
    return groups
