"""Two people at once, as real concurrent requests on PostgreSQL: the sign-up's lock and
the unique constraints decide, and the loser is told where they stand."""

import pytest
from django.test import Client
from django.urls import reverse

from money.models import Registration
from money.registrations.flows import Submission, registration_submit
from money.registrations.offers import offers_expire
from tests.concurrency import at_once
from tests.money.registrations.helpers import event_sign_up, person

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]
State = Registration.State


def _post(user, url, data):
    def call():
        client = Client()
        client.force_login(user)
        response = client.post(url, data, follow=True)
        return response.content.decode()

    return call


def test_two_people_racing_for_the_last_place_one_gets_it_the_other_is_first_in_line():
    sign_up = event_sign_up(places=2)
    registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    (one, _), (two, _) = person(), person()
    url = reverse("money:register", args=[sign_up.pk])
    pages = at_once(_post(one, url, {}), _post(two, url, {}))
    states = sorted(
        Registration.objects.filter(sign_up=sign_up)
        .exclude(place=1)
        .values_list("state", flat=True)
    )
    assert states == [State.HOLDING, State.WAITLISTED]
    assert Registration.objects.filter(sign_up=sign_up, place=2).count() == 1
    assert sum("You hold place 2." in page for page in pages) == 1
    assert sum("You are number 1 on the waitlist." in page for page in pages) == 1


def test_a_double_tap_makes_one_registration():
    sign_up = event_sign_up(places=5)
    user, _ = person()
    url = reverse("money:register", args=[sign_up.pk])
    at_once(_post(user, url, {}), _post(user, url, {}))
    assert Registration.objects.filter(sign_up=sign_up).count() == 1


def test_two_workers_passing_on_the_same_offers_pass_each_on_once():
    import datetime

    from django.utils import timezone

    sign_up = event_sign_up(places=1)
    holder, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    for _ in range(3):
        registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    from money.registrations.withdraw import registration_withdraw

    sign_up.tournament.date = timezone.localdate() + datetime.timedelta(days=3)
    sign_up.tournament.save(update_fields=["date"])
    registration_withdraw(registration=holder, by=holder.user)
    Registration.objects.filter(state=State.OFFERED).update(
        offer_expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    counts = at_once(offers_expire, offers_expire)
    assert sorted(counts) == [0, 1]
    assert Registration.objects.filter(sign_up=sign_up, state=State.LAPSED).count() == 1
    assert Registration.objects.filter(sign_up=sign_up, state=State.OFFERED).count() == 1
