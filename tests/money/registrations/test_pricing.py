"""The fee due at a moment: plain values in, cents out (no database)."""

import datetime

import pytest

from money.pricing import Fees, fee_due, member_price, price_now

UTC = datetime.UTC
EARLY_UNTIL = datetime.datetime(2026, 9, 1, tzinfo=UTC)
BEFORE = EARLY_UNTIL - datetime.timedelta(seconds=1)
AFTER = EARLY_UNTIL
FULL = Fees(
    fee_cents=4000,
    fee_per="team",
    early_fee_cents=3000,
    early_until=EARLY_UNTIL,
    member_fee_cents=2500,
)


def test_no_fee_means_nothing_is_due():
    assert fee_due(Fees(fee_cents=None), at=AFTER, players=2, members=2) == 0


def test_the_early_price_applies_strictly_before_its_date():
    assert price_now(FULL, BEFORE) == 3000
    assert price_now(FULL, AFTER) == 4000


def test_an_early_price_above_the_fee_never_charges_more():
    fees = Fees(fee_cents=2000, early_fee_cents=3000, early_until=EARLY_UNTIL)
    assert price_now(fees, BEFORE) == 2000


def test_a_team_pays_once_whatever_its_size():
    assert fee_due(FULL, at=AFTER, players=2) == 4000


def test_a_team_pays_the_members_price_only_when_every_player_is_a_member():
    assert fee_due(FULL, at=AFTER, players=2, members=2) == 2500
    assert fee_due(FULL, at=AFTER, players=2, members=1) == 4000


def test_per_player_each_member_pays_the_members_price():
    fees = Fees(fee_cents=1000, fee_per="player", member_fee_cents=600)
    assert fee_due(fees, at=AFTER, players=2, members=1) == 1600
    assert fee_due(fees, at=AFTER, players=1) == 1000


def test_a_member_early_pays_the_lower_of_the_two():
    fees = Fees(
        fee_cents=4000, early_fee_cents=2000, early_until=EARLY_UNTIL, member_fee_cents=2500
    )
    assert member_price(fees, BEFORE) == 2000
    assert member_price(fees, AFTER) == 2500


@pytest.mark.parametrize(("players", "members"), [(0, 0), (1, 2), (2, -1)])
def test_impossible_counts_are_refused(players, members):
    with pytest.raises(ValueError):
        fee_due(FULL, at=AFTER, players=players, members=members)
