"""The site's one CSV writer: every export goes out through `csv_response`.

It lives here, at the bottom of the apps with the activity log (whose page exports), so
the league, tournaments and any other app can use it without a forbidden import.

Cells are escaped for spreadsheets: text a spreadsheet would run as a formula (starting
with =, @, a tab or a return, or + / - followed by more than a number or a phone number)
is prefixed with an apostrophe, so a team named "=HYPERLINK(...)" stays text. Numbers,
and text such as "-3" or "+1 317-555-0104", go out as they are.
"""

import csv
import re
from collections.abc import Iterable, Sequence

from django.http import HttpResponse

_FORMULA_START = ("=", "@", "\t", "\r")
_NUMBER_LIKE = re.compile(r"[+-][\d\s().,-]*")


def spreadsheet_safe(value: object) -> object:
    """The cell as written: text that could run as a formula is made plain text."""
    if not isinstance(value, str) or not value:
        return value
    if value.startswith(_FORMULA_START):
        return "'" + value
    if value[0] in "+-" and not _NUMBER_LIKE.fullmatch(value):
        return "'" + value
    return value


def csv_response(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    """A CSV download named `filename`: the header line, then one line per row."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return response
