"""Demo league data: a CCA-style season, two skill levels, 16 teams, a published schedule.

Every date is relative to the day the demo is loaded (league.demo.dates): the league night
is today's weekday and tonight is week 9. Every captain has a login (league.demo.people),
the demo 'manager' manages the league, and every rostered player has signed the waiver
except the demo 'player', Left Bowers' third player, who signs online (the team still
has two signed players, so its cards are accepted meanwhile).

Safe to run again the same day: the season (found by its first night) is built once, and
what the demo's users did to it since is kept. A demo loaded on an earlier day is rebuilt
(league.demo.reset).
"""

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import RoleName, Scope
from accounts.services import role_grant
from league.demo.dates import WEEKS, DemoDates
from league.demo.people import captain_logins
from league.demo.reset import league_is_current, league_wipe
from league.seasons import services
from league.seasons.models import League, Player, RosterEntry, Season, SeasonDate, Team, Waiver
from wording.when import day

LEAGUE_SLUG = "cca"
DEMO_TEAM = "Left Bowers"
TEAMS = {
    "A": [
        DEMO_TEAM,
        "Right Bowers",
        "Lone Wolves",
        "Marching Orders",
        "Stick the Dealer",
        "Trump Tight",
        "Euchre Me",
        "Next Trick",
    ],
    "B": [
        "Nine of Hearts",
        "Ace No Face",
        "Kitty Cats",
        "Going Alone",
        "Farmer's Hand",
        "Dealer's Choice",
        "Second Round",
        "Off Suit",
    ],
}
DEMO_USERS = {"captain": ("Casey Captain", "captain"), "player": ("Pat Player", "player")}
UNSIGNED_USER = "player"


def demo_dates() -> DemoDates:
    return DemoDates(timezone.localdate())


def demo_season() -> Season | None:
    """Today's demo season (None before `load_demo` has run today)."""
    dates = demo_dates()
    return (
        Season.objects.select_related("league")
        .filter(league__slug=LEAGUE_SLUG, starts_on=dates.first_night)
        .first()
    )


def _league(dates: DemoDates) -> tuple[League, list[str]]:
    lines = []
    league = League.objects.filter(slug=LEAGUE_SLUG).first()
    if league is not None and not league_is_current(league, dates):
        league_wipe(league)
        league = None
        lines.append(
            f"  (the demo league was loaded on another day: rebuilt for {day(dates.today)})"
        )
    if league is None:
        league = League.objects.create(
            slug=LEAGUE_SLUG,
            name="CCA Euchre League",
            description="Weekly three-game team euchre.",
        )
    manager = get_user_model().objects.filter(username="manager").first()
    if manager is not None:
        role_grant(user=manager, role=RoleName.MANAGER, scope_kind=Scope.LEAGUE, scope_id=league.pk)
    return league, lines


def _season(league: League, dates: DemoDates) -> Season:
    season = league.seasons.filter(starts_on=dates.first_night).first()
    if season is None:
        season = services.season_create(
            league=league,
            name=dates.season_name,
            starts_on=dates.first_night,
            weeks=WEEKS,
            start_time=datetime.time(19, 0),
            skill_levels=list(TEAMS),
        )
    services.venue_add(
        season=season, name="Circle City Taproom", tables=10, address="100 Monument Circle"
    )
    for date, kind, note in (
        (dates.blackout, SeasonDate.Kind.BLACKOUT, "Holiday week: no league night"),
        (dates.makeup, SeasonDate.Kind.MAKEUP, "Makeup night for postponed fixtures"),
    ):
        SeasonDate.objects.get_or_create(
            season=season, date=date, defaults={"kind": kind, "note": note}
        )
    return season


def _rosters(season: Season) -> None:
    levels = {level.name: level for level in season.skill_levels.all()}
    for level, names in TEAMS.items():
        for number, name in enumerate(names):
            team, _ = Team.objects.get_or_create(
                season=season, name=name, defaults={"skill_level": levels[level]}
            )
            if team.roster.exists():
                continue
            slug = name.lower().replace("'", "").replace(" ", ".")
            seats = [(1, RosterEntry.Role.CAPTAIN), (2, RosterEntry.Role.PLAYER)]
            if name == DEMO_TEAM:
                seats = seats[1:]  # the demo captain captains it
            for seat, role in seats:
                player, _ = Player.objects.get_or_create(
                    email=f"{slug}.{seat}@example.com",
                    defaults={"name": f"{name.split()[0]} Player {level}{number}{seat}"},
                )
                RosterEntry.objects.create(team=team, player=player, role=role)
    _demo_people(Team.objects.get(season=season, name=DEMO_TEAM))


def _demo_people(team: Team) -> None:
    """The demo captain captains Left Bowers with a partner; the demo player is the third."""
    users = get_user_model().objects.in_bulk(list(DEMO_USERS), field_name="username")
    for username, (full_name, role) in DEMO_USERS.items():
        user = users.get(username)
        if user is None:
            continue
        player, _ = Player.objects.update_or_create(
            user=user, defaults={"name": full_name, "email": f"{username}@example.com"}
        )
        RosterEntry.objects.update_or_create(
            team=team, player=player, fixture=None, defaults={"role": role}
        )


def _waivers(season: Season) -> None:
    """Everyone has signed on paper except the demo player, who can try the online form."""
    signed = set(season.waivers.values_list("player_id", flat=True))
    now = timezone.now()
    Waiver.objects.bulk_create(
        Waiver(
            player_id=player_id,
            season=season,
            version=season.waiver_version,
            signed_at=now,
            method=Waiver.Method.PAPER,
        )
        for player_id in set(
            RosterEntry.objects.filter(team__season=season)
            .exclude(player__user__username=UNSIGNED_USER)
            .values_list("player_id", flat=True)
        )
        - signed
    )


def load_season() -> tuple[Season, list[str]]:
    dates = demo_dates()
    league, lines = _league(dates)
    season = _season(league, dates)
    if not season.is_published:
        # Built once; run again the same day, the teams are as the demo's users left them.
        _rosters(season)
        _waivers(season)
        if not season.fixtures.exists():
            services.season_generate_schedule(season=season)
        services.season_publish_schedule(season=season)
    captain_logins(list(season.teams.filter(roster__role=RosterEntry.Role.CAPTAIN).distinct()))
    return season, [
        *lines,
        f"League {league.name}, season {season.name} (league nights on "
        f"{season.get_league_night_display()}s, {day(dates.first_night)} to "
        f"{day(dates.last_night)}): {season.teams.count()} teams, "
        f"{season.fixtures.filter(away__isnull=False).count()} fixtures, published",
    ]
