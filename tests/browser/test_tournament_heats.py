import pytest
from playwright.sync_api import expect

from scoring.models import RuleSet
from tests.browser.conftest import log_in
from tests.browser.tournament_steps import check_in_everyone, settle_open_card
from tests.factories import PASSWORD, TournamentFactory, director_user
from tournaments.models import Tournament
from tournaments.services import entry_register
from tournaments.stage_data import cold_butt_data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_runs_cold_butt_heats_to_a_winner(page):
    director = director_user(username="dana")
    tournament = TournamentFactory(
        name="Cold Butt Classic",
        format=Tournament.Format.HEATS,
        rule_set=RuleSet.objects.get(slug="cold-butt"),
        stages=cold_butt_data(),
        director=director,
    )
    for n in range(1, 6):  # five teams: the first registered gets a bye in round one
        entry_register(
            tournament=tournament,
            player_name=f"Ice {n}",
            partner_name=f"Snow {n}",
            team_name=f"Frozen {n}",
        )
    log_in(page, "dana", PASSWORD)
    page.goto(f"/tournaments/{tournament.slug}/manage/")
    check_in_everyone(page, 5)
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("bye")).not_to_have_count(0)
    manage_url = page.url

    for _ in range(4):  # round one (2 matches), round two and round three
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        settle_open_card(page, manage_url, {"N-S": "10", "E-W": "4"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED

    page.goto(f"/tournaments/{tournament.slug}/")
    expect(page.locator(".champion")).to_contain_text(tournament.champion.display_name)
