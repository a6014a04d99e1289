"""The payments pages and actions, per role: the player sees and pays their own; the staff of
that event or league mark paid and refund; nobody else sees anything."""

import pytest
from django.test import Client
from django.urls import reverse

from money.models import Payment, Refund
from money.payments.services.card import CARD_DOWN
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    TournamentFactory,
    UserFactory,
    director_user,
    manager_user,
)
from tests.money.factories import RegistrationFactory, SeasonSignUpFactory
from tests.money.payments.conftest import FEE

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _page(registration) -> str:
    return reverse("money:registration_detail", kwargs={"pk": registration.pk})


def _pay(registration, user=None, **data):
    url = reverse("money:pay_by_card", kwargs={"pk": registration.pk})
    return _client(user or registration.user).post(url, data)


def test_the_player_sees_their_payments_and_a_pay_by_card_button(card_registration):
    page = _client(card_registration.user).get(_page(card_registration)).content.decode()
    assert 'id="pay-by-card"' in page and "$20.00" in page
    assert "Mark paid" not in page


def test_the_events_director_sees_mark_paid_and_no_card_button(card_registration, director):
    page = _client(director).get(_page(card_registration)).content.decode()
    assert "Mark paid" in page and 'name="token"' in page
    assert 'id="pay-by-card"' not in page


def test_a_door_sign_up_tells_the_player_to_pay_at_the_door(door_registration):
    page = _client(door_registration.user).get(_page(door_registration)).content.decode()
    assert "at the door" in page and 'id="pay-by-card"' not in page


@pytest.mark.parametrize("who", ["another player", "another event's director", "a league manager"])
def test_nobody_else_sees_a_registrations_payments(card_registration, who):
    user = {
        "another player": lambda: PlayerFactory(user=UserFactory()).user,
        "another event's director": lambda: director_user(tournament=TournamentFactory()),
        "a league manager": lambda: manager_user(league=LeagueFactory()),
    }[who]()
    assert _client(user).get(_page(card_registration)).status_code in (403, 404)
    assert _pay(card_registration, user).status_code == 404


def test_a_visitor_is_sent_to_sign_in(card_registration):
    response = _client().get(_page(card_registration))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_season_registration_is_the_league_managers_not_another_leagues(db):
    registration = RegistrationFactory(
        sign_up=SeasonSignUpFactory(fee_cents=FEE), fee_due_cents=FEE
    )
    own = manager_user(league=registration.sign_up.season.league)
    assert _client(own).get(_page(registration)).status_code == 200
    other = manager_user(league=LeagueFactory())
    assert _client(other).get(_page(registration)).status_code in (403, 404)


def test_pay_by_card_sends_the_player_to_the_checkout_and_back(stand_in, card_registration):
    response = _pay(card_registration)
    payment = Payment.objects.get(registration=card_registration)
    session = stand_in.sessions[payment.provider_ref]
    assert response.status_code == 302 and response["Location"] == session["url"]
    back = f"http://testserver{_page(card_registration)}?paid=1#payments-{card_registration.pk}"
    assert session["success_url"] == back
    assert session["cancel_url"].endswith(
        f"/payments/registrations/{card_registration.pk}/card/cancelled/"
    )
    stand_in.pay(payment.provider_ref)
    page = (
        _client(card_registration.user).get(f"{_page(card_registration)}?paid=1").content.decode()
    )
    assert "Paid" in page and 'id="pay-by-card"' not in page


def test_stripe_down_says_so_and_keeps_the_registration(stand_in, card_registration):
    stand_in.down = "close"
    client = _client(card_registration.user)
    url = reverse("money:pay_by_card", kwargs={"pk": card_registration.pk})
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == _page(card_registration)
    page = client.get(response["Location"]).content.decode()
    assert CARD_DOWN.replace("—", "&mdash;") in page or CARD_DOWN in page
    assert card_registration.state == type(card_registration).objects.get().state


def test_coming_back_without_paying_fails_the_checkout(stand_in, card_registration):
    _pay(card_registration)
    url = reverse("money:checkout_cancelled", kwargs={"pk": card_registration.pk})
    response = _client(card_registration.user).get(url, follow=True)
    assert "No payment was made; your registration is kept." in response.content.decode()
    assert Payment.objects.get(registration=card_registration).state == Payment.State.FAILED


def _mark(registration, user, **data):
    url = reverse("money:mark_paid", kwargs={"pk": registration.pk})
    fields = {"method": "cash", "amount": "20.00", "token": "tok", "note": "", **data}
    return _client(user).post(url, fields, follow=True)


def test_staff_mark_paid_and_a_double_tap_is_one_payment(door_registration, door_director):
    first = _mark(door_registration, door_director)
    assert "recorded; the receipt is on its way" in first.content.decode()
    second = _mark(door_registration, door_director)
    assert "already recorded" in second.content.decode()
    assert Payment.objects.filter(registration=door_registration).count() == 1


