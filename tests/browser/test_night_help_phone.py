"""Every game played, on a phone (390×844), through the pages, from an empty database.

Tonight Aces meet Diamonds and Bowers meet Clubs; Eagles have a bye. Aces' partner marks
"not coming", so the captain's start page warns the team is short and the captain asks the
season's sub list; two subs say yes at the same moment: one gets it, the other is told it
is filled. The sub signs the season's waiver and confirms Diamonds' cards. Bowers announce
a forfeit ahead, which leaves Clubs without a game: the manager pairs them with Eagles.
After the night's results the standings show Aces clinched first place and Diamonds out.
"""

import datetime

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from league.availability.models import Availability
from league.nights.models import FixtureGame
from league.nights.services.results import fixture_games_ensure
from league.seasons.models import Fixture, RosterEntry, Season, Team, Waiver
from league.standings.models import RaceState
from league.subs.models import SubAsk, SubRequest
from league.subs.volunteers import volunteer_save
from notices.models import Notice
from scoring.models import Scorecard
from scoring.services import scorecard_submit
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, PlayerFactory, UserFactory, manager_user
from tests.league.night_factories import night_season, play, ready_team, weeks_ago

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Tonight's fixtures start at 23:59, so "ahead of the night" holds whenever the test runs.
LATE = datetime.time(23, 59)


def _fixture(season: Season, week: int, date, home: Team, away: Team | None) -> Fixture:
    return Fixture.objects.create(
        season=season,
        week=week,
        date=date,
        start_time=LATE if date == timezone.localdate() else None,
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=3,
    )


@pytest.fixture
def league_night():
    """Level A after two weeks: Aces 6 games, Bowers, Clubs and Diamonds 2, Eagles none.
    Makeup games don't count here, so the race is decided by the regular fixtures."""
    season = night_season(weeks=2, makeups_count_in_standings=False)
    Season.objects.filter(pk=season.pk).update(weeks=4)
    season.refresh_from_db()
    captains, teams = {}, {}
    for name in ("Aces", "Bowers", "Clubs", "Diamonds", "Eagles"):
        captains[name], teams[name] = ready_team(season, name)
    today = timezone.localdate()
    a, b, c, d, e = (teams[n] for n in ("Aces", "Bowers", "Clubs", "Diamonds", "Eagles"))
    play(_fixture(season, 1, weeks_ago(2), a, b), (10, 4), (10, 5), (10, 6))
    play(_fixture(season, 1, weeks_ago(2), c, d), (10, 4), (10, 5), (6, 10))
    play(_fixture(season, 2, weeks_ago(1), a, c), (10, 4), (10, 5), (10, 6))
    play(_fixture(season, 2, weeks_ago(1), b, d), (10, 4), (10, 5), (6, 10))
    tonight = _fixture(season, 3, today, a, d)
    forfeited = _fixture(season, 3, today, b, c)
    _fixture(season, 3, today, e, None)  # Eagles' bye
    later = today + datetime.timedelta(weeks=1)
    _fixture(season, 4, later, a, b)
    _fixture(season, 4, later, c, d)
    partner = a.roster.get(role=RosterEntry.Role.PLAYER).player
    partner.user = UserFactory(username="aces-partner")
    partner.save(update_fields=["user"])
    subs = []
    for username, name in (("sub-one", "Sam One"), ("sub-two", "Toni Two")):
        user = UserFactory(username=username, first_name=name.split()[0], last_name="Sub")
        PlayerFactory(user=user, name=name)
        volunteer_save(season=season, user=user)
        subs.append(user)
    return {
        "season": season,
        "teams": teams,
        "captains": captains,
        "manager": manager_user(season.league),
        "tonight": tonight,
        "forfeited": forfeited,
        "subs": subs,
    }


