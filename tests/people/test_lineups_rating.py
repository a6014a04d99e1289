"""A team of three regulars: its games count for nobody until its captain records who played."""

import pytest

from league.nights.services.lineups import fixture_lineup_record
from people.models import GameLine, PlayerRating
from tests.factories import RosterEntryFactory
from tests.league.night_factories import night, play

pytestmark = pytest.mark.django_db


def test_recorded_line_up_makes_the_games_count_for_the_two_who_played(
    django_capture_on_commit_callbacks,
):
    n = night()
    alternate = RosterEntryFactory(team=n.home).player
    captain, partner = (e.player for e in n.home.roster.exclude(player=alternate).order_by("pk"))
    with django_capture_on_commit_callbacks(execute=True):
        play(n.fixture, (10, 4), (6, 10), (10, 9))
    home_ids = {captain.pk, partner.pk, alternate.pk}
    assert not GameLine.objects.filter(player_id__in=home_ids).exists()  # untold
    assert not PlayerRating.objects.filter(player_id__in=home_ids).exists()

    with django_capture_on_commit_callbacks(execute=True):
        fixture_lineup_record(
            fixture=n.fixture,
            team=n.home,
            player_ids=[captain.pk, alternate.pk],
            by=n.home_captain,
        )

    lines = GameLine.objects.filter(player_id__in=home_ids)
    assert sorted(lines.values_list("player_id", flat=True)) == sorted(
        [captain.pk] * 3 + [alternate.pk] * 3
    )
    ratings = dict(PlayerRating.objects.values_list("player_id", "games"))
    assert ratings[captain.pk] == 3 and ratings[alternate.pk] == 3
    assert partner.pk not in ratings
    away_ids = set(n.away.roster.values_list("player_id", flat=True))
    assert away_ids <= set(ratings)  # the away pair counted all along


def test_changing_the_line_up_moves_the_games_to_the_new_pair(
    django_capture_on_commit_callbacks,
):
    n = night()
    alternate = RosterEntryFactory(team=n.home).player
    captain, partner = (e.player for e in n.home.roster.exclude(player=alternate).order_by("pk"))
    with django_capture_on_commit_callbacks(execute=True):
        play(n.fixture, (10, 4), (6, 10), (10, 9))
    for pair in ([captain.pk, alternate.pk], [captain.pk, partner.pk]):
        with django_capture_on_commit_callbacks(execute=True):
            fixture_lineup_record(
                fixture=n.fixture, team=n.home, player_ids=pair, by=n.home_captain
            )
    counted = set(GameLine.objects.values_list("player_id", flat=True))
    assert {captain.pk, partner.pk} <= counted and alternate.pk not in counted
    assert not PlayerRating.objects.filter(player=alternate).exists() or (
        PlayerRating.objects.get(player=alternate).games == 0
    )
