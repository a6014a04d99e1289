import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.tournament_steps import check_in_everyone, settle_open_card
from tests.factories import PASSWORD, director_user
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_sets_up_and_runs_a_partner_bracket_to_a_champion(page):
    director_user(username="dana")
    log_in(page, "dana", PASSWORD)
    page.goto("/tournaments/")
    page.get_by_role("button", name="New tournament").click()
    page.get_by_label("Name", exact=True).fill("Tens Cup")
    page.get_by_label("Date").fill("2026-03-14")
    page.get_by_label("Format").select_option("partner_bracket")
    expect(page.get_by_label("Consolation")).to_be_visible()  # the format's own settings
    expect(page.get_by_label("Rounds")).to_have_count(0)
    page.get_by_label("Rule set").select_option(label="Classic Tens")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Run Tens Cup")).to_be_visible()

    for n in range(1, 5):
        page.get_by_label("Player", exact=True).fill(f"Ann {n}")
        page.get_by_label("Partner", exact=True).fill(f"Bob {n}")
        page.get_by_label("Team name").fill(f"Bowers {n}")
        page.get_by_role("button", name="Register").click()
        expect(page.locator(f"#entry-{n}")).to_contain_text(f"Bowers {n}")
    check_in_everyone(page, 4)
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("The tournament is under way.")).to_be_visible()

    manage_url = page.url
    for _ in range(3):  # two semifinals and the final
        settle_open_card(page, manage_url, {"N-S": "10", "E-W": "6"})

    tournament = Tournament.objects.get(name="Tens Cup")
    page.goto(f"/tournaments/{tournament.slug}/")
    expect(page.get_by_text("Champion:")).to_be_visible()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    expect(page.locator(".champion")).to_contain_text(tournament.champion.display_name)
