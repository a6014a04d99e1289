"""A manager on a phone renames a team, withdraws it after reading what happens, and edits
a venue: every page fits a 390px screen."""

import datetime

import pytest
from playwright.sync_api import expect

from league.seasons.models import Team
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.factories import TUESDAY, FixtureFactory, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_manager_renames_and_withdraws_a_team_and_edits_a_venue_on_a_phone(page):
    season = make_season(teams_per_level=(2, 2), tables=2)
    team, rival = season.teams.get(name="A1"), season.teams.get(name="A2")
    for week in (1, 2, 3):
        FixtureFactory(
            season=season,
            week=week,
            date=TUESDAY + datetime.timedelta(weeks=week - 1),
            home=team,
            away=rival,
        )
    manager_user(league=season.league, username="morgan")
    log_in(page, "morgan", PASSWORD)

    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/setup/")
    expect(page.locator("#team-list")).to_contain_text("Teams (4)")
    _fits(page)
    page.locator("#team-list").get_by_role("link", name="A1").click()

    expect(page.get_by_role("heading", name="A1")).to_be_visible()
    _fits(page)
    page.get_by_label("New name").fill("The Left Bowers of Main Street")
    page.get_by_role("button", name="Rename team").click()
    expect(page.get_by_text("Renamed to The Left Bowers of Main Street.")).to_be_visible()
    _fits(page)

    page.get_by_role("button", name="Withdraw The Left Bowers of Main Street…").click()
    what = page.locator("#what-happens")
    expect(what).to_contain_text("Its 3 remaining fixtures become byes for the opponents.")
    _fits(page)
    page.get_by_label("Why is the team withdrawing?").fill("Two players moved away.")
    page.get_by_label("I understand").check()
    page.get_by_role("button", name="Withdraw The Left Bowers of Main Street").click()
    expect(page.get_by_text("3 fixtures became byes for the opponents.")).to_be_visible()
    assert Team.objects.get(pk=team.pk).status == Team.Status.WITHDRAWN

    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/setup/")
    page.locator("#venues").get_by_role("link").first.click()
    _fits(page)
    page.get_by_label("Number of tables").fill("5")
    page.get_by_role("button", name="Save venue").click()
    expect(page.get_by_text("Venue saved.")).to_be_visible()
    assert season.venues.get().tables.count() == 5
