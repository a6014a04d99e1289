"""Setting up an event: one name on one day is one event, and slugs never collide."""

import datetime

import pytest
from django.urls import reverse

from scoring.models import RuleSet
from tests.factories import director_user
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.services import tournament_create

pytestmark = pytest.mark.django_db

DAY = datetime.date(2030, 2, 7)


def _create(name, date=DAY):
    return tournament_create(tournament=Tournament(name=name, date=date), director=director_user())


def test_an_event_gets_a_slug_from_its_name_and_year():
    assert _create("Cold Butt Open").slug == "cold-butt-open-2030"
    assert _create("Cold Butt Open", DAY + datetime.timedelta(days=7)).slug == (
        "cold-butt-open-2030-2"
    )


def test_the_same_name_on_the_same_day_is_refused_with_a_message():
    _create("Cold Butt Open")
    with pytest.raises(TournamentError, match="already an event called COLD BUTT open"):
        _create("COLD BUTT open")
    assert Tournament.objects.filter(name__iexact="cold butt open").count() == 1


def test_the_setup_page_says_so_instead_of_making_a_second_event(client):
    _create("Cold Butt Open")
    client.force_login(director_user())
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": "Cold Butt Open",
            "date": DAY.isoformat(),
            "format": "progressive",
            "rule_set": RuleSet.objects.get(slug="progressive").pk,
            "rounds": 8,
            "hands_per_round": 8,
            "seed": 0,
            "sit_out_rule": "sit_out",
            "best_of": 1,
            "stages_text": "",
        },
    )
    assert response.status_code == 200
    assert "already an event" in response.content.decode()
    assert Tournament.objects.filter(name__iexact="cold butt open").count() == 1


def test_an_event_outside_the_date_window_is_refused_with_the_window():
    for day in (datetime.date(9999, 12, 31), datetime.date(1999, 12, 31)):
        with pytest.raises(TournamentError, match="Pick a date between Sat 1 Jan 2000 and"):
            _create("Far Open", day)
    assert not Tournament.objects.exists()


def test_an_edit_may_keep_the_day_but_not_move_it_outside_the_window():
    from tournaments.services import tournament_update

    event = _create("Cold Butt Open")
    event.date = datetime.date(9999, 12, 31)
    with pytest.raises(TournamentError, match="Pick a date between"):
        tournament_update(tournament=event)
    assert Tournament.objects.get().date == DAY
