"""The demo's sign-ups: the next season takes teams (a fee, an early price, questions, three
registrations), an upcoming progressive is full with a waitlist; both at the door. Loaded
again the same day nothing changes; another day they are set up again for that day."""

import datetime
import io
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from money import demo
from money.models import LedgerEntry, Payment, Registration, SignUp
from money.payments.selectors import kept_cents
from money.registrations.withdraw import withdraw_refusal
from tests.league.demo.loading import clock_moved_on, demo_loaded

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def out(django_db_setup, django_db_blocker) -> Iterator[str]:  # type: ignore[no-untyped-def]
    with demo_loaded(django_db_blocker) as printed:
        yield printed


def test_the_next_season_takes_teams_at_the_door_with_an_early_price(out) -> None:
    sign_up = SignUp.objects.select_related("season").get(season__league__slug="cca")
    assert sign_up.unit == "team" and sign_up.payment == "door"
    assert (sign_up.fee_cents, sign_up.early_fee_cents) == (4000, 3000)
    assert sign_up.early_until < sign_up.closes_at and sign_up.opens_at < timezone.now()
    assert sign_up.questions.count() == 2
    assert sign_up.season.starts_on > timezone.localdate()
    states = sorted(sign_up.registrations.values_list("state", flat=True))
    assert states == ["holding", "waiting_partner", "waiting_partner"]
    left_bowers = sign_up.registrations.get(team_name="Left Bowers")
    assert left_bowers.partner.user.username == "player" and left_bowers.fee_due_cents == 3000
    assert "sign-up " + sign_up.season.name in out


def test_the_upcoming_progressive_is_full_with_a_waitlist(out) -> None:
    sign_up = SignUp.objects.get(tournament__slug=demo.EVENT_SLUG)
    assert sign_up.unit == "player" and sign_up.places == demo.EVENT_PLACES
    placed = sign_up.registrations.filter(state__in=Registration.PLACED)
    assert placed.count() == demo.EVENT_PLACES
    assert placed.filter(player__user__username="player").exists()
    waiting = sign_up.registrations.filter(state="waitlisted").order_by("waitlist_position")
    assert list(waiting.values_list("waitlist_position", flat=True)) == [1, 2]
    assert "12 of 12 players, 2 on the waitlist" in out


def test_the_demo_sign_ups_are_open_on_the_public_pages(out, client) -> None:
    page = client.get(reverse("money:index")).content.decode()
    assert "Legion Hall Progressive" in page and "CCA Euchre League" in page
    event = client.get(reverse("tournaments:detail", args=[demo.EVENT_SLUG])).content.decode()
    assert "Registration is open — sign up" in event and "full: join the waitlist" in event


def test_the_demo_staff_open_their_settings(out, client) -> None:
    season = SignUp.objects.get(season__league__slug="cca").season
    client.login(username="manager", password="euchre-demo")
    url = reverse("money:season_sign_up", args=["cca", season.slug])
    assert client.get(url).status_code == 200
    client.login(username="director", password="euchre-demo")
    assert client.get(reverse("money:event_sign_up", args=[demo.EVENT_SLUG])).status_code == 200
    assert client.get(url).status_code == 403


def test_loading_again_the_same_day_changes_nothing(out) -> None:
    counts = (SignUp.objects.count(), Registration.objects.count())
    demo.load()
    assert (SignUp.objects.count(), Registration.objects.count()) == counts


def test_the_fees_paid_at_the_door_are_on_the_ledgers_and_the_player_may_withdraw(out) -> None:
    event = LedgerEntry.objects.filter(ledger__tournament__slug=demo.EVENT_SLUG)
    assert [e.amount_cents for e in event] == [1000] * demo.PAID_AT_THE_DOOR
    season = LedgerEntry.objects.filter(ledger__season__league__slug="cca")
    assert [e.amount_cents for e in season] == [3000]  # Left Bowers, at the early price
    mine = Registration.objects.get(
        sign_up__tournament__slug=demo.EVENT_SLUG, user__username="player"
    )
    assert withdraw_refusal(mine) == "" and kept_cents(mine) == 1000
    assert reverse("money:registration_detail", args=[mine.pk]) in out
    assert reverse("money:ledger_event", args=[demo.EVENT_SLUG]) in out


def test_another_day_the_sign_ups_are_set_up_again_for_it(out) -> None:
    """Paid at the door meanwhile: the payment goes with yesterday's sign-up."""
    yesterdays = [
        Payment.objects.create(
            registration=registration,
            amount_cents=1000,
            currency="USD",
            method="cash",
            state="paid",
        ).pk
        for registration in (
            Registration.objects.filter(sign_up__tournament__slug=demo.EVENT_SLUG).first(),
            Registration.objects.get(team_name="Left Bowers"),
        )
    ]
    with clock_moved_on(3):
        call_command("load_demo", stdout=io.StringIO())
        event = SignUp.objects.get(tournament__slug=demo.EVENT_SLUG).tournament
        assert event.date == timezone.localdate() + datetime.timedelta(days=demo.EVENT_DAYS_AHEAD)
        assert SignUp.objects.count() == 2
        assert not Payment.objects.filter(pk__in=yesterdays).exists()
        # Today's demo: Left Bowers and the event's first registrants paid at the door.
        assert Payment.objects.count() == 1 + demo.PAID_AT_THE_DOOR
