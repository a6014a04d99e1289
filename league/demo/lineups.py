"""Demo line-ups: Left Bowers has three regulars (Casey Captain, Pat Player and a partner),
so its roster can't tell who played. Its captain records Casey and Pat for every played
fixture with a confirmed card, so the demo players' profiles show the season."""

from django.db.models import Q

from league.demo.people import captain_login
from league.demo.seasons import DEMO_TEAM, DEMO_USERS
from league.nights.services.lineups import fixture_lineup_record
from league.seasons.models import Fixture, Player, Season, Team
from scoring.models import Scorecard

DONE = (Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED)


def demo_lineups(season: Season) -> int:
    """Record who played for the demo team; returns how many fixtures (again: no change)."""
    team = Team.objects.filter(season=season, name=DEMO_TEAM).first()
    players = list(
        Player.objects.filter(user__username__in=list(DEMO_USERS)).values_list("pk", flat=True)
    )
    captain = captain_login(team) if team is not None else None
    if team is None or captain is None or len(players) != 2:
        return 0
    confirmed = Scorecard.objects.filter(status__in=DONE).values("game_id")
    fixtures = (
        Fixture.objects.filter(Q(home=team) | Q(away=team), status=Fixture.Status.PLAYED)
        .filter(fixture_games__game_id__in=confirmed)
        .distinct()
        .order_by("date")
    )
    for fixture in fixtures:
        fixture_lineup_record(fixture=fixture, team=team, player_ids=players, by=captain)
    return len(fixtures)
