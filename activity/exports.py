"""The site's one CSV writer, and how a big download goes out: every CSV goes through here.

It lives here, at the bottom of the apps with the activity log (whose page exports), so
the league, tournaments and any other app can use it without a forbidden import.

`cached_download` serves a file that is expensive to build and the same for everyone who
may see it (a season's calendar, its schedule or standings CSV): built once per cache key,
kept with its gzip, answered 304 to a conditional GET, compressed for clients that accept
gzip. Compression is only here, not site-wide: these files hold no secret (no CSRF token,
nothing of the session), so they give a BREACH attacker nothing to guess, while the
site's pages do.

The cache stays the one place a download is kept; each process holds a copy of the
biggest ones it served lately besides (`_held`, up to `HELD_BYTES`), each under a token
kept in the cache beside the file. A request then reads only that small token: when it is
the copy's, the copy goes out, and a season's calendar (1.5 MB, and its gzip) is not
fetched from the cache and unpickled again on every poll. An entry gone from the cache
(expired, cleared, a cache outage) has no token, so its copy is never served.

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
import secrets
import threading
from collections import OrderedDict
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
# The copies a process holds of downloads it served (see the module): files at least
# HELD_MIN_BYTES long (smaller ones cost little to fetch), HELD_BYTES of them at most.
HELD_MIN_BYTES = 64 * 1024
HELD_BYTES = 32 * 1024 * 1024
Stored = tuple[bytes, bytes | None]  # the file, and its gzip when that is smaller


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
    keep: bool | Callable[[], bool] = True,
) -> HttpResponse:
    """The file `build()` makes, built once per `key` and kept in the cache.

    `key` must name everything the file shows (a version of its data, the host in its
    links...): the ETag is made from it, so a conditional GET is answered 304 without
    touching the file. `private` files (a manager's) are not kept by shared caches. With
    `keep` off the file is built and sent but not kept (an address the cache must not hold
    an entry for, such as a search by free text). A callable `keep` is asked only when the
    file isn't kept already: a file is kept only under a key it said yes for.
    """
    etag = 'W/"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'
    stamp = int(last_modified.timestamp()) if last_modified is not None else None
    response = get_conditional_response(request, etag=etag, last_modified=stamp)
    if response is None:
        cache_key = "download:" + hashlib.sha256(key.encode()).hexdigest()
        stored = _kept(cache_key, timeout) if keep else None
        if stored is None:
            content = build()
            packed = gzip.compress(content, compresslevel=6, mtime=0)
            stored = (content, packed if len(packed) < len(content) else None)
            if keep() if callable(keep) else keep:
                _keep(cache_key, stored, timeout)
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


class _Held:
    """The copies this process holds, least recently served first, with their tokens."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.copies: OrderedDict[str, tuple[str, Stored]] = OrderedDict()
        self.size = 0

    def get(self, cache_key: str, token: str) -> Stored | None:
        with self.lock:
            held = self.copies.get(cache_key)
            if held is None or held[0] != token:
                return None
            self.copies.move_to_end(cache_key)
            return held[1]

    def put(self, cache_key: str, token: str, stored: Stored) -> None:
        size = _size(stored)
        if size < HELD_MIN_BYTES or size > HELD_BYTES:
            return
        with self.lock:
            old = self.copies.pop(cache_key, None)
            self.size -= _size(old[1]) if old else 0
            self.copies[cache_key] = (token, stored)
            self.size += size
            while self.size > HELD_BYTES:
                _, (_, dropped) = self.copies.popitem(last=False)
                self.size -= _size(dropped)


def _size(stored: Stored) -> int:
    return len(stored[0]) + len(stored[1] or b"")


_held = _Held()


def _token_key(cache_key: str) -> str:
    return "token:" + cache_key


def _kept(cache_key: str, timeout: int) -> Stored | None:
    """The file kept under `cache_key`: this process's copy while the cache's token is
    its own (one small read), else the cache's file (then held, with a token)."""
    token = cache.get(_token_key(cache_key))
    if token is not None:
        stored = _held.get(cache_key, token)
        if stored is not None:
            return stored
    stored = cache.get(cache_key)
    if stored is not None:
        if token is None:  # kept before tokens were, or the token expired first
            token = secrets.token_hex(8)
            cache.set(_token_key(cache_key), token, timeout=timeout)
        _held.put(cache_key, token, stored)
    return stored


def _keep(cache_key: str, stored: Stored, timeout: int) -> None:
    token = secrets.token_hex(8)
    cache.set_many({cache_key: stored, _token_key(cache_key): token}, timeout=timeout)
    _held.put(cache_key, token, stored)
