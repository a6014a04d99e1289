"""League nights in the browser, on phone-sized pages: two captains submit and confirm a
night's cards, a manager publishes the standings, and a small season runs from its nights
(with a team forfeiting its way out of the league) to a playoff champion."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from league.nights.models import Forfeit
from league.playoffs.models import PlayoffBracket
from league.seasons.models import Fixture, Team
from league.standings.models import StandingsSnapshot
from scoring.models import Scorecard
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.night_factories import fixture_between, night, night_season, play, ready_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}


@pytest.fixture
def people(chromium, live_server):
    """One logged-in phone per user, opened on first use."""
    contexts = []
    pages = {}

    def open_as(username):
        if username not in pages:
            context = chromium.new_context(base_url=live_server.url, viewport=PHONE)
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(10_000)
            log_in(page, username, PASSWORD)
            pages[username] = page
        return pages[username]

    yield open_as
    for context in contexts:
        context.close()


def _submit_scores(page, fixture, scores):
    page.goto(f"/leagues/fixtures/{fixture.pk}/")
    for number, (home, away) in scores.items():
        page.locator(f"#id_home_{number}").fill(str(home))
        page.locator(f"#id_away_{number}").fill(str(away))
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("^Submit for")).click()
    expect(page.locator(".message-success")).to_contain_text("confirms")


def _confirm_all(page, fixture):
    page.goto(f"/leagues/fixtures/{fixture.pk}/")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("^Confirm")).click()
    expect(page.locator(".message-success")).to_contain_text("Confirmed")


def _fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_two_captains_submit_and_confirm_a_nights_cards_on_their_phones(people):
    n = night()
    home = people(n.home_captain.username)
    _submit_scores(home, n.fixture, {1: (10, 4), 2: (8, 10), 3: (10, 9)})
    _fits_the_phone(home)
    expect(home.locator("#game-1")).to_contain_text("Waiting for confirmation")

    away = people(n.away_captain.username)
    away.goto(f"/leagues/fixtures/{n.fixture.pk}/")
    expect(away.locator("#confirm-cards")).to_contain_text("3 cards entered by the other captain")
    _fits_the_phone(away)
    _confirm_all(away, n.fixture)
    expect(away.locator('[data-total="home"]')).to_have_text("2")
    expect(away.locator('[data-total="away"]')).to_have_text("1")
    expect(away.get_by_text("Played", exact=True)).to_be_visible()
    assert set(Scorecard.objects.values_list("status", flat=True)) == {"confirmed"}


def test_an_away_captain_disputes_a_card_with_a_reason(people):
    n = night()
    _submit_scores(people(n.home_captain.username), n.fixture, {1: (10, 4)})
    away = people(n.away_captain.username)
    away.goto(f"/leagues/fixtures/{n.fixture.pk}/")
    away.get_by_text("Something is wrong? Dispute a card").click()
    away.locator("#confirm-cards textarea[name=reason]").fill("It was 10-8, not 10-4.")
    with away.expect_navigation():
        away.get_by_role("button", name="Dispute").click()
    expect(away.locator("#game-1")).to_contain_text("Disputed")


def test_a_manager_publishes_the_weeks_standings(people, page):
    season = night_season(weeks=3)
    teams = [ready_team(season, name)[1] for name in ("Aces", "Kings", "Queens", "Jacks")]
    play(fixture_between(season, teams[0], teams[1], 1), (10, 2), (10, 3), (10, 4))
    play(fixture_between(season, teams[2], teams[3], 1), (4, 10), (10, 8), (10, 9))
    manager_user(username="morgan")
    manage = people("morgan")
    manage.goto(f"/leagues/{season.league.slug}/{season.slug}/standings/?week=live")
    expect(manage.locator("#publish")).to_be_visible()
    manage.locator("select[name=week]").select_option("1")
    with manage.expect_navigation():
        manage.get_by_role("button", name="Publish standings").click()
    expect(manage.locator(".message-success")).to_contain_text("Week 1 standings published")
    assert StandingsSnapshot.objects.filter(season=season, week=1).exists()

    page.goto(f"/leagues/{season.league.slug}/{season.slug}/standings/")
    expect(page.get_by_text("after week 1")).to_be_visible()
    expect(page.locator("table.standings tbody tr").first).to_contain_text("Aces")
    page.get_by_text("How teams are ranked, and what SOS means").click()
    expect(page.get_by_text("Strength of schedule (SOS) measures")).to_be_visible()
    _fits_the_phone(page)


def _record_no_show(page, fixture, team):
    page.goto(f"/leagues/fixtures/{fixture.pk}/")
    page.get_by_text("Record a forfeit").click()
    page.locator("#record-forfeit select[name=team]").select_option(label=team.name)
    page.get_by_label("Did not show").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Record forfeit").click()
    expect(page.locator(".message-success")).to_contain_text("Forfeit recorded")


def test_a_small_season_runs_from_its_nights_to_a_playoff_champion(people, page):
    season = night_season(weeks=3)
    names = ("Aces", "Kings", "Queens", "Jacks")
    captains, teams = {}, {}
    for name in names:
        captains[name], teams[name] = ready_team(season, name)
    manager_user(username="morgan")
    week = {
        (1, "Aces", "Kings"),
        (1, "Queens", "Jacks"),
        (2, "Aces", "Queens"),
        (2, "Kings", "Jacks"),
        (3, "Jacks", "Aces"),
        (3, "Kings", "Queens"),
    }
    fixtures = {(h, a): fixture_between(season, teams[h], teams[a], w) for w, h, a in week}

    # Week 1: the captains enter and confirm on their phones; the Jacks don't show.
    _submit_scores(
        people(captains["Aces"].username),
        fixtures["Aces", "Kings"],
        {1: (10, 6), 2: (10, 7), 3: (5, 10)},
    )
    _confirm_all(people(captains["Kings"].username), fixtures["Aces", "Kings"])
    _record_no_show(
        people(captains["Queens"].username), fixtures["Queens", "Jacks"], teams["Jacks"]
    )
    # Week 2: another no-show (a playoff review for the manager), one night through the services.
    play(fixtures["Aces", "Queens"], (10, 8), (9, 10), (10, 2))
    _record_no_show(people(captains["Kings"].username), fixtures["Kings", "Jacks"], teams["Jacks"])
    manage = people("morgan")
    manage.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/forfeits/")
    manage.get_by_label("Stays in the playoffs").check()
    with manage.expect_navigation():
        manage.get_by_role("button", name="Decide").click()
    # Week 3: the third no-show removes the Jacks; their past results stay.
    _record_no_show(manage, fixtures["Jacks", "Aces"], teams["Jacks"])
    expect(manage.locator("#forfeits")).to_contain_text("offence 3 of the season")
    assert Team.objects.get(pk=teams["Jacks"].pk).status == Team.Status.REMOVED
    play(fixtures["Kings", "Queens"], (10, 4), (10, 5), (3, 10))

    # Standings after week 3, published.
    manage.goto(f"/leagues/{season.league.slug}/{season.slug}/standings/?week=live")
    manage.locator("select[name=week]").select_option("3")
    with manage.expect_navigation():
        manage.get_by_role("button", name="Publish standings").click()
    expect(manage.locator("table.standings")).not_to_contain_text("Jacks")

    # Playoffs: three eligible teams, the top seed has a bye; both rounds tonight.
    manage.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/playoffs/")
    expect(manage.locator("#seeding ol li")).to_have_count(3)
    today = timezone.localdate().isoformat()
    manage.locator("input[name=round_1]").fill(today)
    manage.locator("input[name=round_2]").fill(today)
    with manage.expect_navigation():
        manage.get_by_role("button", name="Seed the playoffs and open round 1").click()
    bracket = PlayoffBracket.objects.get(season=season)
    seeds = [s.team.name for s in bracket.seeds.select_related("team")]
    assert seeds == ["Aces", "Kings", "Queens"]

    semi = Fixture.objects.get(stage="playoff", home__name="Kings")
    _submit_scores(people(captains["Kings"].username), semi, {1: (10, 6), 2: (4, 10)})
    _confirm_all(people(captains["Queens"].username), semi)
    _submit_scores(people(captains["Kings"].username), semi, {3: (10, 8)})  # game 3 at 1-1
    _confirm_all(people(captains["Queens"].username), semi)

    final = Fixture.objects.get(stage="playoff", home__name="Aces")
    _submit_scores(people(captains["Aces"].username), final, {1: (10, 3), 2: (10, 9)})
    _confirm_all(people(captains["Kings"].username), final)

    page.goto(f"/leagues/{season.league.slug}/{season.slug}/playoffs/")
    expect(page.locator(f"#champion-{bracket.pk}")).to_contain_text("Aces")
    _fits_the_phone(page)
    assert Forfeit.objects.filter(team=teams["Jacks"]).count() == 3
