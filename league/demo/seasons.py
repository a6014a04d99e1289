"""Demo league data: a CCA-style season, two skill levels, 16 teams, a published schedule.

Safe to run again: everything is looked up by name or email before it is created,
and the schedule is generated only once.
"""

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from league.seasons import services
from league.seasons.models import League, Player, RosterEntry, Season, SeasonDate, Team, Waiver

TEAMS = {
    "A": [
        "Left Bowers",
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
FIRST_NIGHT = datetime.date(2026, 9, 8)  # a Tuesday
DEMO_USERS = {"captain": ("Casey Captain", "captain"), "player": ("Pat Player", "player")}


def _season() -> Season:
    league, _ = League.objects.get_or_create(
        slug="cca",
        defaults={"name": "CCA Euchre League", "description": "Weekly three-game team euchre."},
    )
    season = league.seasons.filter(slug="fall-2026").first()
    if season is None:
        season = services.season_create(
            league=league,
            name="Fall 2026",
            starts_on=FIRST_NIGHT,
            weeks=12,
            start_time=datetime.time(19, 0),
            skill_levels=list(TEAMS),
        )
    elif season.starts_on is None:
        services.season_update(season=season, changes={"starts_on": FIRST_NIGHT, "weeks": 12})
    for position, level in enumerate(TEAMS):
        season.skill_levels.get_or_create(name=level, defaults={"position": position})
    services.venue_add(
        season=season, name="Circle City Taproom", tables=10, address="100 Monument Circle"
    )
    for date, kind, note in (
        (datetime.date(2026, 11, 24), SeasonDate.Kind.BLACKOUT, "Thanksgiving week"),
        (datetime.date(2026, 12, 10), SeasonDate.Kind.MAKEUP, "Thursday makeup night"),
    ):
        SeasonDate.objects.get_or_create(
            season=season, date=date, defaults={"kind": kind, "note": note}
        )
    return season


def _rosters(season: Season) -> None:
    users = get_user_model().objects.in_bulk(list(DEMO_USERS), field_name="username")
    levels = {level.name: level for level in season.skill_levels.all()}
    for level, names in TEAMS.items():
        for number, name in enumerate(names):
            team, _ = Team.objects.get_or_create(
                season=season, name=name, defaults={"skill_level": levels[level]}
            )
            if team.roster.exists():
                continue
            slug = name.lower().replace("'", "").replace(" ", ".")
            for seat, role in ((1, RosterEntry.Role.CAPTAIN), (2, RosterEntry.Role.PLAYER)):
                player, _ = Player.objects.get_or_create(
                    email=f"{slug}.{seat}@example.com",
                    defaults={"name": f"{name.split()[0]} Player {level}{number}{seat}"},
                )
                RosterEntry.objects.create(team=team, player=player, role=role)
    # The demo captain and player are the Left Bowers.
    left_bowers = Team.objects.get(season=season, name="Left Bowers")
    for username, (full_name, role) in DEMO_USERS.items():
        user = users.get(username)
        if user is None:
            continue
        player, _ = Player.objects.update_or_create(
            user=user, defaults={"name": full_name, "email": f"{username}@example.com"}
        )
        RosterEntry.objects.update_or_create(
            team=left_bowers, player=player, fixture=None, defaults={"role": role}
        )
    left_bowers.roster.exclude(player__user__isnull=False).delete()


def _waivers(season: Season) -> None:
    """Everyone has signed except the demo player, who can try the online form."""
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
            .exclude(player__user__username="player")
            .values_list("player_id", flat=True)
        )
        - signed
    )


def load_season() -> tuple[Season, list[str]]:
    season = _season()
    _rosters(season)
    _waivers(season)
    if not season.is_published:
        if not season.fixtures.exists():
            services.season_generate_schedule(season=season)
        services.season_publish_schedule(season=season)
    return season, [
        f"  league {season.league.name}, season {season.name}: {season.teams.count()} teams, "
        f"{season.fixtures.filter(away__isnull=False).count()} fixtures (published)",
    ]
