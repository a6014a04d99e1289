"""League factories and a ready-made season for the league tests."""

import datetime

import factory
from django.utils import timezone

from league.seasons.models import (
    Fixture,
    RosterEntry,
    Season,
    SkillLevel,
    Table,
    Team,
    Venue,
    Waiver,
)
from tests.factories import PlayerFactory, RosterEntryFactory, SeasonFactory, TeamFactory

TUESDAY = datetime.date(2030, 9, 3)


class SkillLevelFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SkillLevel

    season = factory.SubFactory(SeasonFactory)
    name = factory.Sequence(lambda n: f"L{n}")


class VenueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Venue

    league = factory.SubFactory("tests.factories.LeagueFactory")
    name = factory.Sequence(lambda n: f"Venue {n}")


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    venue = factory.SubFactory(VenueFactory)
    name = factory.Sequence(lambda n: f"Table {n}")


class WaiverFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Waiver

    player = factory.SubFactory(PlayerFactory)
    season = factory.SubFactory(SeasonFactory)
    version = 1
    signed_at = factory.LazyFunction(timezone.now)
    method = Waiver.Method.PAPER


class FixtureFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Fixture

    season = factory.SubFactory(SeasonFactory)
    week = 1
    date = TUESDAY
    home = factory.SubFactory(TeamFactory, season=factory.SelfAttribute("..season"))
    away = factory.SubFactory(TeamFactory, season=factory.SelfAttribute("..season"))


def make_season(*, teams_per_level=(4, 4), tables: int = 4, weeks: int = 6, **kwargs) -> Season:
    """A draft season starting on a Tuesday with levels A, B…, a venue and signed rosters."""
    season = SeasonFactory(starts_on=TUESDAY, league_night=1, weeks=weeks, **kwargs)
    venue = VenueFactory(league=season.league)
    for n in range(tables):
        TableFactory(venue=venue, name=f"Table {n + 1}", position=n + 1)
    season.venues.add(venue)
    for index, count in enumerate(teams_per_level):
        level = SkillLevelFactory(season=season, name="ABCDEFGH"[index], position=index)
        for number in range(count):
            team = TeamFactory(season=season, skill_level=level, name=f"{level.name}{number + 1}")
            for role in (RosterEntry.Role.CAPTAIN, RosterEntry.Role.PLAYER):
                entry = RosterEntryFactory(team=team, role=role)
                WaiverFactory(player=entry.player, season=season)
    return season


def signed_team(season: Season, name: str = "Signed", **kwargs) -> Team:
    team = TeamFactory(season=season, name=name, **kwargs)
    for role in (RosterEntry.Role.CAPTAIN, RosterEntry.Role.PLAYER):
        entry = RosterEntryFactory(team=team, role=role)
        WaiverFactory(player=entry.player, season=season)
    return team
