"""Test data for league nights: published seasons of ready teams, fixtures in the past, cards."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from league.nights.services.results import GameScore, fixture_confirm_cards, fixture_submit_scores
from league.seasons.models import Fixture, RosterEntry, Season, SkillLevel, Team
from tests.factories import PlayerFactory, RosterEntryFactory, SeasonFactory, UserFactory
from tests.league.factories import WaiverFactory


def weeks_ago(weeks: int) -> datetime.date:
    """The same weekday `weeks` weeks before today (league nights in the past)."""
    return timezone.localdate() - datetime.timedelta(weeks=weeks)


def night_season(*, weeks: int = 10, levels: tuple[str, ...] = ("A",), **kwargs: Any) -> Season:
    """A published season that started `weeks` weeks ago, under the CCA rule set."""
    start = weeks_ago(weeks)
    defaults = {
        "schedule_state": Season.ScheduleState.PUBLISHED,
        "schedule_published_at": timezone.now(),
    }
    season = SeasonFactory(
        starts_on=start, league_night=start.weekday(), weeks=weeks, **{**defaults, **kwargs}
    )
    for position, name in enumerate(levels):
        SkillLevel.objects.create(season=season, name=name, position=position)
    return season


def ready_team(season: Season, name: str, level: str | None = "A") -> tuple[Any, Team]:
    """A team that may play: a captain with a login and a second player, both signed."""
    skill = season.skill_levels.get(name=level) if level else None
    team = Team.objects.create(season=season, name=name, skill_level=skill)
    user = UserFactory(username=f"cap-{season.pk}-{name.lower().replace(' ', '-')}")
    captain = RosterEntryFactory(
        team=team, player=PlayerFactory(user=user), role=RosterEntry.Role.CAPTAIN
    )
    mate = RosterEntryFactory(team=team)
    for entry in (captain, mate):
        WaiverFactory(player=entry.player, season=season)
    return user, team


@dataclass
class Night:
    season: Season
    fixture: Fixture
    home: Team
    away: Team
    home_captain: Any
    away_captain: Any


def night(
    season: Season | None = None, *, week: int = 1, date: datetime.date | None = None
) -> Night:
    """One regular-season fixture between two fresh ready teams, played in the past."""
    season = season or night_season()
    home_captain, home = ready_team(season, f"Home {week}-{season.teams.count()}")
    away_captain, away = ready_team(season, f"Away {week}-{season.teams.count()}")
    fixture = Fixture.objects.create(
        season=season,
        week=week,
        date=date or season.starts_on + datetime.timedelta(weeks=week - 1),
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=season.games_per_fixture,
    )
    return Night(season, fixture, home, away, home_captain, away_captain)


def fixture_between(season: Season, home: Team, away: Team, week: int) -> Fixture:
    return Fixture.objects.create(
        season=season,
        week=week,
        date=season.starts_on + datetime.timedelta(weeks=week - 1),
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=season.games_per_fixture,
    )


def captain_of(team: Team) -> Any:
    return team.roster.get(role=RosterEntry.Role.CAPTAIN).player.user


def play(fixture: Fixture, *scores: tuple[int, int], timed_out: bool = False) -> None:
    """The home captain enters final scores (game 1, 2, ...) and the away captain confirms."""
    fixture_submit_scores(
        fixture=fixture,
        user=captain_of(fixture.home),
        scores=[GameScore(n, h, a, timed_out) for n, (h, a) in enumerate(scores, start=1)],
    )
    fixture_confirm_cards(fixture=fixture, user=captain_of(fixture.away))


def finished_season(levels: dict[str, list[str]], **kwargs: Any) -> tuple[Season, dict[str, Team]]:
    """A season whose regular season is over: in each level a round robin where every
    team beats the teams listed after it 3-0, so the standings follow the lists."""
    from league.demo.results import PlayedFixture, bulk_play

    season = night_season(levels=tuple(levels), **kwargs)
    teams: dict[str, Team] = {}
    played = []
    for level, names in levels.items():
        members = [ready_team(season, name, level)[1] for name in names]
        teams.update(zip(names, members, strict=True))
        week = 0
        for i, better in enumerate(members):
            for worse in members[i + 1 :]:
                week = week % season.weeks + 1
                fixture = fixture_between(season, better, worse, week)
                played.append(PlayedFixture(fixture, [(10, 5), (10, 6), (10, 7)]))
    bulk_play(played)
    return season, teams


def playoff_dates(season: Season, rounds: int = 3) -> list[datetime.date]:
    first = timezone.localdate() + datetime.timedelta(days=1)
    return [first + datetime.timedelta(days=2 * n) for n in range(rounds)]
