"""The one CSV writer: text a spreadsheet would run is made plain; numbers and phones stay."""

import csv
import io

import pytest

from activity.exports import csv_response, spreadsheet_safe


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd", "'-2+3+cmd"),
        ("\tTab", "'\tTab"),
        ("-3", "-3"),
        ("+1 317-555-0104", "+1 317-555-0104"),
        ("Aces v Bowers", "Aces v Bowers"),
        ("", ""),
        (-3, -3),
        (None, None),
    ],
)
def test_cells_are_safe_for_spreadsheets(cell, written):
    assert spreadsheet_safe(cell) == written


def test_the_response_is_a_named_csv_download():
    response = csv_response("log.csv", ["who", "what"], iter([["=1+1", 2]]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="log.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == [["who", "what"], ["'=1+1", "2"]]
