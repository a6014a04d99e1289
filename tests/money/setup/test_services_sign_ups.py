"""Opening and changing a sign-up: the staff of that season or event only, every rule on its
field with nothing saved, one sign-up however often the form is sent, every change logged."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from money.models import Payment, SignUp
from money.setup.rules import Terms
from money.setup.services import sign_up_create, sign_up_update
from tests.factories import (
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    director_user,
    manager_user,
)
from tests.money.factories import RegistrationFactory, SeasonSignUpFactory

pytestmark = pytest.mark.django_db


def _terms(**changes) -> Terms:
    now = timezone.now().replace(microsecond=0)
    base = {"opens_at": now, "closes_at": now + datetime.timedelta(days=10)}
    return Terms(**{**base, **changes})


def _logged(sign_up: SignUp) -> list[str]:
    return list(
        Activity.objects.filter(verb=Verb.SIGN_UP_CHANGED, object_id=sign_up.pk)
        .order_by("pk")
        .values_list("detail", flat=True)
    )


def test_a_manager_sets_up_the_season_sign_up_for_teams_and_it_is_logged() -> None:
    season = SeasonFactory()
    manager = manager_user(league=season.league)
    sign_up, created = sign_up_create(
        by=manager, season=season, terms=_terms(places=12, fee_cents=2500)
    )
    assert created and sign_up.unit == "team" and sign_up.places == 12
    assert sign_up.fee_cents == 2500 and sign_up.payment == "door"
    (detail,) = _logged(sign_up)
    assert "places 12" in detail and "fee $25.00" in detail
    activity = Activity.objects.get(object_id=sign_up.pk, verb=Verb.SIGN_UP_CHANGED)
    assert (activity.scope_kind, activity.scope_id) == ("league", season.league_id)


@pytest.mark.parametrize(
    ("fmt", "unit"),
    [("progressive", "player"), ("partner_bracket", "pair"), ("heats", "pair")],
)
def test_a_director_sets_up_the_event_sign_up_in_its_unit(fmt, unit) -> None:
    event = TournamentFactory(format=fmt)
    director = director_user(tournament=event)
    sign_up, _ = sign_up_create(by=director, tournament=event, terms=_terms(fee_per="team"))
    assert sign_up.unit == unit and sign_up.free_agents is False
    assert sign_up.fee_per == ("player" if unit == "player" else "team")
    assert sign_up.scope == ("tournament", event.pk)


def test_the_form_sent_twice_makes_one_sign_up_and_answers_with_it() -> None:
    season = SeasonFactory()
    manager = manager_user(league=season.league)
    first, created = sign_up_create(by=manager, season=season, terms=_terms(places=8))
    again, created_again = sign_up_create(by=manager, season=season, terms=_terms(places=99))
    assert created and not created_again and again.pk == first.pk
    assert SignUp.objects.get(season=season).places == 8
    assert len(_logged(first)) == 1


@pytest.mark.parametrize("who", ["other_manager", "director", "nobody"])
def test_only_the_league_s_managers_set_up_a_season(who) -> None:
    season = SeasonFactory()
    user = {
        "other_manager": lambda: manager_user(league=SeasonFactory().league),
        "director": lambda: director_user(tournament=TournamentFactory()),
        "nobody": UserFactory,
    }[who]()
    with pytest.raises(PermissionDenied):
        sign_up_create(by=user, season=season, terms=_terms())
    assert not SignUp.objects.exists()


def test_only_the_event_s_directors_set_it_up_or_change_it() -> None:
    event = TournamentFactory(format="progressive")
    other = director_user(tournament=TournamentFactory())
    manager = manager_user(league=SeasonFactory().league)
    for user in (other, manager):
        with pytest.raises(PermissionDenied):
            sign_up_create(by=user, tournament=event, terms=_terms())
    director = director_user(tournament=event)
    sign_up, _ = sign_up_create(by=director, tournament=event, terms=_terms())
    with pytest.raises(PermissionDenied):
        sign_up_update(sign_up=sign_up, by=other, terms=_terms(places=3))
    sign_up.refresh_from_db()
    assert sign_up.places is None


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"fee_cents": 0}, "fee_cents", "A fee must be more than $0.00 — leave it empty"),
        ({"fee_cents": -100}, "fee_cents", "more than $0.00"),
        ({"closes_at": timezone.now() - datetime.timedelta(days=1)}, "closes_at", "after"),
        (
            {"fee_cents": 2000, "refund_until": timezone.now() - datetime.timedelta(days=2)},
            "refund_until",
            "A deadline before the opening",
        ),
        ({"fee_cents": 2000, "early_fee_cents": 2500}, "early_fee_cents", "below the fee"),
        ({"fee_cents": 2000, "member_fee_cents": 2000}, "member_fee_cents", "below the fee"),
        (
            {"closes_at": timezone.now() + datetime.timedelta(days=365 * 20)},
            "closes_at",
            "Pick a date between",
        ),
    ],
)
def test_bad_settings_are_refused_on_their_field_and_nothing_is_saved(changes, field, words):
    season = SeasonFactory()
    manager = manager_user(league=season.league)
    with pytest.raises(ValidationError) as caught:
        sign_up_create(by=manager, season=season, terms=_terms(**changes))
    assert any(words in m for m in caught.value.message_dict[field])
    assert not SignUp.objects.exists() and not Activity.objects.exists()


def test_a_change_is_logged_as_before_and_after_and_a_bad_one_changes_nothing() -> None:
    sign_up = SeasonSignUpFactory(fee_cents=2000)
    manager = manager_user(league=sign_up.season.league)
    terms = _terms(opens_at=sign_up.opens_at, closes_at=sign_up.closes_at, fee_cents=2500)
    changes = sign_up_update(sign_up=sign_up, by=manager, terms=terms)
    assert changes == ["fee $20.00 → $25.00"]
    assert _logged(sign_up) == ["fee $20.00 → $25.00"]
    assert sign_up_update(sign_up=sign_up, by=manager, terms=terms) == []
    with pytest.raises(ValidationError):
        sign_up_update(sign_up=sign_up, by=manager, terms=_terms(fee_cents=0))
    sign_up.refresh_from_db()
    assert sign_up.fee_cents == 2500 and len(_logged(sign_up)) == 1


def test_places_may_not_drop_below_those_taken() -> None:
    sign_up = SeasonSignUpFactory(places=10)
    for place in (1, 2, 3):
        RegistrationFactory(sign_up=sign_up, place=place)
    manager = manager_user(league=sign_up.season.league)
    base = {"opens_at": sign_up.opens_at, "closes_at": sign_up.closes_at}
    with pytest.raises(ValidationError) as caught:
        sign_up_update(sign_up=sign_up, by=manager, terms=_terms(**base, places=2))
    assert "3 places are already taken" in caught.value.message_dict["places"][0]
    sign_up_update(sign_up=sign_up, by=manager, terms=_terms(**base, places=3))
    sign_up.refresh_from_db()
    assert sign_up.places == 3


def test_a_league_takes_fees_in_one_currency() -> None:
    first = SeasonSignUpFactory(fee_cents=2000, currency="CAD")
    season = SeasonFactory(league=first.season.league)
    manager = manager_user(league=season.league)
    with pytest.raises(ValidationError) as caught:
        sign_up_create(by=manager, season=season, terms=_terms(fee_cents=2000, currency="USD"))
    assert "one currency" in caught.value.message_dict["currency"][0]
    sign_up, _ = sign_up_create(
        by=manager, season=season, terms=_terms(fee_cents=2000, currency="CAD")
    )
    assert sign_up.currency == "CAD"


def test_an_event_picks_its_own_currency_but_keeps_the_one_it_was_paid_in() -> None:
    event = TournamentFactory(format="progressive")
    director = director_user(tournament=event)
    sign_up, _ = sign_up_create(
        by=director, tournament=event, terms=_terms(fee_cents=1000, currency="EUR")
    )
    registration = RegistrationFactory(sign_up=sign_up, place=1)
    Payment.objects.create(
        registration=registration, amount_cents=1000, currency="EUR", method="cash", state="paid"
    )
    terms = _terms(
        opens_at=sign_up.opens_at, closes_at=sign_up.closes_at, fee_cents=1000, currency="GBP"
    )
    with pytest.raises(ValidationError) as caught:
        sign_up_update(sign_up=sign_up, by=director, terms=terms)
    assert "already made in EUR" in caught.value.message_dict["currency"][0]
