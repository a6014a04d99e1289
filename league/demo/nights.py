"""Demo league nights: weeks of results, tonight's cards, nights ahead, standings, playoffs.

The main season (league.demo.seasons) is in week 9 tonight (league.demo.dates): weeks 1-8
are played (written in bulk) with standings published for weeks 7 and 8. Tonight, played
through the services as the captains and staff would: one fixture confirmed, one with a
forfeit, one card waiting for the away captain's confirmation, one disputed, and Left
Bowers' fixture (the demo captain's, at home: the home captain enters the card) still to
enter, like three more in level B. Weeks 10
to 12 are ahead, for a manager to cancel. A second season, on Thursdays, finished its
regular season weeks ago; its playoffs start tonight: round 1 played, the semifinals in
three days. Safe to run again: every step checks what is there first.
"""

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from league.demo.dates import TONIGHT_WEEK, DemoDates
from league.demo.lineups import demo_lineups
from league.demo.people import captain_login, captain_logins, login_name
from league.demo.results import PlayedFixture, bulk_play, random_scores
from league.demo.seasons import demo_dates
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
from wording.when import day

DEMO_CAPTAIN = "captain"
THURSDAY_TEAMS = [
    "Queen of Clubs",
    "Jack of Diamonds",
    "Ten Spot",
    "Nine Lives",
    "Bower Power",
    "Short Suit",
]


@dataclass(frozen=True)
class Tonight:
    """Tonight's fixtures, each with its story."""

    demo: Fixture  # the demo captain's: no card yet
    confirmed: Fixture
    forfeited: Fixture
    waiting: Fixture  # the home captain's card, for the away captain to confirm
    disputed: Fixture


def tonight(season: Season) -> Tonight | None:
    """Tonight's fixtures by story: the schedule decides who meets whom, so ask it.

    The demo fixture is the one of the team the demo 'captain' captains (whatever it is
    called now); None if the night no longer has the fixtures the stories need."""
    fixtures = list(
        season.fixtures.filter(
            week=TONIGHT_WEEK, away__isnull=False, stage=Fixture.Stage.REGULAR
        ).select_related("season__league", "home", "away")
    )
    captained = set(
        season.teams.filter(
            roster__player__user__username=DEMO_CAPTAIN, roster__role=RosterEntry.Role.CAPTAIN
        ).values_list("pk", flat=True)
    )
    demo = next((f for f in fixtures if f.team_ids() & captained), None)
    others = [f for f in fixtures if f is not demo]
    if demo is None or len(others) < 4:
        return None
    confirmed, forfeited, waiting, disputed = others[:4]
    return Tonight(demo, confirmed, forfeited, waiting, disputed)


def _untouched(fixture: Fixture, today: datetime.date) -> bool:
    """Still as the schedule left it tonight: not yet played, moved, cancelled or closed."""
    return (
        fixture.status == Fixture.Status.SCHEDULED
        and fixture.date == today
        and not fixture.fixture_games.exists()
        and not fixture.forfeits.exists()
    )


def _past_weeks(season: Season, dates: DemoDates) -> None:
    if season.fixtures.filter(week=1, fixture_games__isnull=False).exists():
        return
    rng = random.Random(2026)
    fixtures = Fixture.objects.filter(
        season=season, away__isnull=False, week__in=dates.played_weeks
    ).select_related("season", "home", "away")
    bulk_play(PlayedFixture(f, random_scores(rng)) for f in fixtures)


def _demo_at_home(night: Tonight, today: datetime.date) -> None:
    """The home captain enters the card, so the demo captain plays at home tonight: the
    schedule may have put Left Bowers away; the fixture is turned round before any card."""
    demo = night.demo
    if login_name(demo.away) != DEMO_CAPTAIN or not _untouched(demo, today):
        return
    demo.home, demo.away = demo.away, demo.home
    demo.save(update_fields=["home", "away", "updated_at"])


def _tonight(night: Tonight, manager, today: datetime.date) -> None:  # type: ignore[no-untyped-def]
    """Tonight through the services, as the captains and staff would have done it (each
    story once: run again the same day, what the demo's users did since is kept)."""
    _demo_at_home(night, today)
    played = night.confirmed
    if _untouched(played, today):
        fixture_submit_scores(
            fixture=played,
            user=captain_login(played.home),
            scores=[GameScore(1, 10, 6), GameScore(2, 8, 10), GameScore(3, 9, 7, timed_out=True)],
        )
        fixture_confirm_cards(fixture=played, user=captain_login(played.away))
        fixture_refresh_status(fixture=played)
    late = night.forfeited
    if _untouched(late, today):
        forfeit_record(
            fixture=late,
            team=late.away,
            by=manager,
            minutes_late=22,
            note="Arrived 7:22; played game 3.",
        )
        fixture_submit_scores(
            fixture=late, user=captain_login(late.home), scores=[GameScore(3, 7, 10)]
        )
        fixture_confirm_cards(fixture=late, user=captain_login(late.away))
        fixture_refresh_status(fixture=late)
    waiting = night.waiting
    if _untouched(waiting, today):
        fixture_submit_scores(
            fixture=waiting,
            user=captain_login(waiting.home),
            scores=[GameScore(1, 10, 3), GameScore(2, 10, 8), GameScore(3, 4, 10)],
        )
    disputed = night.disputed
    if _untouched(disputed, today):
        fixture_submit_scores(
            fixture=disputed,
            user=captain_login(disputed.home),
            scores=[GameScore(1, 10, 5), GameScore(2, 10, 9), GameScore(3, 6, 10)],
        )
        fixture_dispute_card(
            fixture=disputed,
            number=2,
            user=captain_login(disputed.away),
            reason="We won game 2, 10-9: the last hand was our march.",
        )