def _phone(chromium, live_server) -> Page:
    context = chromium.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def test_a_night_where_every_team_gets_its_games(page: Page, chromium, live_server, league_night):
    season, teams, captains = (
        league_night["season"],
        league_night["teams"],
        league_night["captains"],
    )
    tonight, aces = league_night["tonight"], teams["Aces"]
    slugs = [season.league.slug, season.slug]

    # 1. Aces' partner can't come: "Not coming" from the start page.
    log_in(page, "aces-partner", PASSWORD)
    mine = page.locator(f"#availability-{tonight.pk}")
    expect(mine).to_contain_text("Aces v Diamonds")
    mine.get_by_role("button", name="Not coming").click()
    expect(page.locator(f"#availability-{tonight.pk}")).to_contain_text("You said: not coming")
    assert Availability.objects.get(
        fixture=tonight, player__user__username="aces-partner"
    ).answer == ("not_coming")

    # 2. The captain's start page says the team is short, with the fix: ask for a sub.
    captain = _phone(chromium, live_server)
    log_in(captain, captains["Aces"].username, PASSWORD)
    short = captain.locator(f"#short-{tonight.pk}-{aces.pk}")
    expect(short).to_contain_text("1 of 2 expected")
    short.get_by_role("button", name="Ask for a sub").click()
    expect(captain.locator("#sub-eligible")).to_contain_text("2 subs on the season's list")
    captain.get_by_role("button", name="Ask 2 subs").click()
    expect(captain.locator("#asked")).to_contain_text("Sam One")
    request = SubRequest.objects.get(fixture=tonight, team=aces)
    assert request.asks.count() == 2

    # 3. Both subs open their link and say yes at the same moment: one gets it.
    phones = [_phone(chromium, live_server) for _ in league_night["subs"]]
    for phone, user in zip(phones, league_night["subs"], strict=True):
        ask = SubAsk.objects.get(request=request, player__user=user)
        phone.goto(reverse("league:sub_answer", args=[ask.token]))
        expect(phone.get_by_role("button", name="Yes, I'll play")).to_be_visible()
    yes = "form => form.requestSubmit(form.querySelector('button[value=yes]'))"
    for phone in phones:  # both forms go before either answer comes back
        phone.locator("form:has(button[value=yes])").evaluate(yes)
        if connection.vendor == "sqlite":
            # The in-memory test database of SQLite refuses a second writer outright
            # (no waiting in shared cache): there the second yes follows the first.
            expect(phone.locator("#sub-answer-result")).to_be_visible()
    for phone in phones:
        expect(phone.locator("#sub-answer-result")).to_be_visible()
    request.refresh_from_db()
    assert request.status == SubRequest.Status.FILLED
    by_user = dict(zip((u.pk for u in league_night["subs"]), phones, strict=True))
    winner = by_user[request.filled_by.user_id]
    loser = next(p for p in phones if p is not winner)
    expect(winner.locator("#sub-yours")).to_be_visible()
    expect(loser.locator("#sub-answer-result")).to_contain_text("already filled by another sub")
    assert RosterEntry.objects.filter(fixture=tonight, role=RosterEntry.Role.SUB).count() == 1
    sub_user = request.filled_by.user

    # 4. The sub signs the season's waiver, then confirms Diamonds' cards for Aces.
    expect(winner.locator("#sub-waiver")).to_be_visible()
    log_in(winner, sub_user.username, PASSWORD)
    winner.goto(reverse("league:waiver_sign", args=slugs))
    winner.get_by_label("Type your full name").fill(request.filled_by.name)
    winner.get_by_label("I have read and agree to the waiver").check()
    winner.get_by_role("button", name="Sign the waiver").click()
    assert Waiver.objects.filter(player=request.filled_by, season=season).exists()

    # 5. Bowers announce a forfeit ahead; the manager pairs Clubs with Eagles.
    bowers = _phone(chromium, live_server)
    log_in(bowers, captains["Bowers"].username, PASSWORD)
    due = bowers.locator(f"#due-{league_night['forfeited'].pk}")
    due.get_by_role("link", name="Can't make it? Announce a forfeit").click()
    bowers.get_by_role("button", name="Announce forfeit for Bowers").click()
    expect(bowers.locator("main")).to_contain_text("has been told")
    desk = _phone(chromium, live_server)
    log_in(desk, league_night["manager"].username, PASSWORD)
    desk.goto(reverse("league:forfeit_makeups", args=slugs))
    proposal = desk.locator("form.makeup-proposal").filter(has_text="Clubs")
    expect(proposal).to_contain_text("Eagles")
    proposal.get_by_role("button", name="Arrange").click()
    makeup = Fixture.objects.get(season=season, one_off=True)
    assert {makeup.home, makeup.away} == {teams["Clubs"], teams["Eagles"]}
    assert makeup.counts_in_standings is False
    # The managers were offered it when Bowers announced; then the two captains were told.
    assert Notice.objects.filter(kind=Notice.Kind.MAKEUP_GAME).count() == 2

    # 6. The night: Diamonds' captain enters the cards (Aces win 3-0), the sub confirms them.
    for fixture_game in fixture_games_ensure(fixture=tonight):
        scorecard_submit(
            game=fixture_game.game,
            user=captains["Diamonds"],
            side="EW",
            final_scores={"NS": 10, "EW": 5},
        )
    games = FixtureGame.objects.filter(fixture=tonight).order_by("number")
    assert games.count() == 3
    for fixture_game in games:
        winner.goto(reverse("scoring:game_detail", args=[fixture_game.game_id]))
        winner.get_by_role("button", name="Confirm this card").click()
        expect(winner.locator("main")).to_contain_text("Confirmed by")
    assert set(
        Scorecard.objects.filter(game__fixture_game__fixture=tonight).values_list(
            "status", flat=True
        )
    ) == {"confirmed"}

    # 7. The standings: Aces clinched first place, Diamonds are out.
    desk.goto(reverse("league:season_standings", args=slugs) + "?week=live")
    expect(desk.locator(".race-clinched")).to_have_count(1)
    row = desk.locator("tr").filter(has=desk.locator(".race-clinched"))
    expect(row).to_contain_text("Aces")
    expect(
        desk.locator("tr").filter(has_text="Diamonds").locator(".race-eliminated")
    ).to_have_count(1)
    expect(desk.locator("#race")).to_contain_text("Clinched")
    assert RaceState.objects.get(team=aces).state == RaceState.State.CLINCHED
    assert Notice.objects.filter(kind=Notice.Kind.RACE_CHANGED).exists()
