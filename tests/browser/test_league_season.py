"""A season from an empty database to a published schedule, and a captain's own roster."""

import re

import pytest
from playwright.sync_api import expect

from league.seasons.models import Player, Season, Team, Waiver
from tests.browser.conftest import log_in, menu
from tests.factories import PASSWORD, UserFactory, manager_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GOOD_CSV = """team,skill_level,player_name,email,phone,role
Left Bowers,A,Casey Captain,casey@example.com,555-0101,captain
Left Bowers,A,Pat Player,pat@example.com,555-0102,player
Right Bowers,A,Robin Right,robin@example.com,,captain
Right Bowers,A,Rory Right,rory@example.com,,player
Kitty Cats,B,Kim Kitty,kim@example.com,,captain
Kitty Cats,B,Kit Kitty,kit@example.com,,player
Off Suit,B,Otto Off,otto@example.com,,captain
Off Suit,B,Olive O’Off,olive@example.com,,player
""".encode("cp1252")  # as Excel on Windows saves it
BAD_CSV = b"""team,skill_level,player_name,email,role
Left Bowers,A,Casey Captain,casey@example.com,captain
Left Bowers,B,,not-an-email,boss
"""


def _upload(page, content: bytes) -> None:
    page.locator("#id_file").set_input_files(
        files=[{"name": "teams.csv", "mimeType": "text/csv", "buffer": content}]
    )
    page.get_by_role("button", name="Upload and preview").click()


def _post(page, button) -> None:
    with page.expect_navigation():
        button.click()


def test_a_manager_goes_from_an_empty_database_to_a_published_season(page):
    manager_user(username="morgan")
    pat = UserFactory(username="pat")
    log_in(page, "morgan", PASSWORD)

    page.goto("/leagues/")
    page.get_by_role("button", name="New league").click()
    page.locator("#id_name").fill("CCA Euchre League")
    page.get_by_role("button", name="Save").click()

    page.locator("#id_name").fill("Fall 2030")
    page.locator("#id_starts_on").fill("2030-09-03")
    page.locator("#id_start_time").fill("19:00")
    page.locator("#id_weeks").fill("3")
    page.locator("#id_skill_levels").fill("A, B")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Fall 2030: setup")).to_be_visible()

    page.locator("#id_venue-name").fill("Circle City Taproom")
    page.locator("#id_venue-tables").fill("4")
    page.get_by_role("button", name="Add venue").click()
    expect(page.locator("#venues")).to_contain_text("Circle City Taproom: 4 tables")
    page.locator("#id_date-date").fill("2030-09-10")
    page.locator("#id_date-kind").select_option("blackout")
    page.get_by_role("button", name="Add date").click()
    expect(page.locator("#dates")).to_contain_text("Blackout")

    page.get_by_role("link", name="Import teams and players from a CSV file").click()
    _upload(page, BAD_CSV)
    errors = page.locator("#import-errors")
    expect(errors).to_contain_text("Row 3: the player's name is missing")
    expect(errors).to_contain_text("role 'boss' should be captain or player")
    assert not Team.objects.exists()
    _upload(page, GOOD_CSV)
    expect(page.locator("#import-summary")).to_contain_text("read as Windows-1252")
    expect(page.locator("#import-summary")).to_contain_text("4 new teams")
    expect(page.locator("#import-preview")).to_contain_text("Olive O’Off")
    assert not Team.objects.exists()  # the preview saves nothing
    page.get_by_role("button", name="Confirm import").click()
    expect(page.locator(".message-success")).to_contain_text("Imported 4 new teams")
    assert Player.objects.get(email="olive@example.com").name == "Olive O’Off"

    # Pat signs online; staff record the other seven paper waivers.
    Player.objects.filter(email="pat@example.com").update(user=pat)
    season = Season.objects.get(name="Fall 2030")
    page.get_by_role("link", name="Roster & waivers").click()
    buttons = page.get_by_role("button", name=re.compile("Record paper waiver"))
    expect(buttons).to_have_count(8)
    for _ in range(7):
        _post(
            page,
            page.get_by_role("button", name=re.compile("Record paper waiver for (?!Pat)")).first,
        )
    expect(buttons).to_have_count(1)

    page.context.clear_cookies()  # log out
    log_in(page, "pat", PASSWORD)
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/waiver/")
    page.get_by_label("Type your full name").fill("pat player")
    page.get_by_label("I have read and agree to the waiver").check()
    page.get_by_role("button", name="Sign the waiver").click()
    expect(page.locator("#waiver-signed")).to_be_visible()
    assert Waiver.objects.get(player__email="pat@example.com").method == "online"
    page.context.clear_cookies()

    log_in(page, "morgan", PASSWORD)
    menu(page, "Manage")
    page.get_by_role("link", name="CCA Euchre League — Fall 2030").click()
    expect(page.locator("#missing-waivers")).to_contain_text("None: every player has signed")
    expect(page.locator("#short-rosters")).to_contain_text("None.")
    page.get_by_role("button", name="Generate draft schedule").click()
    expect(page.locator(".message-success")).to_contain_text("Draft schedule generated")
    expect(page.get_by_text("Draft: only managers see it")).to_be_visible()
    page.get_by_role("button", name="Publish schedule").click()
    expect(page.locator("#schedule-state")).to_contain_text("Schedule: Published")

    season.refresh_from_db()
    assert season.is_published
    assert season.fixtures.filter(away__isnull=False).count() == 6
    assert not season.fixtures.filter(date="2030-09-10").exists()  # the blackout


def test_a_captain_edits_only_their_own_roster(page):
    from tests.league.factories import make_season

    season = make_season(teams_per_level=(2,))
    mine, theirs = season.teams.get(name="A1"), season.teams.get(name="A2")
    casey = UserFactory(username="casey")
    captain = mine.roster.get(role="captain").player
    captain.user = casey
    captain.save()

    log_in(page, "casey", PASSWORD)
    menu(page, "My team")
    page.get_by_role("link", name="A1").click()
    page.get_by_role("button", name="Edit roster").click()
    page.locator("#id_name").fill("Nora New")
    page.locator("#id_email").fill("nora@example.com")
    page.get_by_role("button", name="Add to roster").click()
    expect(page.locator("#roster-list")).to_contain_text("Nora New")
    page.get_by_role("button", name="Remove Nora New").click()
    expect(page.locator("#roster-list")).not_to_contain_text("Nora New")

    page.goto(f"/leagues/teams/{theirs.pk}/")
    expect(page.locator("#captain-actions")).to_have_count(0)
    expect(page.locator("#roster")).to_have_count(0)
    response = page.goto(f"/leagues/teams/{theirs.pk}/roster/")
    assert response.status == 403
    assert theirs.roster.count() == 2
