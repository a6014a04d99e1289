"""A demo league loaded on an earlier day is rebuilt for today.

The demo's dates are relative to the day it is loaded; a copy from another day would show
last month's "tonight". `league_is_current` tells, and `league_wipe` removes the demo league
with everything that hangs from it (games, notices, roles, activity) so it can be loaded
afresh. Players and user accounts are kept: the new rosters pick them up again.
"""

from collections.abc import Callable

from django.db import transaction
from django.db.models import Q

from accounts.models import Role, Scope
from activity.models import Activity
from league.cancellations.models import Cancellation
from league.demo.dates import DemoDates
from league.playoffs.models import PlayoffBracket
from league.seasons.models import Fixture, League, Team
from notices.models import Notice
from scoring.models import Game

# Parts above the league (money) keep protected rows of a league's seasons: each registers a
# step that deletes its own first (`register_wipe_step`), so the league needn't know them.
_WIPE_STEPS: list[Callable[[League], None]] = []


def register_wipe_step(step: Callable[[League], None]) -> None:
    if step not in _WIPE_STEPS:
        _WIPE_STEPS.append(step)


def league_is_current(league: League, dates: DemoDates) -> bool:
    """Whether the league holds today's demo season (found by its first night)."""
    return league.seasons.filter(starts_on=dates.first_night).exists()


@transaction.atomic
def league_wipe(league: League) -> None:
    """Delete the league and its seasons; teams and fixtures are protected, so in order."""
    for step in _WIPE_STEPS:
        step(league)
    teams = Team.objects.filter(season__league=league)
    Game.objects.filter(
        Q(ns_team__in=teams)
        | Q(ew_team__in=teams)
        | Q(fixture_game__fixture__season__league=league)
    ).delete()
    PlayoffBracket.objects.filter(season__league=league).delete()
    Cancellation.objects.filter(season__league=league).delete()
    Fixture.objects.filter(season__league=league).delete()
    teams.delete()
    Notice.objects.filter(season__league=league).delete()
    Role.objects.filter(scope_kind=Scope.LEAGUE, scope_id=league.pk).delete()
    Activity.objects.filter(scope_kind=Scope.LEAGUE, scope_id=league.pk).delete()
    league.delete()