@pytest.mark.parametrize("amount", ["0", "-3", "abc", "1e309", "9" * 40, ""])
def test_an_odd_amount_is_refused_with_a_message(door_registration, door_director, amount):
    response = _mark(door_registration, door_director, amount=amount)
    assert response.status_code == 200 and "message-error" in response.content.decode()
    assert not Payment.objects.exists()


def test_more_than_due_asks_first(door_registration, door_director):
    assert "still due" in _mark(door_registration, door_director, amount="25").content.decode()
    _mark(door_registration, door_director, amount="25", more_than_due="on")
    assert Payment.objects.get().amount_cents == 2500


def test_the_player_may_not_mark_themselves_paid(door_registration):
    url = reverse("money:mark_paid", kwargs={"pk": door_registration.pk})
    response = _client(door_registration.user).post(
        url, {"amount": "20", "token": "t", "method": "cash"}
    )
    assert response.status_code == 403 and not Payment.objects.exists()


def test_next_goes_back_to_the_page_it_came_from_never_elsewhere(door_registration, door_director):
    url = reverse("money:mark_paid", kwargs={"pk": door_registration.pk})
    data = {"method": "cash", "amount": "1", "token": "t1"}
    back = _client(door_director).post(url, {**data, "next": "/money/somewhere/"})
    assert back["Location"] == "/money/somewhere/"
    away = _client(door_director).post(
        url, {**data, "token": "t2", "next": "https://evil.example/"}
    )
    assert away["Location"] == _page(door_registration)


def test_staff_refund_in_part_and_an_over_refund_is_refused(door_registration, door_director):
    _mark(door_registration, door_director)
    payment = Payment.objects.get()
    url = reverse("money:refund_payment", kwargs={"pk": payment.pk})
    page = _client(door_director).post(url, {"amount": "5", "reason": "Left early"}, follow=True)
    assert "Refunded $5.00." in page.content.decode()
    page = _client(door_director).post(url, {"amount": "15.01"}, follow=True)
    assert "You can refund at most $15.00" in page.content.decode()
    assert list(Refund.objects.values_list("amount_cents", flat=True)) == [500]
    assert _client(door_registration.user).post(url, {"amount": "1"}).status_code == 403


def test_staff_send_a_waiting_card_refund_again(stand_in, card_registration, director):
    _pay(card_registration)
    payment = Payment.objects.get()
    stand_in.pay(payment.provider_ref)
    stand_in.down = "close"
    url = reverse("money:refund_payment", kwargs={"pk": payment.pk})
    _client(director).post(url, {"amount": ""})
    refund = Refund.objects.get()
    page = _client(director).get(_page(card_registration)).content.decode()
    assert "Send again" in page
    stand_in.down = None
    again = reverse("money:refund_send_again", kwargs={"pk": refund.pk})
    assert "Refunded $20.00." in _client(director).post(again, follow=True).content.decode()
    assert _client(card_registration.user).post(again).status_code == 403


def test_the_account_page_lists_the_persons_own_payments_and_refunds(
    door_registration, door_director
):
    _mark(door_registration, door_director)
    payment = Payment.objects.get()
    url = reverse("money:refund_payment", kwargs={"pk": payment.pk})
    _client(door_director).post(url, {"amount": "5"})
    mine = _client(door_registration.user).get(reverse("account")).content.decode()
    assert f'id="my-payment-{payment.pk}"' in mine and "refund $5.00 (refunded)" in mine
    stranger = PlayerFactory(user=UserFactory()).user
    theirs = _client(stranger).get(reverse("account")).content.decode()
    assert "my-payment-" not in theirs and "My payments and refunds" in theirs


def test_the_player_sees_no_staff_names(door_registration, door_director):
    _mark(door_registration, door_director)
    page = _client(door_registration.user).get(_page(door_registration)).content.decode()
    assert door_director.get_username() not in page


def test_the_payments_block_reads_the_same_queries_however_many_payments(
    door_registration, door_director, django_assert_max_num_queries
):
    client = _client(door_director)
    _mark(door_registration, door_director, amount="1", token="q0")
    with django_assert_max_num_queries(60) as first:
        assert client.get(_page(door_registration)).status_code == 200
    baseline = len(first.captured_queries)
    assert baseline > 0
    for n in range(1, 6):
        _mark(door_registration, door_director, amount="1", token=f"q{n}")
        url = reverse("money:refund_payment", kwargs={"pk": Payment.objects.last().pk})
        client.post(url, {"amount": "0.50"})
    with django_assert_max_num_queries(baseline):
        assert client.get(_page(door_registration)).status_code == 200
