from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from people.forms_series import parse_points
from people.tables_series import points_number, points_text


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(7), "7"),
        (Fraction(15, 2), "7½"),
        (Fraction(1, 3), "⅓"),
        (Fraction(29, 4), "7¼"),
        (Fraction(13, 6), "2.17"),
        (None, ""),
    ],
)
def test_points_show_halves_and_thirds_as_fractions(value, shown):
    assert points_text(value) == shown


def test_points_go_to_a_spreadsheet_as_numbers():
    assert points_number(Fraction(9)) == 9 and isinstance(points_number(Fraction(9)), int)
    assert points_number(Fraction(1, 3)) == 0.3333
    assert points_number(None) is None


def test_a_points_table_is_read_from_commas_or_spaces():
    assert parse_points("10, 8,6 5") == [10, 8, 6, 5]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10, -1", "can't be negative"),
        ("10, x", "whole numbers"),
        ("１０", "whole numbers"),
        (" ", "1st place"),
        (", ".join(["1"] * 101), "at most 100"),
        ("99999", "10000 at most"),
    ],
)
def test_a_bad_points_table_says_what_is_wrong(text, message):
    with pytest.raises(ValidationError, match=message):
        parse_points(text)
