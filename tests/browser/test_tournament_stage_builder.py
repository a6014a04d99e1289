"""A director builds a heats event's stages row by row in the browser, then runs it."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.tournament_steps import check_in_everyone, settle_open_card
from tests.factories import PASSWORD, director_user
from tournaments.models import Tournament
from tournaments.services import entry_register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def stage(page, number):
    return page.get_by_role("group", name=f"Stage {number}", exact=True)


def test_a_director_sets_up_heats_with_the_stage_builder_and_runs_them(page):
    director_user(username="dana")
    log_in(page, "dana", PASSWORD)
    page.goto("/tournaments/new/")
    page.get_by_label("Name", exact=True).fill("Snow Heats")
    page.get_by_label("Date").fill("2026-02-07")
    page.get_by_label("Format").select_option("heats")
    expect(stage(page, 4)).to_be_visible()  # Cold Butt's four stages to start from
    expect(page.get_by_label("Rounds")).to_have_count(0)
    page.get_by_label("Rule set").select_option(label="Cold Butt")

    # Two stages: every match winner, then the final. Stage 2 first forgets its count.
    stage(page, 1).get_by_label("Teams per heat").fill("4")
    stage(page, 2).get_by_label("Who goes through").select_option("first_to_target")
    stage(page, 2).get_by_label("Teams going through").fill("")
    page.get_by_role("button", name="Save").click()
    expect(stage(page, 2).get_by_text("Say how many teams go through.")).to_be_visible()
    expect(page.get_by_text("Check the stages below.")).to_be_visible()

    stage(page, 2).get_by_label("Who goes through").select_option("final")
    stage(page, 3).get_by_label("Remove").check()
    stage(page, 4).get_by_label("Remove").check()
    page.get_by_role("button", name="Add a stage").click()
    # The kept rows stay as typed; the removed ones go; a second blank row is added.
    expect(stage(page, 4)).to_be_visible()
    expect(stage(page, 5)).to_have_count(0)
    expect(stage(page, 3).get_by_label("Who goes through")).to_have_value("")
    expect(stage(page, 1).get_by_label("Teams per heat")).to_have_value("4")
    stage(page, 2).get_by_label("Name").fill("The final")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Run Snow Heats")).to_be_visible()

    tournament = Tournament.objects.get(name="Snow Heats")
    assert [(s["kind"], s["heat_size"], s["name"]) for s in tournament.stages] == [
        ("match_winners", 4, "Round one"),
        ("final", None, "The final"),
    ]
    page.goto(f"/tournaments/{tournament.slug}/manage/edit/")
    expect(stage(page, 2).get_by_label("Name")).to_have_value("The final")

    for n in range(1, 5):
        entry_register(
            tournament=tournament,
            player_name=f"Ice {n}",
            partner_name=f"Snow {n}",
            team_name=f"Frozen {n}",
        )
    page.goto(f"/tournaments/{tournament.slug}/manage/")
    check_in_everyone(page, 4)
    page.get_by_role("button", name="Start the tournament").click()
    manage_url = page.url
    for _ in range(3):  # round one's two matches, then the final
        settle_open_card(page, manage_url, {"N-S": "10", "E-W": "4"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page.goto(f"/tournaments/{tournament.slug}/")
    expect(page.locator(".champion")).to_contain_text(tournament.champion.display_name)
