"""The setup forms parse what is typed ("25.00", a moment in the league's time zone) and
leave the rules to the services; what a sign-up is for decides which fields it shows."""

import pytest
from django.utils import timezone

from money.setup.forms import QuestionForm, SignUpForm, initial_from
from money.setup.rules import Terms

BASE = {
    "opens_at": "2027-01-05T19:00",
    "closes_at": "2027-01-20T19:00",
    "offer_hours": "48",
    "currency": "USD",
    "payment": "door",
    "pay_within_hours": "72",
    "fee_per": "team",
}


def _form(unit="team", for_season=True, **data) -> SignUpForm:  # type: ignore[no-untyped-def]
    return SignUpForm({**BASE, **data}, unit=unit, for_season=for_season)


@pytest.mark.parametrize(("typed", "cents"), [("25.00", 2500), ("$12.5", 1250), ("7", 700)])
def test_amounts_are_typed_in_dollars_and_cents(typed, cents) -> None:
    form = _form(fee_cents=typed)
    assert form.is_valid(), form.errors
    assert form.terms().fee_cents == cents


@pytest.mark.parametrize("typed", ["abc", "1e309", "12.345", "²", "9" * 13])
def test_what_is_not_an_amount_is_refused_on_its_field(typed) -> None:
    form = _form(early_fee_cents=typed)
    assert not form.is_valid() and "early_fee_cents" in form.errors


def test_an_empty_fee_is_no_fee_and_a_negative_one_is_left_to_the_rules() -> None:
    form = _form(fee_cents="")
    assert form.is_valid() and form.terms().fee_cents is None
    form = _form(fee_cents="-5")
    assert form.is_valid() and form.terms().fee_cents == -500


def test_moments_are_read_in_the_league_s_time_zone() -> None:
    form = _form()
    assert form.is_valid(), form.errors
    opens = timezone.localtime(form.terms().opens_at)
    assert (opens.year, opens.hour, opens.minute) == (2027, 19, 0)
    assert "time zone" in form.fields["opens_at"].help_text


def test_a_far_date_is_refused() -> None:
    form = _form(closes_at="9999-12-31T23:59")
    assert not form.is_valid() and "closes_at" in form.errors


def test_an_event_of_players_shows_no_free_agents_members_price_or_fee_per() -> None:
    form = _form(unit="player", for_season=False, free_agents="on", member_fee_cents="5")
    assert not {"free_agents", "member_fee_cents", "fee_per"} & set(form.fields)
    assert form.is_valid(), form.errors
    terms = form.terms()
    assert terms.free_agents is False and terms.member_fee_cents is None
    assert terms.fee_per == "player"


def test_pairs_pay_per_pair_or_per_player() -> None:
    form = _form(unit="pair", for_season=False)
    assert [label for _, label in form.fields["fee_per"].choices] == ["Per pair", "Per player"]


def test_saved_amounts_show_as_typed() -> None:
    terms = Terms(opens_at=timezone.now(), closes_at=timezone.now(), fee_cents=2505)
    assert initial_from(terms)["fee_cents"] == "25.05"
    assert initial_from(terms)["early_fee_cents"] == ""


def test_a_choice_s_options_come_one_per_line() -> None:
    form = QuestionForm({"text": "Size?", "kind": "choice", "choices": "S\r\nM\n\nL"})
    assert form.is_valid() and form.options() == ["S", "M", "L"]
