import pytest

from money.amounts import cents_text, parse_cents


def test_cents_read_as_dollars_and_cents():
    assert cents_text(1250) == "$12.50"
    assert cents_text(5) == "$0.05"
    assert cents_text(123456789, "EUR") == "€1,234,567.89"


def test_money_out_reads_with_a_minus_sign():
    assert cents_text(-500) == "−$5.00"


@pytest.mark.parametrize(
    "text,cents", [("12.50", 1250), ("$12.5", 1250), ("12", 1200), ("1,000", 100000), ("-3", -300)]
)
def test_typed_amounts_become_cents(text, cents):
    assert parse_cents(text) == cents


@pytest.mark.parametrize("text", ["", "abc", "12.505", "NaN", "Infinity", "1e400"])
def test_anything_else_is_refused_with_a_message(text):
    with pytest.raises(ValueError, match="amount"):
        parse_cents(text)


def test_money_out_on_a_ledger_line_reads_as_the_sum_paid():
    from money.templatetags.money import cents, cents_out

    assert cents_out(-960) == "$9.60" and cents(-960) == "−$9.60" and cents_out(None) == ""
