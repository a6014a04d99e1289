"""Playoffs seeded by rating: the teams the standings qualify, ordered by their regulars'
mean rating (subs don't count), equal ratings by record; the record stays the default."""

import pytest

from league.playoffs.seeding import team_ratings
from league.playoffs.services import playoff_seeds
from league.seasons.models import RosterEntry, Team
from tests.league.night_factories import finished_season
from tests.tournaments.flight_helpers import rate

pytestmark = pytest.mark.django_db

FOUR = ["One", "Two", "Three", "Four"]


def _rate_team(team: Team, value: int) -> None:
    for player_id in RosterEntry.objects.filter(team=team).values_list("player_id", flat=True):
        rate(player_id, value)


def _names(group) -> list[str]:
    names = dict(Team.objects.filter(pk__in=group.team_ids).values_list("pk", "name"))
    return [names[pk] for pk in group.team_ids]


def test_the_record_seeds_the_playoffs_by_default():
    season, teams = finished_season({"A": FOUR})
    _rate_team(teams["Four"], 1900)
    (group,) = playoff_seeds(season)
    assert _names(group) == FOUR


def test_seeding_by_rating_puts_the_highest_rated_team_first_ties_by_record():
    season, teams = finished_season({"A": FOUR}, playoff_seeding="rating")
    _rate_team(teams["Four"], 1900)
    _rate_team(teams["Three"], 1500)
    # One and Two both stand at the starting value: the record keeps One ahead.
    (group,) = playoff_seeds(season)
    assert _names(group) == ["Four", "Three", "One", "Two"]


def test_who_qualifies_stays_the_records_call():
    season, teams = finished_season(
        {"A": FOUR}, playoff_seeding="rating", playoff_teams_per_bracket=2
    )
    _rate_team(teams["Four"], 1900)
    _rate_team(teams["Two"], 1200)
    (group,) = playoff_seeds(season)
    assert _names(group) == ["Two", "One"]


def test_a_teams_rating_is_the_mean_of_its_regulars(django_assert_max_num_queries):
    season, teams = finished_season({"A": FOUR})
    players = list(
        RosterEntry.objects.filter(team=teams["One"]).values_list("player_id", flat=True)
    )
    rate(players[0], 1400)  # the others stand at 1000
    expected = (1400 + 1000 * (len(players) - 1)) / len(players)
    with django_assert_max_num_queries(2):
        ratings = team_ratings([t.pk for t in teams.values()])
    assert ratings[teams["One"].pk] == expected
    assert ratings[teams["Two"].pk] == 1000
