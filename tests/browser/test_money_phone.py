"""Sign-up and money on a phone (390×844), through the pages, from an empty database.

A captain registers a team and invites the partner, who accepts from the emailed link and
signs the waiver; the captain pays by card on the local Stripe stand-in's hosted page (the
card is typed there, never here) and the signed webhook marks it paid; the manager accepts
the team. An event fills to its last place while two people race for it: one gets it, the
other is told they are first on the waitlist. A player who paid by card withdraws, is
refunded through the stand-in, and the freed place is offered to the waitlist, who takes
it. The event is played hand by hand; the director sets the purse, runs a loner basket,
pays it out over the lone hands made and pays the prizes, and the ledger balances.
"""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from league.models import SkillLevel, Team
from money.models import LedgerEntry, Payment, Refund, Registration, SignUp
from money.payments.services.door import payment_mark_paid
from money.registrations.flows import Submission, registration_submit
from money.registrations.staff import registration_accept
from notices.models import OutboxMessage
from scoring.models import RuleSet, Scorecard
from scoring.services import scorecard_settle
from tests.browser.conftest import log_in
from tests.browser.people_data import table_hands
from tests.factories import (
    PASSWORD,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    director_user,
    manager_user,
)
from tests.money.factories import EventSignUpFactory, SeasonSignUpFactory
from tests.money.stripe_standin import StripeStandIn
from tournaments.models import Round, Tournament
from tournaments.services import entry_check_in, tournament_start
from tournaments.services.progressive import progressive_finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FEE = 500  # the event's fee, cents
BUY_IN = 200  # the loner basket's, a player


@pytest.fixture
def stripe_live(live_server, settings):
    """The Stripe stand-in, the app's library pointed at it, its events posted over HTTP to
    the live server's webhook."""
    with StripeStandIn(webhook_url=live_server.url + reverse("money:stripe_webhook")) as server:
        server.configure(settings)
        yield server


def _paid_by_card(page: Page, stand_in: StripeStandIn) -> None:
    """From the registration's page: Pay by card, then Pay on the stand-in's hosted page."""
    page.locator("#pay-by-card").click()
    expect(page.locator("#pay")).to_be_visible()  # Stripe's page, not ours
    assert page.url.startswith(stand_in.base_url)
    page.locator("#pay").click()
    expect(page.locator("#registration-state")).to_be_visible()  # back on the registration


def test_a_captain_registers_a_team_with_a_partner_and_pays_by_card(
    page: Page, stripe_live, live_server
):
    season = SeasonFactory()
    manager = manager_user(season.league)
    level = SkillLevel.objects.create(season=season, name="Open")
    sign_up = SeasonSignUpFactory(season=season, fee_cents=4000, payment="card", places=8)
    captain = UserFactory(
        username="casey", email="casey@example.com", first_name="Casey", last_name="Captain"
    )

    log_in(page, "casey", PASSWORD)
    page.goto(reverse("money:register", args=[sign_up.pk]))
    expect(page.locator("#fee")).to_contain_text("$40.00")
    page.get_by_label("Team name").fill("Left Bowers")
    page.get_by_label("Level").select_option(str(level.pk))
    page.get_by_label("Your partner's name").fill("Pat Partner")
    page.get_by_label("Your partner's email").fill("pat@example.com")
    page.get_by_label("I agree to the season's waiver above").check()
    page.get_by_label("Your full name, as your signature").fill("Casey Captain")
    page.get_by_role("button", name="Register").click()
    expect(page.locator("#registration-state")).to_contain_text("place 1")
    registration = Registration.objects.get(sign_up=sign_up)
    assert registration.user == captain and registration.partner.email == "pat@example.com"

    # The partner's invitation went out with its link; the partner opens it, not signed in.
    link = reverse("money:partner_accept", args=[registration.partner_token])
    invited = OutboxMessage.objects.filter(address="pat@example.com")
    assert invited.exists() and invited.first().notice.link.endswith(link)
    partner_page = page.context.browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}
    ).new_page()
    partner_page.goto(link)
    partner_page.get_by_label("Your name").fill("Pat Partner")
    partner_page.get_by_label("Your email").fill("pat@example.com")
    partner_page.get_by_label("I agree to the season's waiver above").check()
    partner_page.get_by_label("Your full name, as your signature").fill("Pat Partner")
    partner_page.get_by_role("button", name="Accept").click()
    expect(partner_page.get_by_text("partner for")).to_be_visible()
    partner_page.context.close()
    registration.refresh_from_db()
    assert registration.partner_accepted_at is not None

    # The captain pays on Stripe's page (the stand-in's); the signed webhook marks it paid.
    page.reload()
    _paid_by_card(page, stripe_live)
    payment = Payment.objects.get(registration=registration)
    assert payment.state == Payment.State.PAID and payment.amount_cents == 4000
    assert LedgerEntry.objects.filter(payment=payment, amount_cents=4000).count() == 1
    expect(page.locator(f"#payment-{payment.pk}")).to_contain_text("Paid")

    # The manager accepts: the team is made with both players on its roster.
    page.context.clear_cookies()
    log_in(page, manager.username, PASSWORD)
    page.goto(reverse("money:registration_list", args=[sign_up.pk]))
    expect(page.get_by_text("Left Bowers")).to_be_visible()
    page.goto(reverse("money:registration_detail", args=[registration.pk]))
    page.get_by_role("button", name="Accept and make the team").click()
    team = Team.objects.get(season=season, name="Left Bowers")
    assert sorted(p.email for p in team.players.all()) == ["casey@example.com", "pat@example.com"]


