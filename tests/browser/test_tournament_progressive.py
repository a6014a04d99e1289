import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.tournament_steps import check_in_everyone, settle_open_card
from tests.factories import PASSWORD, director_user
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_runs_a_progressive_to_a_winner(page):
    director_user(username="dana")
    log_in(page, "dana", PASSWORD)
    page.goto("/tournaments/new/")
    page.get_by_label("Name", exact=True).fill("Tuesday Progressive")
    page.get_by_label("Date").fill("2026-03-17")
    # The format's settings are fetched again on change: fill them once they have arrived.
    with page.expect_response(lambda response: "/fields/" in response.url):
        page.get_by_label("Format").select_option("progressive")
    page.get_by_label("Rule set").select_option(label="Progressive (5/4/3)")
    page.get_by_label("Rounds").fill("2")
    page.get_by_role("button", name="Save").click()

    for name in ("Ada", "Ben", "Cal", "Dee"):
        page.get_by_label("Player name").fill(name)
        page.get_by_role("button", name="Register").click()
        expect(page.get_by_text(f"Registered {name}.")).to_be_visible()
    check_in_everyone(page, 4)
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_role("heading", name="Round 1 of 2")).to_be_visible()
    manage_url = page.url

    scores = {"North": "6", "South": "6", "East": "2", "West": "2"}
    settle_open_card(page, manage_url, scores)
    page.goto(manage_url)
    expect(page.get_by_text("Every table has a confirmed card.")).to_be_visible()
    page.get_by_role("button", name="Start round 2").click()
    expect(page.get_by_role("heading", name="Round 2 of 2")).to_be_visible()

    settle_open_card(page, manage_url, {"North": "1", "South": "1", "East": "7", "West": "7"})
    page.goto(manage_url)
    page.get_by_role("button", name="Finish the tournament").click()
    expect(page.get_by_text("Final results are in.")).to_be_visible()
    expect(page.get_by_text("Champion:")).to_be_visible()

    tournament = Tournament.objects.get(name="Tuesday Progressive")
    assert tournament.status == Tournament.Status.FINISHED
    page.get_by_role("link", name="Leaderboard", exact=True).click()
    first_row = page.locator("table.leaderboard tbody tr").first
    expect(first_row).to_contain_text(tournament.champion.player.name)