def _publish(season: Season, weeks: tuple[int, ...], manager) -> None:  # type: ignore[no-untyped-def]
    for week in weeks:
        if not StandingsSnapshot.objects.filter(season=season, week=week).exists():
            standings_publish(season=season, week=week, by=manager)


def _thursday_season(league: League, dates: DemoDates) -> Season:
    season = league.seasons.filter(starts_on=dates.thursday_start).first()
    if season is not None:
        return season
    season = services.season_create(
        league=league,
        name=dates.thursday_name,
        starts_on=dates.thursday_start,
        weeks=5,
        start_time=datetime.time(19, 30),
        skill_levels=["A"],
    )
    # Its own venue: on a Thursday both seasons play, and a table holds one fixture a night.
    services.venue_add(season=season, name="Northside Legion", tables=4, address="12 Legion Way")
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
    captain_logins(list(season.teams.all()))
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    rng = random.Random(5)
    fixtures = season.fixtures.filter(away__isnull=False).select_related("season", "home", "away")
    bulk_play(PlayedFixture(f, random_scores(rng)) for f in fixtures)
    return season


def _playoffs(season: Season, dates: DemoDates, manager) -> None:  # type: ignore[no-untyped-def]
    if PlayoffBracket.objects.filter(season=season).exists():
        return
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=dates.playoff_dates)
    # Round 1 tonight: one series 2-0, the other to a third game.
    results = {0: [(10, 6), (10, 8)], 1: [(10, 7), (6, 10), (10, 9)]}
    series = bracket.matches.filter(round=1, is_bye=False).order_by("position")
    for index, match in enumerate(series.select_related("fixture__season", "fixture__home")):
        fixture = match.fixture
        for number, (home, away) in enumerate(results[index % 2], start=1):
            fixture_submit_scores(
                fixture=fixture,
                user=captain_login(fixture.home),
                scores=[GameScore(number, home, away)],
            )
            fixture_confirm_cards(fixture=fixture, user=captain_login(fixture.away))
            # The confirmation's signal runs after the commit; the demo moves on at once.
            playoff_record_series(fixture=fixture)


def _fixture_url(fixture: Fixture) -> str:
    return reverse("league:fixture_detail", args=[fixture.pk])


def _tonight_lines(night: Tonight | None, dates: DemoDates) -> list[str]:
    heading = f"  tonight, {day(dates.today)} (week {TONIGHT_WEEK}):"
    if night is None:
        return [f"{heading} changed since the demo was loaded (see the season's schedule)"]
    demo = night.demo
    opponent = demo.away if login_name(demo.home) == DEMO_CAPTAIN else demo.home
    waiting, disputed, late = night.waiting, night.disputed, night.forfeited
    return [
        heading,
        f"    {demo.home} v {demo.away}: no card yet. 'captain' enters it at "
        f"{_fixture_url(demo)}, then {login_name(opponent)} confirms it",
        f"    {waiting.home} v {waiting.away}: a card waiting for "
        f"{login_name(waiting.away)} to confirm, {_fixture_url(waiting)}",
        f"    {disputed.home} v {disputed.away}: game 2 disputed, for 'manager' to settle, "
        f"{_fixture_url(disputed)}",
        f"    {late.home} v {late.away}: {late.away} forfeited games 1-2 (22 minutes late)",
    ]


def _lines(season: Season, thursday: Season, night: Tonight | None, dates: DemoDates) -> list[str]:
    ahead = season.fixtures.filter(date__gt=dates.today, stage=Fixture.Stage.REGULAR)
    next_night = ahead.order_by("date").values_list("date", flat=True).first()
    bracket = PlayoffBracket.objects.filter(season=thursday).first()
    decided = bracket.matches.filter(winner__isnull=False, is_bye=False).count() if bracket else 0
    slugs = {"league": season.league.slug, "season": season.slug}
    cancel = reverse("league:cancel_play", kwargs=slugs)
    return [
        f"  weeks 1-{TONIGHT_WEEK - 1} played; standings published for weeks "
        f"{' and '.join(map(str, dates.published_weeks))}",
        *_tonight_lines(night, dates),
        f"  nights ahead{f' from {day(next_night)}' if next_night else ''}, for 'manager' to "
        f"cancel at {cancel}; dashboard {reverse('league:season_dashboard', kwargs=slugs)}",
        f"  'player' (Pat, Left Bowers) signs the {season.name} waiver at "
        f"{reverse('league:waiver_sign', kwargs=slugs)}",
        f"  playoffs: {thursday.name}, round 1 tonight ({decided} series decided), "
        "semifinals in three days",
    ]


@transaction.atomic
def load_nights(season: Season) -> list[str]:
    manager = get_user_model().objects.filter(username="manager").first()
    if manager is None:
        return ["  league nights: no demo manager to run them"]
    dates = demo_dates()
    _past_weeks(season, dates)
    night = tonight(season)
    if night is not None:
        _tonight(night, manager, dates.today)
    demo_lineups(season)  # who played for the demo team, whose roster can't tell
    _publish(season, dates.published_weeks, manager)
    thursday = _thursday_season(season.league, dates)
    _publish(thursday, (thursday.weeks,), manager)
    _playoffs(thursday, dates, manager)
    return _lines(season, thursday, night, dates)