def _signed_in_page(browser, live_server, user) -> Page:
    """A phone of its own for `user`, signed in through the sign-in page."""
    page = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}
    ).new_page()
    page.set_default_timeout(10_000)
    log_in(page, user.username, PASSWORD)
    return page


def _person(username: str, first: str, last: str):
    return UserFactory(
        username=username, email=f"{username}@example.com", first_name=first, last_name=last
    )


def _door_paid(registration: Registration, director) -> None:
    payment_mark_paid(
        registration=registration,
        by=director,
        method="cash",
        amount_cents=FEE,
        token=f"walk-{registration.pk}",
    )


def _played(tournament: Tournament, director) -> None:
    """The one round played, its card settled hand by hand: North makes two lone hands."""
    for entry in tournament.entries.all():
        entry_check_in(entry=entry)
    tournament_start(tournament=tournament, by=director)
    table = Round.objects.get(tournament=tournament, number=1).tables.get()
    card, _ = Scorecard.objects.get_or_create(game=table.game)
    scorecard_settle(scorecard=card, user=director, reason="Card handed in", hands=table_hands(3))
    progressive_finish(tournament=tournament, by=director)


def test_an_event_fills_its_last_place_in_a_race_moves_its_waitlist_and_its_ledger_balances(
    page: Page, stripe_live, live_server
):
    tournament = TournamentFactory(
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=1,
        date=datetime.date.today(),
    )
    director = director_user(tournament)
    tournament.director = director
    tournament.save()
    sign_up = EventSignUpFactory(
        tournament=tournament,
        places=4,
        fee_cents=FEE,
        payment=SignUp.Payment.CARD,
        refund_until=timezone.now() + datetime.timedelta(days=1),
    )
    ann = _person("ann", "Ann", "Ames")
    log_in(page, "ann", PASSWORD)
    page.goto(reverse("money:register", args=[sign_up.pk]))
    page.get_by_role("button", name="Register").click()
    expect(page.locator("#registration-state")).to_contain_text("place 1")
    _paid_by_card(page, stripe_live)
    ann_registration = Registration.objects.get(sign_up=sign_up, user=ann)
    assert Payment.objects.get(registration=ann_registration).state == Payment.State.PAID

    for username, first in (("ben", "Ben"), ("cal", "Cal")):
        registration, _ = registration_submit(
            sign_up=sign_up, by=_person(username, first, "Player"), typed=Submission()
        )
        _door_paid(registration, director)

    # Dee and Eve tap Register for the last place at the same moment: one holds it, the
    # other is told she is first on the waitlist.
    dee, eve = _person("dee", "Dee", "Dunn"), _person("eve", "Eve", "Eng")
    racers = [_signed_in_page(page.context.browser, live_server, u) for u in (dee, eve)]
    for racer in racers:
        racer.goto(reverse("money:register", args=[sign_up.pk]))
    for racer in racers:
        racer.get_by_role("button", name="Register").click(no_wait_after=True)
    told = []
    for racer in racers:
        expect(racer.locator("#registration-state")).to_be_visible()
        told.append(racer.locator("#registration-state").inner_text())
    assert sorted("place 4" in text for text in told) == [False, True], told
    assert any("number 1 on the waitlist" in text for text in told), told
    placed = Registration.objects.get(sign_up=sign_up, place=4)
    waiting = Registration.objects.get(sign_up=sign_up, state=Registration.State.WAITLISTED)
    assert {placed.user, waiting.user} == {dee, eve}
    waiting_page = racers[[dee, eve].index(waiting.user)]
    _door_paid(placed, director)

    # Ann withdraws: her card payment comes back through Stripe, and her place is offered to
    # the first on the waitlist, by email and text, who takes it from the offer's link.
    page.goto(reverse("money:registration_detail", args=[ann_registration.pk]))
    page.get_by_role("button", name="Withdraw my registration").click()
    expect(page.locator("#registration-state")).to_contain_text("Withdrawn")
    refund = Refund.objects.get(payment__registration=ann_registration)
    assert refund.state == Refund.State.DONE and refund.amount_cents == FEE
    assert refund.provider_ref in stripe_live.refunds
    waiting.refresh_from_db()
    assert waiting.state == Registration.State.OFFERED
    offered = OutboxMessage.objects.filter(address=waiting.user.email)
    assert offered.filter(notice__link__contains=waiting.offer_token).exists()
    waiting_page.goto(reverse("money:offer_respond", args=[waiting.offer_token]))
    waiting_page.get_by_role("button", name="Accept the place").click()
    expect(waiting_page.locator("#registration-state")).to_contain_text("place 1")
    waiting.refresh_from_db()
    assert waiting.state == Registration.State.HOLDING and waiting.place == 1
    _door_paid(waiting, director)
    for racer in racers:
        racer.context.close()

    # The director accepts the four, sets the purse (80% of the fees paid, 60/40) and a
    # loner basket everyone buys into, on the phone.
    for registration in Registration.objects.filter(sign_up=sign_up, state="holding"):
        registration_accept(registration=registration, by=director)
    assert tournament.entries.count() == 4
    page.context.clear_cookies()
    log_in(page, director.username, PASSWORD)
    page.goto(reverse("money:ledger_event", args=[tournament.slug]))
    page.get_by_role("link", name="Purse").click()
    page.get_by_label("Purse").select_option("share")
    page.get_by_label("Share of the entry fees paid (%)").fill("80")
    page.get_by_label("Split over the places (%, first place first)").fill("60, 40")
    page.get_by_role("button", name="Save").click()
    tournament.refresh_from_db()
    assert tournament.prizes == [960, 640]  # 80% of $20.00 kept ($25.00 in, $5.00 back)
    page.get_by_role("link", name="New side pot").click()
    page.get_by_label("Buy-in per player").fill("2.00")
    page.get_by_role("button", name="Save").click()
    page.get_by_role("link", name="buy-ins").click()
    for box in page.get_by_role("checkbox").all():
        box.check()
    page.get_by_role("button", name="Record buy-ins").click()
    expect(page.get_by_text("4 buy-ins recorded")).to_be_visible()

    # The night is played; the basket is paid over the lone hands made, then the prizes.
    _played(tournament, director)
    page.get_by_role("link", name="pay out").click()
    expect(page.locator("#loner-plan")).to_contain_text("$8.00")
    page.get_by_role("button", name="Confirm and post the payouts").click()
    page.get_by_role("link", name="Prizes").click()
    for left in range(page.get_by_role("button", name="Mark paid").count(), 0, -1):
        page.get_by_role("button", name="Mark paid").first.click()
        expect(page.get_by_role("button", name="Mark paid")).to_have_count(left - 1)
    prizes = LedgerEntry.objects.filter(ledger__tournament=tournament, kind="prize")
    assert sum(p.amount_cents for p in prizes) == -1600

    # In: $25.00 of fees and $8.00 of buy-ins; out: $5.00 refunded, the $8.00 basket and
    # $16.00 of prizes. Left: $4.00, the sum of every line, as the page says.
    page.goto(reverse("money:ledger_event", args=[tournament.slug]))
    lines = LedgerEntry.objects.filter(ledger__tournament=tournament)
    assert sum(line.amount_cents for line in lines) == 2500 + 800 - 500 - 800 - 1600 == 400
    expect(page.locator("#balance")).to_have_text("$4.00")
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner  # the ledger reads on the phone without scrolling sideways
