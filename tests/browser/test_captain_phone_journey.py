"""The captain's night on a phone (390×844), end to end: the start page's one step, a card
entered hand by hand through a lost signal, the away captain's YES by text, the standings.

Done when: the home captain follows tonight's first action to the card, the hands and the
card tapped without signal reach the server once, the away captain's signed reply confirms
it, the live standings move by that one game, and axe-core finds no serious or critical
problem on the pages on the way.
"""

import datetime
import re
from pathlib import Path

import pytest
import sms
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect
from twilio.request_validator import RequestValidator

from league.nights.models import FixtureGame
from notices.models import NoticePreference, OutboxMessage
from scoring.models import EntryReceipt, Scorecard, ScorecardDraft, ScorecardVersion
from tests.browser.conftest import log_in, wait_until_kept_offline
from tests.factories import PASSWORD, manager_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""
STATUS = "[data-offline-panel] [role=status]"
TOKEN = "twilio-journey-auth-token"
INBOUND = "/notices/sms/inbound/"
AWAY_PHONE = "+14165550177"
# The phone's columns of the standings: games won, games lost, win %; points are a wide
# column, in the row all the same.
STANDING = """(name) => {
  const heads = [...document.querySelectorAll("table.standings thead th")]
    .map(th => th.textContent.trim());
  // The team's name without the race's mark (clinched or out) beside it.
  const named = (td) => {
    if (!td) return "";
    const copy = td.cloneNode(true);
    copy.querySelectorAll(".race").forEach((mark) => mark.remove());
    return copy.textContent.trim();
  };
  const row = [...document.querySelectorAll("table.standings tbody tr")]
    .find(tr => named(tr.querySelector("td.team")) === name);
  if (!row) return null;
  const cells = [...row.querySelectorAll("td")].map(td => td.textContent.trim());
  return Object.fromEntries(heads.map((head, i) => [head, cells[i]]));
}"""


