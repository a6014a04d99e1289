"""Demo league nights: weeks of results, a forfeit, a dispute, published standings, playoffs.

Fall 2026 (from league.demo.seasons): weeks 1-10 played (written in bulk), and week 11 played
through the services: one fixture confirmed, one with a forfeit, one card waiting for
confirmation, one disputed, and Left Bowers' fixture still open (the demo player has not
signed the waiver). Weeks 9 and 10 are published. A second season, Thursday Fall 2026,
has finished its regular season and its playoffs are under way: round 1 played today,
the semifinals to come. Safe to run again: every step checks what is there first.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from accounts.demo import DEMO_PASSWORD
from league.demo.results import PlayedFixture, bulk_play, random_scores
from league.nights.models import FixtureGame
from league.nights.services.forfeits import forfeit_record
from league.nights.services.results import (
    GameScore,
    fixture_confirm_cards,
    fixture_dispute_card,
    fixture_refresh_status,
    fixture_submit_scores,
)
from league.playoffs.models import PlayoffBracket
from league.playoffs.services import playoff_record_series, playoffs_create
from league.seasons import services
from league.seasons.models import Fixture, League, Player, RosterEntry, Season, Team, Waiver
from league.standings.models import StandingsSnapshot
from league.standings.services import standings_publish

BULK_WEEKS = 10
NIGHT = 11  # the week played through the services
PUBLISHED = (9, 10)
THURSDAY_TEAMS = [
    "Queen of Clubs",
    "Jack of Diamonds",
    "Ten Spot",
    "Nine Lives",
    "Bower Power",
    "Short Suit",
]


def _captain_user(team: Team):  # type: ignore[no-untyped-def]
    """The team captain's login (created for the demo: captain-<team>, the demo password)."""
    entry = team.roster.select_related("player__user").get(role=RosterEntry.Role.CAPTAIN)
    if entry.player.user is not None:
        return entry.player.user
    user, created = get_user_model().objects.get_or_create(
        username=f"captain-{slugify(team.name)}", defaults={"email": entry.player.email}
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    Player.objects.filter(pk=entry.player_id).update(user=user)
    return user


def _fixture(season: Season, week: int, home: str) -> Fixture:
    return Fixture.objects.select_related("season", "home", "away").get(
        season=season, week=week, home__name=home
    )


def _fall_results(season: Season) -> None:
    if FixtureGame.objects.filter(fixture__season=season, fixture__week=1).exists():
        return
    rng = random.Random(2026)
    special = {"Next Trick", "Trump Tight", "Left Bowers", "Stick the Dealer", "Kitty Cats"}
    fixtures = Fixture.objects.filter(
        season=season, away__isnull=False, week__lte=NIGHT
    ).select_related("season", "home", "away")
    bulk_play(
        PlayedFixture(f, random_scores(rng))
        for f in fixtures
        if f.week <= BULK_WEEKS or f.home.name not in special
    )


def _night(season: Season, manager) -> None:  # type: ignore[no-untyped-def]
    """Week 11 through the services, as the captains and staff would have done it."""
    played = _fixture(season, NIGHT, "Next Trick")
    if not played.fixture_games.exists():
        fixture_submit_scores(
            fixture=played,
            user=_captain_user(played.home),
            scores=[GameScore(1, 10, 6), GameScore(2, 8, 10), GameScore(3, 9, 7, timed_out=True)],
        )
        fixture_confirm_cards(fixture=played, user=_captain_user(played.away))
        fixture_refresh_status(fixture=played)
    late = _fixture(season, NIGHT, "Trump Tight")
    if not late.fixture_games.exists():
        forfeit_record(
            fixture=late,
            team=late.away,
            by=manager,
            minutes_late=22,
            note="Arrived 7:22; played game 3.",
        )
        fixture_submit_scores(
            fixture=late, user=_captain_user(late.home), scores=[GameScore(3, 7, 10)]
        )
        fixture_confirm_cards(fixture=late, user=_captain_user(late.away))
        fixture_refresh_status(fixture=late)
    waiting = _fixture(season, NIGHT, "Stick the Dealer")
    _captain_user(waiting.away)
    if not waiting.fixture_games.exists():
        fixture_submit_scores(
            fixture=waiting,
            user=_captain_user(waiting.home),
            scores=[GameScore(1, 10, 3), GameScore(2, 10, 8), GameScore(3, 4, 10)],
        )
    disputed = _fixture(season, NIGHT, "Kitty Cats")
    if not disputed.fixture_games.exists():
        fixture_submit_scores(
            fixture=disputed,
            user=_captain_user(disputed.home),
            scores=[GameScore(1, 10, 5), GameScore(2, 10, 9), GameScore(3, 6, 10)],
        )
        fixture_dispute_card(
            fixture=disputed,
            number=2,
            user=_captain_user(disputed.away),
            reason="We won game 2, 10-9: the last hand was our march.",
        )


def _publish(season: Season, weeks: tuple[int, ...], manager) -> None:  # type: ignore[no-untyped-def]
    for week in weeks:
        if not StandingsSnapshot.objects.filter(season=season, week=week).exists():
            standings_publish(season=season, week=week, by=manager)


def _thursday_season(league: League) -> Season:
    season = league.seasons.filter(slug="thursday-fall-2026").first()
    if season is not None:
        return season
    today = timezone.localdate()
    start = today - datetime.timedelta(weeks=7)
    start -= datetime.timedelta(days=(start.weekday() - Season.Weekday.THURSDAY) % 7)
    season = services.season_create(
        league=league,
        name="Thursday Fall 2026",
        starts_on=start,
        weeks=5,
        start_time=datetime.time(19, 30),
        skill_levels=["A"],
    )
    season.venues.set(league.venues.all())
    level = season.skill_levels.get()
    now = timezone.now()
    for name in THURSDAY_TEAMS:
        team = Team.objects.create(season=season, name=name, skill_level=level)
        slug = slugify(name)
        for seat, role in ((1, RosterEntry.Role.CAPTAIN), (2, RosterEntry.Role.PLAYER)):
            player, _ = Player.objects.get_or_create(
                email=f"{slug}.{seat}@example.com",
                defaults={"name": f"{name.split()[0]} Player T{seat}"},
            )
            RosterEntry.objects.create(team=team, player=player, role=role)
            Waiver.objects.get_or_create(
                player=player,
                season=season,
                defaults={"version": 1, "signed_at": now, "method": Waiver.Method.PAPER},
            )
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    rng = random.Random(5)
    fixtures = season.fixtures.filter(away__isnull=False).select_related("season", "home", "away")
    bulk_play(PlayedFixture(f, random_scores(rng)) for f in fixtures)
    return season


def _playoffs(season: Season, manager) -> None:  # type: ignore[no-untyped-def]
    if PlayoffBracket.objects.filter(season=season).exists():
        return
    today = timezone.localdate()
    dates = [today, today + datetime.timedelta(days=3), today + datetime.timedelta(days=7)]
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=dates)
    # Round 1 tonight: one series 2-0, the other to a third game.
    results = {0: [(10, 6), (10, 8)], 1: [(10, 7), (6, 10), (10, 9)]}
    series = bracket.matches.filter(round=1, is_bye=False).order_by("position")
    for index, match in enumerate(series.select_related("fixture__season", "fixture__home")):
        fixture = match.fixture
        for number, (home, away) in enumerate(results[index % 2], start=1):
            fixture_submit_scores(
                fixture=fixture,
                user=_captain_user(fixture.home),
                scores=[GameScore(number, home, away)],
            )
            fixture_confirm_cards(fixture=fixture, user=_captain_user(fixture.away))
            # The confirmation's signal runs after the commit; the demo moves on at once.
            playoff_record_series(fixture=fixture)


@transaction.atomic
def load_nights(season: Season) -> list[str]:
    manager = get_user_model().objects.filter(username="manager").first()
    if manager is None:
        return ["  league nights: no demo manager to run them"]
    _fall_results(season)
    _night(season, manager)
    _publish(season, PUBLISHED, manager)
    thursday = _thursday_season(season.league)
    _publish(thursday, (thursday.weeks,), manager)
    _playoffs(thursday, manager)
    bracket = PlayoffBracket.objects.filter(season=thursday).first()
    decided = bracket.matches.filter(winner__isnull=False, is_bye=False).count() if bracket else 0
    return [
        f"  league nights: {season.name} weeks 1-{NIGHT} played (week {NIGHT}: a forfeit, a "
        f"dispute, a card to confirm), standings published for weeks "
        f"{', '.join(map(str, PUBLISHED))}",
        f"  playoffs: {thursday.name}, {decided} series decided, semifinals to come; "
        f"captains log in as captain-<team> / {DEMO_PASSWORD}",
    ]
