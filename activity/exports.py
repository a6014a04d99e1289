"""The site's one CSV writer, and how a big download goes out: every CSV goes through here.

It lives here, at the bottom of the apps with the activity log (whose page exports), so
the league, tournaments and any other app can use it without a forbidden import.

`cached_download` serves a file that is expensive to build and the same for everyone who
may see it (a season's calendar, its schedule or standings CSV): built once per cache key,
kept with its gzip, answered 304 to a conditional GET, compressed for clients that accept
gzip. Compression is only here, not site-wide: these files hold no secret (no CSRF token,
nothing of the session), so they give a BREACH attacker nothing to guess, while the
site's pages do.

Cells are escaped for spreadsheets: every text cell starting with =, +, -, @, a tab or a
return is prefixed with an apostrophe, so a team named "=HYPERLINK(...)" or "+1" stays
text. Only text is touched: numbers (int, float, Decimal), dates and empty cells go out as
they are, so a margin of -3 is still a number. Anything else (a model, a lazy string) is
text, judged by what it prints as. A phone number such as "+1 317-555-0104" is text and
gets the apostrophe too: the safe reading of a cell is the one a spreadsheet can't run.
"""

import csv
import datetime
import gzip
import hashlib
import io
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import content_disposition_header, http_date

CONTENT_TYPE = "text/csv; charset=utf-8"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_AS_IS = (int, float, Decimal, datetime.date, datetime.time)
# A cached download lives this long unless its key changes first (a day: keys name the
# version of what they show, so an entry is dead once the data moves on, and a day's keep
# bounds what a burst of rarely asked files can leave behind).
CACHE_SECONDS = 24 * 3600
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


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


def cached_download(
    request: HttpRequest,
    *,
    key: str,
    build: Callable[[], bytes],
    content_type: str,
    filename: str,
    last_modified: datetime.datetime | None = None,
    inline: bool = False,
    private: bool = False,
    timeout: int = CACHE_SECONDS,
    keep: bool = True,
) -> HttpResponse:
    """The file `build()` makes, built once per `key` and kept in the cache.

    `key` must name everything the file shows (a version of its data, the host in its
    links...): the ETag is made from it, so a conditional GET is answered 304 without
    touching the file. `private` files (a manager's) are not kept by shared caches. With
    `keep` off the file is built and sent but not kept (an address the cache must not hold
    an entry for, such as a search by free text).
    """
    etag = 'W/"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'
    stamp = int(last_modified.timestamp()) if last_modified is not None else None
    response = get_conditional_response(request, etag=etag, last_modified=stamp)
    if response is None:
        cache_key = "download:" + hashlib.sha256(key.encode()).hexdigest()
        stored = cache.get(cache_key) if keep else None
        if stored is None:
            content = build()
            packed = gzip.compress(content, compresslevel=6, mtime=0)
            stored = (content, packed if len(packed) < len(content) else None)
            if keep:
                cache.set(cache_key, stored, timeout=timeout)
        content, packed = stored
        zipped = packed is not None and _ACCEPTS_GZIP.search(
            request.headers.get("Accept-Encoding", "")
        )
        response = HttpResponse(packed if zipped else content, content_type=content_type)
        if zipped:
            response["Content-Encoding"] = "gzip"
        response["Content-Disposition"] = content_disposition_header(not inline, filename)
    response["ETag"] = etag
    if stamp is not None:
        response["Last-Modified"] = http_date(stamp)
    patch_vary_headers(response, ["Accept-Encoding"])
    if private:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        patch_cache_control(response, public=True, no_cache=True)
    return response
