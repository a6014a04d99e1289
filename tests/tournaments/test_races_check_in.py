"""Self check-in tapped twice at once (a double tap, or two phones for one name), as real
concurrent requests on PostgreSQL: one check-in, the other told it is done."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.concurrency import at_once
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Seat, Tournament
from tournaments.services.check_in import check_in_token, entry_self_check_in

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _post(url: str, name: str):
    def run():
        response = Client().post(url, {"name": name})
        return response.status_code, response.content.decode()

    return run


def test_a_double_tap_checks_in_once_and_both_taps_say_checked_in():
    tournament = progressive(4, checked_in=False)
    Tournament.objects.filter(pk=tournament.pk).update(check_in_open=True)
    name = tournament.entries.order_by("number").first().player.name
    url = reverse("tournaments:self_check_in", args=[tournament.slug, check_in_token(tournament)])
    outcomes = at_once(_post(url, name), _post(url, name))
    assert [status for status, _ in outcomes] == [200, 200], outcomes
    pages = sorted("already checked in" in page for _, page in outcomes)
    assert pages == [False, True]
    assert all("checked in, " in page for _, page in outcomes)
    assert Entry.objects.filter(tournament=tournament, status="checked_in").count() == 1


def test_a_late_double_tap_redraws_the_rounds_once_and_seats_them_once():
    tournament = progressive(8, rounds=3)
    late = tournament.entries.order_by("number").last()
    Entry.objects.filter(pk=late.pk).update(status=Entry.Status.REGISTERED)
    tournament = started(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(check_in_open=True)

    def tap():
        return entry_self_check_in(tournament=tournament, name=late.player.name)

    first, second = at_once(tap, tap)
    assert not isinstance(first, Exception) and not isinstance(second, Exception), (first, second)
    assert sorted([first.already, second.already]) == [False, True]
    for number in (2, 3):
        assert Seat.objects.filter(entry=late, round__number=number).count() == 1
        assert Seat.objects.filter(round__tournament=tournament, round__number=number).count() == 8
    assert not Seat.objects.filter(entry=late, round__number=1).exists()
