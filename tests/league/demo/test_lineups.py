"""The demo team's three regulars: Casey Captain and Pat Player are recorded as who played."""

import pytest

from league.demo.lineups import demo_lineups
from league.models import Fixture, Player, Team
from people.models import GameLine
from scoring.models import GameSeat

pytestmark = pytest.mark.django_db


def test_left_bowers_played_fixtures_seat_casey_and_pat_and_count_in_their_lines(demo_today):
    team = Team.objects.filter(name="Left Bowers").order_by("pk").first()
    pair = set(
        Player.objects.filter(name__in=["Casey Captain", "Pat Player"]).values_list("pk", flat=True)
    )
    played = Fixture.objects.filter(home=team) | Fixture.objects.filter(away=team)
    played = played.filter(status=Fixture.Status.PLAYED)
    assert played.exists()
    seated = set(
        GameSeat.objects.filter(game__fixture_game__fixture__in=played).values_list(
            "player_id", flat=True
        )
    )
    assert pair <= seated and not (seated - pair) & set(
        team.roster.values_list("player_id", flat=True)
    )
    pat = Player.objects.get(name="Pat Player", merged_into=None)
    assert GameLine.objects.filter(player=pat, season=team.season).exists()


def test_loading_the_line_ups_again_changes_nothing(demo_today):
    team = Team.objects.filter(name="Left Bowers").order_by("pk").first()
    before = list(GameSeat.objects.order_by("pk").values_list("pk", "player_id"))
    demo_lineups(team.season)
    assert list(GameSeat.objects.order_by("pk").values_list("pk", "player_id")) == before
