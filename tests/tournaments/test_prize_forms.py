"""The setup form's flights: one a line (name, size, prizes), checked with clear messages."""

import pytest
from django import forms

from scoring.models import RuleSet
from tests.tournaments.factories import progressive, started
from tests.tournaments.flight_helpers import ABC
from tournaments.errors import TournamentError
from tournaments.forms import TournamentForm
from tournaments.prize_forms import format_flights, parse_flights
from tournaments.services.setup import tournament_update

pytestmark = pytest.mark.django_db


def _data(**overrides):
    data = {
        "name": "Flighted Progressive",
        "date": "2026-04-11",
        "format": "progressive",
        "rule_set": RuleSet.objects.get(slug="progressive").pk,
        "rounds": 8,
        "hands_per_round": 8,
        "seed": 3,
        "sit_out_rule": "sit_out",
        "best_of": 1,
        "prize_text": "",
        "flight_basis": "rating",
        "flights_text": "A: 8: 100, 60\nB: 8: 50\nC: rest: 30.50",
    }
    data.update(overrides)
    return data


def test_flights_are_read_one_a_line_and_the_last_takes_the_rest():
    assert parse_flights("A: 8: 100, 60\nB | 4 |\nC:rest:30.50") == [
        {"name": "A", "size": 8, "prizes": [10000, 6000]},
        {"name": "B", "size": 4, "prizes": []},
        {"name": "C", "size": None, "prizes": [3050]},
    ]
    assert parse_flights("") == []


def test_flights_shown_again_read_back_the_same():
    assert parse_flights(format_flights(ABC)) == ABC


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A: 0: 10\nB: rest: 5", "Flight A: its size is how many entries it takes, 1 to 9999."),
        ("A: -3: 10\nB: rest: 5", "Flight A: its size is how many entries it takes"),
        ("A: ²: 10\nB: rest", "Flight A: its size is how many entries it takes"),
        ("A: rest: 10\nB: rest", "Flight A: its size is how many entries it takes"),
        ("A: 8: -5\nB: rest", "Flight A: '-5' must be between 0 and 1,000,000."),
        ("A: 8: ten\nB: rest", "Flight A: 'ten' is not an amount of money."),
        ("A: 8\na: rest", "Each flight needs its own name."),
        ("A: 8: 1: 2\nB: rest", "Line 1: write the flight's name, size and prizes"),
        (": 8\nB: rest", "Line 1: a flight's name is 1 to 12 characters."),
        ("A: 8", "One flight is the whole field"),
        ("\n".join(f"F{n}: 1" for n in range(7)), "At most 6 flights, one a line."),
    ],
)
def test_flights_that_make_no_sense_are_refused_with_a_clear_message(text, message):
    with pytest.raises(forms.ValidationError) as caught:
        parse_flights(text)
    assert message in caught.value.messages[0]


def test_the_setup_form_saves_the_flights_in_cents():
    form = TournamentForm(_data())
    assert form.is_valid(), form.errors
    tournament = form.save()
    assert tournament.flight_basis == "rating"
    assert [f["size"] for f in tournament.flights] == [8, 8, None]
    assert tournament.flights[2]["prizes"] == [3050]


def test_flights_need_a_basis_and_a_basis_needs_flights():
    form = TournamentForm(_data(flight_basis=""))
    assert not form.is_valid()
    assert "Choose how entries are put into the flights." in form.errors["flight_basis"]
    form = TournamentForm(_data(flights_text=""))
    assert not form.is_valid()
    assert "Give the flights (two or more)" in form.errors["flights_text"][0]


def test_no_flights_is_the_default_and_saves_none():
    form = TournamentForm(_data(flight_basis="", flights_text=""))
    assert form.is_valid(), form.errors
    tournament = form.save()
    assert (tournament.flight_basis, tournament.flights, tournament.seeding) == (
        "",
        [],
        "registration",
    )


def test_once_started_the_flights_are_shown_but_not_changed():
    tournament = started(progressive(8, flight_basis="rating", flights=ABC))
    data = _data(name=tournament.name, flights_text="X: 1\nY: rest", flight_basis="ladder")
    form = TournamentForm(data, instance=tournament)
    assert form.fields["flights_text"].disabled and form.fields["flight_basis"].disabled
    assert form.is_valid(), form.errors
    saved = form.save()
    assert (saved.flight_basis, saved.flights) == ("rating", ABC)


def test_the_service_refuses_changed_flights_after_the_start():
    tournament = started(progressive(8, flight_basis="rating", flights=ABC))
    tournament.flights = ABC[:2]
    with pytest.raises(TournamentError, match="fixed once the event has started"):
        tournament_update(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.flights == ABC
