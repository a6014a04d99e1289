"""The one CSV writer: every text cell a spreadsheet would run is made plain; numbers stay."""

import csv
import datetime
import io
from decimal import Decimal

import pytest

from activity.exports import csv_content, csv_download, csv_response, spreadsheet_safe


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd", "'-2+3+cmd"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("+1", "'+1"),
        ("-3", "'-3"),
        ("+1 317-555-0104", "'+1 317-555-0104"),
        ("Aces v Bowers", "Aces v Bowers"),
        ("A=B", "A=B"),
        ("", ""),
        (-3, -3),
        (-0.5, -0.5),
        (Decimal("-1.25"), Decimal("-1.25")),
        (datetime.date(2026, 3, 3), datetime.date(2026, 3, 3)),
        (None, None),
    ],
)
def test_text_cells_are_safe_for_spreadsheets_and_numbers_stay_numbers(cell, written):
    assert spreadsheet_safe(cell) == written


def test_a_cell_that_is_not_text_yet_is_judged_by_what_it_prints():
    class Team:
        def __str__(self) -> str:
            return "=HYPERLINK(1)"

    assert spreadsheet_safe(Team()) == "'=HYPERLINK(1)"


def test_the_response_is_a_named_csv_download():
    response = csv_response("log.csv", ["who", "what"], iter([["=1+1", 2], ["+1", -3]]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="log.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == [["who", "what"], ["'=1+1", "2"], ["'+1", "-3"]]


def test_a_file_made_earlier_goes_out_as_the_same_download():
    content = csv_content(["team"], [["@A"]])
    response = csv_download("standings.csv", content)
    assert response.content == b"team\r\n'@A\r\n"
    assert response["Content-Disposition"] == 'attachment; filename="standings.csv"'
