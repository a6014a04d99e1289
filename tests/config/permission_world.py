"""The people and objects the permission matrix asks about: two leagues, two tournaments.

League A ("alpha") has a published season with a fixture tonight between A1 (home) and A2,
a third team A3, a past fixture with a forfeit, and a reschedule request. League B has its
own manager. Tournament T is a progressive event under way with a director and a
scorekeeper, its director having entered table 1's card for N-S; tournament T2 has another
director. League A plays under a copy of the CCA rules ("alpha-rules"), tournament T under a
copy of the progressive rules ("tee-rules").
"""

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.models import RoleName, Scope
from league.nights.models import Forfeit
from league.nights.services.forfeits import forfeit_record
from league.nights.services.results import fixture_games_ensure
from league.seasons.models import Fixture, RescheduleRequest, RosterEntry, Season
from notices.models import Notice
from scoring.models import RuleSet
from scoring.services import ruleset_copy, scorecard_submit
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    UserFactory,
    grant_role,
    manager_user,
)
from tests.league.factories import VenueFactory
from tests.league.night_factories import fixture_between, night_season, ready_team
from tests.notices.factories import send_notice
from tests.tournaments.factories import progressive, started
from tournaments.models import Round, Tournament

ROLES = (
    "anonymous",
    "player",
    "captain",
    "other_captain",
    "expired_sub",
    "manager",
    "other_manager",
    "director",
    "other_director",
    "scorekeeper",
)


@dataclass
class World:
    users: dict[str, Any] = field(default_factory=dict)
    objects: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.objects[name]
        except KeyError:
            raise AttributeError(name) from None


def build_world() -> World:
    world = World()
    league_b = LeagueFactory(slug="beta")
    season = night_season(weeks=4, slug="s1")
    league = season.league
    league.slug = "alpha"
    league.save(update_fields=["slug"])
    captain, home = ready_team(season, "A1")
    away_captain, away = ready_team(season, "A2")
    other_captain, third = ready_team(season, "A3")
    venue = VenueFactory(league=league)
    season.venues.add(venue)
    today = timezone.localdate()
    fixture = Fixture.objects.create(
        season=season,
        week=4,
        date=today,
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=season.games_per_fixture,
    )
    league_game = fixture_games_ensure(fixture=fixture)[0].game
    # The away captain has entered game 1: the home captain (or a manager) confirms it.
    pending = scorecard_submit(
        game=league_game, user=away_captain, side="EW", final_scores={"NS": 10, "EW": 6}
    )
    past = fixture_between(season, third, away, 1)
    forfeit = forfeit_record(fixture=past, team=third, by=other_captain, no_show=True)
    request = RescheduleRequest.objects.create(
        fixture=fixture,
        requested_by_team=away,
        requested_by=away_captain,
        proposed_date=today + datetime.timedelta(days=3),
        reason="Away that night",
    )
    player = UserFactory()
    RosterEntryFactory(team=home, player=PlayerFactory(user=player))
    expired = UserFactory()
    RosterEntryFactory(
        team=home,
        player=PlayerFactory(user=expired),
        role=RosterEntry.Role.SUB,
        fixture=past,
        starts_on=past.date,
        ends_on=past.date,
        approved=True,
    )
    manager = manager_user(league=league)
    other_manager = manager_user(league=league_b)
    director = UserFactory()
    tournament = started(progressive(players=8, rounds=3, director=director, slug="tee"))
    other_director = UserFactory()
    progressive(players=8, rounds=3, director=other_director, slug="tee-two")
    scorekeeper = UserFactory()
    grant_role(scorekeeper, RoleName.SCOREKEEPER, Scope.TOURNAMENT, tournament.pk)
    for user in (director, other_director):
        grant_role(user, RoleName.ORGANISER, Scope.SITE, 0)
    table = Round.objects.get(tournament=tournament, number=1).tables.first()
    table_game = table.game
    # The director entered table 1's card for N-S: E-W confirm it with a seat code.
    table_pending = scorecard_submit(
        game=table_game, user=director, side="NS", final_scores={"N": 6, "S": 6, "E": 2, "W": 2}
    )
    east_code = table.seats.get(seat="E").entry.seat_code
    notice = send_notice(season=season, created_by=manager)
    for name, source, user, plays in (
        ("Alpha rules", "cca-league", manager, Season.objects.filter(pk=season.pk)),
        ("Tee rules", "progressive", director, Tournament.objects.filter(pk=tournament.pk)),
    ):
        copied = ruleset_copy(source=RuleSet.objects.get(slug=source), user=user, name=name)
        plays.update(rule_set=copied)  # the games already made keep their own rules
    world.users = {
        "anonymous": AnonymousUser(),
        "player": player,
        "captain": captain,
        "other_captain": other_captain,
        "expired_sub": expired,
        "manager": manager,
        "other_manager": other_manager,
        "director": director,
        "other_director": other_director,
        "scorekeeper": scorekeeper,
    }
    world.objects = {
        "league": league,
        "league_b": league_b,
        "season": season,
        "home": home,
        "venue": venue,
        "fixture": fixture,
        "past": past,
        "forfeit": forfeit,
        "request": request,
        "league_game": league_game,
        "pending": pending,
        "tournament": tournament,
        "table_game": table_game,
        "table_pending": table_pending,
        "east_code": east_code,
        "notice": notice,
        "message": notice.messages.first(),
        "entry": tournament.entries.order_by("number").first(),
    }
    assert Forfeit.objects.filter(pk=forfeit.pk).exists()
    assert Notice.objects.filter(pk=notice.pk).exists()
    return world
