"""The ledger's arithmetic: the balance is the sum of the lines and of the totals."""

from hypothesis import given
from hypothesis import strategies as st

from money.ledger.sums import Amount, running_balances, sums

SIGNS = {
    "fee": 1,
    "refund": -1,
    "buy_in": 1,
    "pot_payout": -1,
    "prize": -1,
    "income": 1,
    "expense": -1,
}

lines = st.lists(
    st.builds(
        lambda kind, cents, pot, corrected: Amount(
            kind, SIGNS[kind] * cents * (-1 if corrected else 1), pot
        ),
        st.sampled_from(sorted(SIGNS)),
        st.integers(1, 1_000_000),
        st.sampled_from([None, 1, 2]),
        st.booleans(),
    ),
    max_size=60,
)


@given(lines)
def test_the_balance_is_the_sum_of_the_lines_and_of_the_totals(amounts: list[Amount]) -> None:
    total = sums(amounts)
    assert total.balance == sum(a.cents for a in amounts)
    assert total.balance == sum(total.by_kind.values())
    assert total.balance == (
        total.fees_paid
        - total.refunded
        + total.bought_in
        - total.pots_paid_out
        - total.prizes_paid
        + total.other_in
        - total.other_out
    )
    balances = running_balances(a.cents for a in amounts)
    assert (balances[-1] if balances else 0) == total.balance


def test_a_pot_knows_what_came_in_went_out_and_is_left() -> None:
    total = sums(
        [
            Amount("buy_in", 200, 1),
            Amount("buy_in", 200, 1),
            Amount("pot_payout", -300, 1),
            Amount("buy_in", -200, 1),
        ]
    )
    pot = total.pots[1]
    assert (pot.bought_in, pot.paid_out, pot.left) == (200, 300, -100)