def _axe(page, where: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    return [f"{where}: {found}" for found in page.evaluate(RUN_AXE)]


def _tap_hands(page, hands: list[tuple[str, int]]) -> None:
    """Tap each hand and wait for the form to move on to the next, as a captain watches it
    do (online, the server's answer replaces the form; offline, the phone moves it on)."""
    label = page.locator("[data-hand-label]")
    for maker, tricks in hands:
        number = int(label.inner_text().removeprefix("Hand "))
        page.get_by_role("radio", name=maker, exact=True).check()
        page.get_by_role("button", name=f"{tricks} tricks").click()
        expect(label).to_have_text(f"Hand {number + 1}")


def _standing(page, team) -> dict[str, str]:
    row = page.evaluate(STANDING, team.name)
    assert row is not None, f"{team.name} is not in the standings"
    return {key: row[key] for key in ("GW", "GL", "Win %", "Pts")}


@pytest.fixture
def journey(settings):
    """Tonight Left Bowers (home) v Right Bowers; Left Bowers beat Trump Tight 2-1 ten weeks
    ago, and Trump Tight's captain hasn't entered the card of three nights ago against them
    yet. Right Bowers' captain takes cards to confirm by text, and by text alone."""
    settings.TWILIO_AUTH_TOKEN = TOKEN
    sms.outbox = []
    season = night_season()
    home_captain, home = ready_team(season, "Left Bowers")
    away_captain, away = ready_team(season, "Right Bowers")
    _, third = ready_team(season, "Trump Tight")
    play(fixture_between(season, home, third, 1), (10, 6), (4, 10), (10, 8))
    earlier = fixture_between(season, third, home, 2)
    earlier.date = timezone.localdate() - datetime.timedelta(days=3)
    earlier.save(update_fields=["date"])
    tonight = fixture_between(season, home, away, 10)
    tonight.date = timezone.localdate()
    tonight.save(update_fields=["date"])
    player = away_captain.player
    player.phone, player.sms_opt_in = AWAY_PHONE, True
    player.save(update_fields=["phone", "sms_opt_in"])
    NoticePreference.objects.create(
        player=player, kind="card_awaiting_confirmation", by_email=False, by_sms=True
    )
    return {
        "season": season,
        "fixture": tonight,
        "home": home,
        "away": away,
        "third": third,
        "home_captain": home_captain,
        "manager": manager_user(season.league),
    }


@pytest.fixture
def desk(chromium, live_server):
    """The league manager's own phone, beside the captain's."""
    context = chromium.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_the_captains_night_on_a_phone_from_the_start_page_to_the_standings(
    page, desk, live_server, journey
):
    fixture, home, away = journey["fixture"], journey["home"], journey["away"]
    page.context.add_init_script(path=str(AXE))
    slugs = [journey["season"].league.slug, journey["season"].slug]
    standings = reverse("league:season_standings", args=slugs) + "?week=live"
    problems: list[str] = []

    # A manager's live standings before the night: one fixture played (Home 2-1 Third).
    log_in(desk, journey["manager"].username, PASSWORD)
    desk.wait_for_url(lambda url: "/accounts/login/" not in url)
    desk.goto(standings)
    before = {team.name: _standing(desk, team) for team in (home, away, journey["third"])}
    assert before == {
        home.name: {"GW": "2", "GL": "1", "Win %": ".667", "Pts": "2"},
        away.name: {"GW": "0", "GL": "0", "Win %": ".000", "Pts": "0"},
        journey["third"].name: {"GW": "1", "GL": "2", "Win %": ".333", "Pts": "1"},
    }

    # 1. The home captain signs in: tonight's card is the first thing to do, above the rest.
    log_in(page, journey["home_captain"].username, PASSWORD)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Tonight", exact=True)).to_be_visible()
    dues = page.locator("#tonight article.due")
    expect(dues).to_have_count(2)
    expect(dues.first).to_contain_text(f"{home.name} v {away.name}")
    expect(dues.nth(1)).to_contain_text(f"{journey['third'].name} v {home.name}")
    expect(dues.nth(1).locator(".due-action")).to_have_count(0)  # waits on Third, not us
    first_action = page.locator("main a[role=button], main button").first
    expect(first_action).to_have_text("Enter the card")
    expect(first_action).to_be_in_viewport()
    problems += _axe(page, "tonight")
    first_action.click()
    expect(page).to_have_url(re.compile(rf"/leagues/fixtures/{fixture.pk}/#enter-scores$"))
    problems += _axe(page, "fixture")

    # 2. Game 1 hand by hand, on the entry page that works without signal.
    page.get_by_role("link", name="game 1", exact=True).click()
    game = FixtureGame.objects.get(fixture=fixture, number=1).game
    expect(page).to_have_url(re.compile(rf"/scoring/games/{game.pk}/entry/$"))
    wait_until_kept_offline(page)  # the page opens without signal from here on
    problems += _axe(page, "entry")
    page.get_by_label("Dealer").select_option("N")
    ns, ew = home.name, away.name  # the home team sits N-S: its radios bear its name
    _tap_hands(page, [(ns, 5), (ew, 3)])
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    expect(page.locator('[data-total="EW"]')).to_have_text("1")

    page.context.set_offline(True)  # the bar's signal goes, mid-card
    expect(page.locator(STATUS)).to_have_text(
        "Offline — hands you tap are saved on this phone and sent when the signal is back."
    )
    _tap_hands(page, [(ns, 4), (ew, 5), (ns, 5), (ns, 5), (ns, 5), (ns, 3)])
    page.get_by_role("button", name=f"Submit the card for {ns}").click()
    expect(page.locator(STATUS)).to_have_text(
        "Offline — 6 hands and the card saved on this phone, will send when back."
    )
    problems += _axe(page, "entry, offline")
    assert not ScorecardVersion.objects.filter(scorecard__game=game).exists()

    page.context.set_offline(False)
    expect(page.locator("#card-status")).to_have_text("Awaiting confirmation", timeout=30_000)
    expect(page.locator("#score-line")).to_have_text(f"{ns} 10 – {ew} 3")
    problems += _axe(page, "card")

    version = ScorecardVersion.objects.get(scorecard__game=game)  # one card, each hand once
    assert version.hand_count == 8
    assert [(h.ns_points, h.ew_points) for h in version.hands.order_by("number")] == [
        (2, 0),
        (0, 1),
        (1, 0),
        (0, 2),
        (2, 0),
        (2, 0),
        (2, 0),
        (1, 0),
    ]
    assert (version.ns_total, version.ew_total, version.submitted_for) == (10, 3, "NS")
    tonights = Scorecard.objects.filter(game__fixture_game__fixture=fixture)
    assert list(tonights.values_list("game_id", "status")) == [(game.pk, "submitted")]
    receipts = EntryReceipt.objects.filter(game=game)
    assert list(
        receipts.filter(kind="hand").order_by("hand_number").values_list("hand_number", flat=True)
    ) == list(range(1, 9))
    assert receipts.get(kind="card").version == version
    assert not ScorecardDraft.objects.exclude(hands=[]).exists()

    # 3. The away captain's text, and the reply YES <code> posted as Twilio signs it.
    texts = [m for m in sms.outbox if AWAY_PHONE in m.recipients]
    assert len(texts) == 1, [(m.recipients, m.body) for m in sms.outbox]
    text = texts[0]
    assert OutboxMessage.objects.get(channel="sms", address=AWAY_PHONE).status == "sent"
    assert f"{home.name} entered game 1 of {home.name} v {away.name}" in text.body
    code = re.search(r"Reply YES (\d{4}) to confirm or DISPUTE \1 and a reason\.$", text.body)
    assert code is not None, text.body
    url = f"{live_server.url}{INBOUND}"
    data = {"MessageSid": "SMjourney", "From": AWAY_PHONE, "To": "+15555550100"}
    data["Body"] = f"YES {code.group(1)}"

    def post(token: str):
        signature = RequestValidator(token).compute_signature(url, data)
        return page.request.post(url, form=data, headers={"X-Twilio-Signature": signature})

    assert post("not-the-auth-token").status == 403  # the signature is checked for real
    assert list(tonights.values_list("status", flat=True)) == ["submitted"]
    answer = post(TOKEN)
    assert answer.status == 200
    assert f"<Message>Confirmed: the card for {home.name} v {away.name}" in answer.text()
    version.refresh_from_db()
    assert (version.state, version.confirmed_by) == (
        ScorecardVersion.State.CONFIRMED,
        away.roster.get(role="captain").player.user,
    )
    assert list(tonights.values_list("game_id", "status")) == [(game.pk, "confirmed")]

    page.goto(reverse("league:fixture_detail", args=[fixture.pk]))
    expect(page.locator("#game-1")).to_have_attribute("data-state", "confirmed")

    # 4. The standings move by that one game: Home 3-1, Away 0-1.
    desk.goto(standings)
    problems += _axe(desk, "standings")
    after = {team.name: _standing(desk, team) for team in (home, away, journey["third"])}
    assert after == {
        home.name: {"GW": "3", "GL": "1", "Win %": ".750", "Pts": "3"},
        away.name: {"GW": "0", "GL": "1", "Win %": ".000", "Pts": "0"},
        journey["third"].name: {"GW": "1", "GL": "2", "Win %": ".333", "Pts": "1"},
    }
    assert problems == []
