"""Hand-by-hand entry on a phone that loses its signal mid-card, and gets it back."""

import pytest
from playwright.sync_api import expect

from scoring.models import EntryReceipt, Scorecard, ScorecardDraft, ScorecardVersion
from tests.browser.conftest import log_in, wait_until_kept_offline
from tests.factories import PASSWORD
from tests.scoring.factories import team_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STATUS = "[data-offline-panel] [role=status]"


def _tap_hand(page, maker, tricks):
    """`maker` "NS" or "EW" (its radio is named by the side's team)."""
    page.locator(f'input[name="maker"][value="{maker}"]').check()
    page.get_by_role("button", name=f"{tricks} tricks").click()


def _replay(page, url, key, **fields):
    """Send an entry again under its key, as a phone whose answer was lost would."""
    return page.evaluate(
        """async ([url, key, fields]) => {
            const body = new URLSearchParams({...fields, key});
            const token = JSON.parse(document.body.getAttribute("data-hx-headers"))["X-CSRFToken"];
            const response = await fetch(url, {method: "POST", body,
                headers: {"X-CSRFToken": token, "X-Entry-Sync": "1"}});
            return [response.status, await response.json()];
        }""",
        [url, key, fields],
    )


def _captain_on_the_entry_page(page):
    tg = team_game()
    tg.ns_captain.username = "nora"
    tg.ns_captain.save()
    log_in(page, "nora", PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    entry = f"/scoring/games/{tg.game.pk}/entry/"
    page.goto(entry)
    wait_until_kept_offline(page)  # the page opens without signal from here on
    return tg, entry


def test_hands_and_the_card_tapped_without_signal_are_sent_once_when_it_is_back(page):
    tg, entry = _captain_on_the_entry_page(page)
    page.get_by_label("Dealer").select_option("N")
    _tap_hand(page, "NS", 5)
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    _tap_hand(page, "EW", 3)
    expect(page.locator('[data-total="EW"]')).to_have_text("1")

    page.context.set_offline(True)  # the signal goes, mid-card
    expect(page.locator(STATUS)).to_have_text(
        "Offline — hands you tap are saved on this phone and sent when the signal is back."
    )
    _tap_hand(page, "NS", 5)
    _tap_hand(page, "NS", 5)
    expect(page.locator(STATUS)).to_have_text(
        "Offline — 2 hands saved on this phone, will send when back."
    )
    expect(page.get_by_text("Hand 5", exact=True)).to_be_visible()  # the form moved on
    expect(page.get_by_label("Dealer")).to_have_value("N")  # N, E, S, W dealt: N again

    page.reload()  # the phone reopens the page without signal: it is kept, and so are the hands
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    expect(page.locator(STATUS)).to_have_text(
        "Offline — 2 hands saved on this phone, will send when back."
    )
    expect(page.get_by_text("Hand 5", exact=True)).to_be_visible()
    expect(page.get_by_label("Dealer")).to_have_value("N")
    _tap_hand(page, "NS", 5)
    _tap_hand(page, "NS", 3)  # a slip: taken back on the phone before it is ever sent
    page.get_by_role("button", name="Take back hand 6").click()
    expect(page.get_by_label("Dealer")).to_have_value("E")  # tap it again as it was dealt
    _tap_hand(page, "NS", 5)
    page.get_by_role("button", name=f"Submit the card for {tg.ns_team.name}").click()
    expect(page.locator(STATUS)).to_have_text(
        "Offline — 4 hands and the card saved on this phone, will send when back."
    )
    expect(page.get_by_role("button", name=f"Submit the card for {tg.ns_team.name}")).to_be_hidden()
    assert len(ScorecardDraft.objects.get(user=tg.ns_captain).hands) == 2
    assert not ScorecardVersion.objects.exists()

    # The first hand sent when the signal is back reaches the server, but its answer is lost:
    # the phone keeps it and sends it again, and the server counts it once.
    lost = []

    def lose_first_answer(route):
        if not lost:
            lost.append(route.fetch().status)
            route.abort()
        else:
            route.continue_()

    page.route("**/entry/hand/", lose_first_answer)
    page.context.set_offline(False)
    expect(page.locator("#card-status")).to_have_text("Awaiting confirmation", timeout=30_000)
    expect(page.get_by_text("Sent from this phone now the signal is back.")).to_be_visible()
    expect(page.locator("#score-line")).to_have_text(f"{tg.ns_team.name} 10 – {tg.ew_team.name} 1")
    assert lost == [200]

    version = ScorecardVersion.objects.get()
    assert version.hand_count == 6
    assert [hand.ns_points for hand in version.hands.order_by("number")] == [2, 0, 2, 2, 2, 2]
    assert Scorecard.objects.get().status == "submitted"
    assert not ScorecardDraft.objects.exists()
    assert EntryReceipt.objects.filter(kind="hand").count() == 6
    card_receipt = EntryReceipt.objects.get(kind="card")
    assert card_receipt.version == version

    # Reloading, and sending the same entries again, adds nothing.
    page.goto(entry)
    expect(page.locator("[data-offline-panel]")).to_be_hidden()
    hand_key = EntryReceipt.objects.filter(kind="hand").order_by("hand_number").last().key
    status, answer = _replay(page, f"{entry}hand/", hand_key, maker="NS", tricks="5")
    assert (status, answer["ok"]) == (200, True)
    status, answer = _replay(page, f"{entry}submit/", card_receipt.key, side="NS")
    assert (status, answer["ok"]) == (200, True)
    assert ScorecardVersion.objects.count() == 1
    assert ScorecardVersion.objects.get().hand_count == 6
    assert sum(len(d.hands) for d in ScorecardDraft.objects.all()) == 0
    assert EntryReceipt.objects.count() == 7


def test_hands_kept_without_signal_reach_the_totals_and_the_page_says_sent(page):
    tg, _ = _captain_on_the_entry_page(page)
    page.get_by_label("Dealer").select_option("N")
    page.context.set_offline(True)
    _tap_hand(page, "NS", 5)
    _tap_hand(page, "EW", 3)
    expect(page.locator(STATUS)).to_have_text(
        "Offline — 2 hands saved on this phone, will send when back."
    )
    expect(page.locator('[data-total="NS"]')).to_have_text("0")  # counted once sent
    page.context.set_offline(False)
    expect(page.locator(STATUS)).to_have_text(
        "Sent — 2 hands saved on this phone reached the card."
    )
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    expect(page.locator('[data-total="EW"]')).to_have_text("1")
    expect(page.get_by_text("Hand 3", exact=True)).to_be_visible()
    expect(page.get_by_label("Dealer")).to_have_value("S")
    assert [row.dealer for row in ScorecardDraft.objects.get().rows()] == ["N", "E"]
    _tap_hand(page, "NS", 4)  # online again: a tap goes straight to the server
    expect(page.locator('[data-total="NS"]')).to_have_text("3")
    expect(page.locator("[data-offline-panel]")).to_be_hidden()


def test_a_kept_hand_the_server_refuses_is_named_and_taken_back_on_the_phone(page):
    tg, _ = _captain_on_the_entry_page(page)
    page.context.set_offline(True)
    for _ in range(5):
        _tap_hand(page, "NS", 5)  # the N-S team reaches 10 on the fifth hand
    _tap_hand(page, "EW", 3)  # one hand too many: the phone can't know the game is over
    page.get_by_role("button", name=f"Submit the card for {tg.ns_team.name}").click()
    page.context.set_offline(False)
    refusal = page.locator("[data-offline-panel] [role=alert]")
    ns, ew = tg.ns_team.name, tg.ew_team.name  # the kept hand and the refusal by team
    expect(refusal).to_have_text(
        f"Hand 6: {ew}, 3 tricks wasn't taken: The game was over after hand 5 ({ns} 10, {ew} 0), "
        "so hand 6 can't be recorded. It and what you tapped after it are still on this phone."
    )
    expect(page.locator('[data-total="NS"]')).to_have_text("10")  # the five hands went in
    page.get_by_role("button", name="Take back hand 6 and what followed").click()
    expect(page.locator(STATUS)).to_have_text(
        "Sent — 5 hands saved on this phone reached the card."
    )
    page.get_by_role("button", name=f"Submit the card for {tg.ns_team.name}").click()
    expect(page.locator("#score-line")).to_have_text(f"{tg.ns_team.name} 10 – {tg.ew_team.name} 0")
    assert ScorecardVersion.objects.get().hand_count == 5


def test_final_scores_kept_offline_and_refused_once_sent_come_back_into_their_boxes(page):
    tg, entry = _captain_on_the_entry_page(page)
    page.context.set_offline(True)
    page.locator(".final-entry summary").click()
    final = page.locator("form[data-entry-step=final]")
    final.locator("input[name=score_NS]").fill("12")
    final.locator("input[name=score_EW]").fill("3")
    final.get_by_role("button").click()
    expect(page.locator(STATUS)).to_contain_text("the card saved on this phone")
    page.reload()  # the kept page opens with empty boxes; the scores wait on the phone
    expect(page.locator("form[data-entry-step=final] input[name=score_NS]")).to_have_value("")

    page.context.set_offline(False)
    alert = page.locator("[data-offline-panel] [role=alert]")
    expect(alert).to_contain_text("record the winner's score as 10", timeout=30_000)
    final = page.locator("form[data-entry-step=final]")
    expect(final.locator("input[name=score_NS]")).to_have_value("12")
    expect(final.locator("input[name=score_EW]")).to_have_value("3")
    expect(page.locator(".final-entry")).to_have_attribute("open", "")
    assert not ScorecardVersion.objects.exists()
