"""Published seasons ready to be cancelled, for the cancellation tests."""

import datetime

from league.seasons import services
from league.seasons.models import Fixture, Player, RosterEntry, Season, SeasonDate, Venue
from tests.factories import SeasonFactory
from tests.league.factories import TUESDAY, TableFactory, VenueFactory, make_season, signed_team

WEEK = datetime.timedelta(weeks=1)
WEDNESDAY = TUESDAY + datetime.timedelta(days=1)
BACK_ROOM = "Back Room"


def published_season(*, teams_per_level=(4, 4), weeks: int = 4, **kwargs) -> Season:
    """A published season, 8 teams in two levels by default: 4 fixtures each Tuesday.

    The first night's last two fixtures are moved to a second venue, the Back Room,
    so a venue can be cancelled on its own.
    """
    season = make_season(teams_per_level=teams_per_level, tables=4, weeks=weeks, **kwargs)
    services.season_generate_schedule(season=season)
    back_room = VenueFactory(league=season.league, name=BACK_ROOM)
    tables = [TableFactory(venue=back_room, name=f"Back {n}", position=n) for n in (1, 2)]
    season.venues.add(back_room)
    first_night = list(night(season)[-2:])
    for fixture, table in zip(first_night, tables, strict=True):
        fixture.table = table
        fixture.save(update_fields=["table"])
    services.season_publish_schedule(season=season)
    season.refresh_from_db()
    return season


def night(season: Season, date: datetime.date = TUESDAY) -> list[Fixture]:
    """The night's fixtures (byes left out), in schedule order."""
    return list(
        season.fixtures.filter(date=date, away__isnull=False).select_related(
            "home", "away", "table__venue"
        )
    )


def back_room(season: Season) -> Venue:
    return season.venues.get(name=BACK_ROOM)


def captains(season: Season) -> list[Player]:
    return list(
        Player.objects.filter(
            roster_entries__team__season=season, roster_entries__role=RosterEntry.Role.CAPTAIN
        ).order_by("pk")
    )


def captains_of(fixtures: list[Fixture]) -> list[Player]:
    teams = {team for f in fixtures for team in f.team_ids()}
    return list(
        Player.objects.filter(
            roster_entries__team__in=teams, roster_entries__role=RosterEntry.Role.CAPTAIN
        ).order_by("pk")
    )


def players_of(fixtures: list[Fixture]) -> list[Player]:
    """Everyone on the rosters of these fixtures' teams, captains included."""
    teams = {team for f in fixtures for team in f.team_ids()}
    return list(
        Player.objects.filter(
            roster_entries__team__in=teams, roster_entries__fixture__isnull=True
        ).order_by("pk")
    )


def opt_in_to_texts(player: Player, number: str) -> Player:
    player.phone, player.sms_opt_in = number, True
    player.save(update_fields=["phone", "sms_opt_in"])
    return player


def makeup(season: Season, date: datetime.date) -> SeasonDate:
    return SeasonDate.objects.create(season=season, date=date, kind=SeasonDate.Kind.MAKEUP)


def other_season_fixture() -> Fixture:
    season = SeasonFactory(starts_on=TUESDAY)
    return Fixture.objects.create(
        season=season,
        week=1,
        date=TUESDAY,
        home=signed_team(season, "Elsewhere 1"),
        away=signed_team(season, "Elsewhere 2"),
    )
