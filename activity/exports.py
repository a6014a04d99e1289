"""The site's one CSV writer: every CSV download goes out through this module.

It lives here, at the bottom of the apps with the activity log (whose page exports), so
the league, tournaments and any other app can use it without a forbidden import.

Cells are escaped for spreadsheets: every text cell starting with =, +, -, @, a tab or a
return is prefixed with an apostrophe, so a team named "=HYPERLINK(...)" or "+1" stays
text. Only text is touched: numbers (int, float, Decimal), dates and empty cells go out as
they are, so a margin of -3 is still a number. Anything else (a model, a lazy string) is
text, judged by what it prints as. A phone number such as "+1 317-555-0104" is text and
gets the apostrophe too: the safe reading of a cell is the one a spreadsheet can't run.
"""

import csv
import datetime
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.http import HttpResponse
from django.utils.http import content_disposition_header

CONTENT_TYPE = "text/csv; charset=utf-8"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_AS_IS = (int, float, Decimal, datetime.date, datetime.time)


def spreadsheet_safe(value: object) -> object:
    """The cell as written: text that could run as a formula is made plain text."""
    if value is None or isinstance(value, _AS_IS):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_content(header: Sequence[object], rows: Iterable[Sequence[object]]) -> bytes:
    """The file itself: the header line, then one line per row, every cell made safe."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([spreadsheet_safe(cell) for cell in header])
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return out.getvalue().encode()


def csv_download(filename: str, content: bytes) -> HttpResponse:
    """A download of `content` (from `csv_content`, perhaps cached) named `filename`."""
    response = HttpResponse(content, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def csv_response(
    filename: str, header: Sequence[object], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    """A CSV download named `filename`: the header line, then one line per row."""
    return csv_download(filename, csv_content(header, rows))
