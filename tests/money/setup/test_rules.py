"""The sign-up's rules, without the database: each bad setting answers on its own field."""

import datetime

import pytest

from money.setup.rules import Facts, Terms, normalized, terms_problems, unit_for

UTC = datetime.UTC
OPENS = datetime.datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
CLOSES = OPENS + datetime.timedelta(days=14)
SEASON = Facts(unit="team", for_season=True)
EVENT = Facts(unit="player", for_season=False)


def _terms(**changes) -> Terms:
    return Terms(**{"opens_at": OPENS, "closes_at": CLOSES, **changes})


def test_good_settings_have_no_problems() -> None:
    terms = _terms(
        places=16,
        fee_cents=2500,
        early_fee_cents=2000,
        early_until=OPENS + datetime.timedelta(days=3),
        member_fee_cents=1500,
        payment="card",
        pay_to_hold=True,
        refund_until=CLOSES,
    )
    assert terms_problems(terms, SEASON) == {}


def test_what_it_is_for_fixes_the_unit() -> None:
    assert unit_for(for_season=True) == "team"
    assert unit_for(for_season=False, event_format="progressive") == "player"
    for fmt in ("partner_bracket", "double_elimination", "heats"):
        assert unit_for(for_season=False, event_format=fmt) == "pair"


def test_players_pay_per_player_and_events_take_no_free_agents() -> None:
    terms = normalized(_terms(fee_per="team", free_agents=True), EVENT)
    assert terms.fee_per == "player" and terms.free_agents is False


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"closes_at": OPENS}, "closes_at", "after the opening"),
        ({"closes_at": OPENS - datetime.timedelta(hours=1)}, "closes_at", "after the opening"),
        ({"fee_cents": 0}, "fee_cents", "A fee must be more than $0.00 — leave it empty"),
        ({"fee_cents": -500}, "fee_cents", "more than $0.00"),
        ({"fee_cents": 1_000_001}, "fee_cents", "typo"),
        ({"places": 0}, "places", "between 1 and 1000"),
        ({"early_fee_cents": 1000}, "early_fee_cents", "Set the fee first"),
        (
            {"fee_cents": 2000, "early_fee_cents": 2000, "early_until": CLOSES},
            "early_fee_cents",
            "below the fee ($20.00)",
        ),
        ({"fee_cents": 2000, "early_fee_cents": 1500}, "early_until", "until when"),
        (
            {"fee_cents": 2000, "early_fee_cents": 1500, "early_until": CLOSES},
            "early_until",
            "before the closing",
        ),
        (
            {"fee_cents": 2000, "early_fee_cents": 1500, "early_until": OPENS},
            "early_until",
            "after the opening",
        ),
        ({"fee_cents": 2000, "early_until": CLOSES}, "early_fee_cents", "Give the early price"),
        ({"fee_cents": 2000, "member_fee_cents": 2500}, "member_fee_cents", "below the fee"),
        ({"fee_cents": 2000, "member_fee_cents": 0}, "member_fee_cents", "more than $0.00"),
        ({"payment": "card"}, "payment", "nothing to pay by card"),
        ({"payment": "cheque"}, "payment", "door or pay by card"),
        ({"pay_to_hold": True}, "pay_to_hold", "nothing to pay to hold"),
        (
            {"fee_cents": 2000, "refund_until": OPENS - datetime.timedelta(days=1)},
            "refund_until",
            "A deadline before the opening",
        ),
        ({"offer_hours": 0}, "offer_hours", "between 1 and"),
        ({"pay_within_hours": 10_000}, "pay_within_hours", "between 1 and"),
        ({"currency": "XYZ"}, "currency", "Pick one of"),
    ],
)
def test_each_bad_setting_is_named_on_its_field(changes, field, words) -> None:
    problems = terms_problems(_terms(**changes), SEASON)
    assert words in problems[field]


def test_fewer_places_than_are_taken_are_refused() -> None:
    facts = Facts(unit="team", for_season=True, taken=5)
    assert "5 places are already taken" in terms_problems(_terms(places=4), facts)["places"]
    assert terms_problems(_terms(places=5), facts) == {}
    assert terms_problems(_terms(places=None), facts) == {}


def test_a_held_place_beyond_the_new_last_one_is_refused() -> None:
    facts = Facts(unit="team", for_season=True, taken=4, highest=6)
    assert "Place 6 is held (4 taken in all)" in terms_problems(_terms(places=5), facts)["places"]
    assert terms_problems(_terms(places=6), facts) == {}


def test_a_league_keeps_one_currency_and_an_event_picks_its_own() -> None:
    season = Facts(unit="team", for_season=True, league_currency="CAD")
    assert "one currency" in terms_problems(_terms(currency="USD"), season)["currency"]
    assert terms_problems(_terms(currency="CAD"), season) == {}
    event = Facts(unit="pair", for_season=False, league_currency="CAD")
    assert terms_problems(_terms(currency="EUR"), event) == {}


def test_payments_made_keep_their_currency() -> None:
    facts = Facts(unit="pair", for_season=False, paid_currency="USD")
    assert "already made in USD" in terms_problems(_terms(currency="GBP"), facts)["currency"]


def test_an_event_has_no_members_price() -> None:
    terms = _terms(fee_cents=2000, member_fee_cents=1000)
    assert "league's seasons" in terms_problems(terms, EVENT)["member_fee_cents"]


def test_the_euro_shows_in_its_own_sign() -> None:
    assert "€0.00" in terms_problems(_terms(fee_cents=0, currency="EUR"), SEASON)["fee_cents"]
