"""Scorecards in a phone-sized browser: submit → confirm, and submit → dispute → settle."""

import pytest
from playwright.sync_api import expect

from scoring.models import Scorecard
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.scoring.factories import team_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _switch_user(page, username):
    page.context.clear_cookies()
    log_in(page, username, PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def _tap_hand(page, team, tricks, expected_total):
    """Tap the side that made trump (the radio is named by its team), then the tricks."""
    page.get_by_role("radio", name=team.name, exact=True).check()
    page.get_by_role("button", name=f"{tricks} tricks").click()
    side = page.get_by_role("radio", name=team.name, exact=True).get_attribute("value")
    expect(page.locator(f'[data-total="{side}"]')).to_have_text(expected_total)


def test_a_captain_submits_on_a_phone_and_the_other_captain_confirms(page):
    tg = team_game()
    tg.ns_captain.username, tg.ew_captain.username = "nora", "evan"
    tg.ns_captain.save()
    tg.ew_captain.save()
    url = f"/scoring/games/{tg.game.pk}/"

    _switch_user(page, "nora")
    page.goto(url)
    page.get_by_label("Dealer").select_option("N")
    ns, ew = tg.ns_team, tg.ew_team
    _tap_hand(page, ns, 5, "2")  # two taps: who made it, tricks
    _tap_hand(page, ew, 3, "1")
    page.get_by_role("radio", name="Alone", exact=True).check()  # a lone hand: three taps
    _tap_hand(page, ns, 5, "6")
    expect(page.get_by_label("Dealer")).to_have_value("W")  # the deal passed left each hand
    page.get_by_role("button", name="Take back hand 3").click()
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    page.reload()  # a refresh on the phone loses nothing
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    for total in ("4", "6", "8", "10"):
        _tap_hand(page, ns, 5, total)
    expect(page.get_by_role("status").filter(has_text=f"{ns.name} reached 10")).to_be_visible()
    page.get_by_role("button", name=f"Submit the card for {ns.name}").click()
    expect(page.locator("#card-status")).to_have_text("Awaiting confirmation")
    expect(page.locator("#score-line")).to_have_text(f"{ns.name} 10 – {ew.name} 1")
    expect(page.get_by_text(f"Waiting for {ew.name} to confirm.")).to_be_visible()
    expect(page.get_by_role("button", name="Confirm this card")).to_have_count(0)

    _switch_user(page, "evan")
    page.goto(url)
    page.get_by_role("button", name="Confirm this card").click()
    expect(page.locator("#card-status")).to_have_text("Confirmed")
    expect(page.get_by_text("Card confirmed")).to_be_visible()
    assert Scorecard.objects.get(game=tg.game).status == "confirmed"


def test_an_impossible_hand_is_refused_on_the_phone(page):
    tg = team_game()
    tg.ns_captain.username = "nora"
    tg.ns_captain.save()
    _switch_user(page, "nora")
    page.goto(f"/scoring/games/{tg.game.pk}/entry/")
    page.get_by_role("button", name="0 tricks").click()  # no maker tapped
    names = f"{tg.ns_team.name} or {tg.ew_team.name}"
    expect(page.get_by_role("alert")).to_have_text(f"Tap who made trump first: {names}.")
    page.get_by_role("button", name=f"Submit the card for {tg.ns_team.name}").click()
    expect(page.get_by_role("alert")).to_contain_text("Enter at least one hand")


def test_a_disputed_card_is_settled_by_a_manager_with_a_reason(page):
    tg = team_game()
    tg.ns_captain.username, tg.ew_captain.username = "nora", "evan"
    tg.ns_captain.save()
    tg.ew_captain.save()
    manager_user(username="morgan")
    url = f"/scoring/games/{tg.game.pk}/"

    _switch_user(page, "nora")
    page.goto(url)
    page.get_by_text("Enter final scores only").click()
    ns, ew = tg.ns_team.name, tg.ew_team.name
    page.get_by_role("spinbutton", name=ns, exact=True).fill("10")  # not the maker radio
    page.get_by_role("spinbutton", name=ew, exact=True).fill("4")
    page.get_by_role("button", name=f"Submit final scores for {ns}").click()
    expect(page.locator("#score-line")).to_have_text(f"{ns} 10 – {ew} 4")

    _switch_user(page, "evan")
    page.goto(url)
    page.get_by_text("Dispute…").click()
    page.get_by_label("What is wrong with the card?").fill("We had 6, not 4.")
    page.get_by_role("button", name="Dispute this card").click()
    expect(page.locator("#card-status")).to_have_text("Disputed")

    _switch_user(page, "morgan")
    page.goto("/scoring/disputes/")
    expect(page.get_by_text("We had 6, not 4.")).to_be_visible()
    page.get_by_role("link", name=tg.game.label).click()
    page.get_by_role("button", name="Settle this card").click()
    page.get_by_label("Reason (kept with the card)").fill("Both captains agreed E-W had 6.")
    page.get_by_label("These final scores").check()
    page.get_by_role("spinbutton", name=ns, exact=True).fill("10")
    page.get_by_role("spinbutton", name=ew, exact=True).fill("6")
    page.get_by_role("button", name="Settle the card").click()
    expect(page.locator("#card-status")).to_have_text("Settled by staff")
    expect(page.locator("#score-line")).to_have_text(f"{ns} 10 – {ew} 6")
    expect(page.get_by_text("Both captains agreed E-W had 6.").first).to_be_visible()


def test_long_team_names_wrap_on_a_phone_and_name_every_entry_control(page):
    tg = team_game("classic-tens")  # has the unproven renege claim's buttons too
    tg.ns_team.name = "The Left Bowers of Upper Sandusky Tuesday Night"
    tg.ew_team.name = "Jacks-or-Better-Wednesday-Regulars-Extraordinaire"
    tg.ns_team.save(update_fields=["name"])
    tg.ew_team.save(update_fields=["name"])
    tg.ns_captain.username = "nora"
    tg.ns_captain.save()
    _switch_user(page, "nora")
    page.goto(f"/scoring/games/{tg.game.pk}/")
    ns, ew = tg.ns_team, tg.ew_team
    _tap_hand(page, ns, 4, "1")
    page.get_by_text("Renege…").click()
    page.get_by_text("Unproven renege claim on this hand?").click()
    expect(page.get_by_role("button", name=f"{ew.name} reneged")).to_be_visible()
    expect(page.get_by_role("radio", name=f"By {ns.name}")).to_be_visible()
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner, f"the card page scrolls sideways: {width} > {inner}"
    expect(page.get_by_text("N-S", exact=False)).to_have_count(0)
