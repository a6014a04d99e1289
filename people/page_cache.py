"""Keeping what the profile and the ladder build, under keys made of what they build from.

Both pages read a stamp of their data first (one query: the player's lines, choice and
rating; the series' rules and each event's results version) and keep what they render
under a key made of it, so a request between two changes reads the cache instead of
summing thousands of lines or placing every event again. A change moves the stamp on, the
next request misses and builds afresh; old entries are never read again and expire.

The cache is an optimisation (`config.cache`): while it is down every read answers "not
there", every write does nothing, and the page is simply built. Keys come only from the
stamp and from bounded, normalised parts of the address (a known sort, a page number
within `MAX_PAGE`), so an address can't fill the cache with entries of its own.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db.models import Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, QueryDict

from inputs.bounds import typed_number
from people.models import PlayerMerge

# Moved on when the kept templates change shape, so a deploy never serves an old fragment.
LAYOUT = 1
MAX_PAGE = 100  # pages past it share the last key (a 100-row page: 10,000 players)

# Moves on with every merge and every undo, anywhere (the time of the last of either): a
# merge changes who a ladder's places belong to, and the partners shown on a profile,
# without touching the player's own stamp. Merges are rare, so forgetting every kept page
# at each is cheap; the table is small, and one subquery reads it.
MERGES_AT = Subquery(
    PlayerMerge.objects.annotate(at=Coalesce("undone_at", "merged_at"))
    .order_by("-at")
    .values("at")[:1]
)


def page_key(kind: str, *parts: Any) -> str:
    """A short key for `kind` from `parts` (their repr, hashed: names and dates included)."""
    digest = hashlib.blake2b(repr((LAYOUT, *parts)).encode(), digest_size=12).hexdigest()
    return f"people:{kind}:{digest}"


# Template indentation: a hundred table rows carry more of it than of content. A run of
# blanks with a line break in it reads the same as one line break (no <pre> is kept).
_BLANKS = re.compile(r"[ \t]*\n\s*")


def kept_text(key: str, build: Callable[[], str], *, seconds: int) -> str:
    """`build()`'s HTML without its indentation, from the cache when kept there."""
    text = cache.get(key)
    if text is None:
        text = _BLANKS.sub("\n", str(build()))
        cache.set(key, text, timeout=seconds)
    return text


def kept_value[T](key: str, build: Callable[[], T], *, seconds: int) -> T:
    """`build()`'s value (never None), from the cache when kept there."""
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, timeout=seconds)
    return value


def page_asked(request: HttpRequest, *, last: int = MAX_PAGE, field: str = "page") -> int:
    """The page number the address asks for, within 1..`last` (1 when not a number)."""
    page = typed_number(request.GET.get(field), digits=9) or 1
    return max(1, min(page, last))


def sort_asked(request: HttpRequest, known: set[str], field: str = "sort") -> str:
    """The sort asked when it is one of the table's known columns (either way), else ""."""
    value = request.GET.get(field, "")
    return value if value.removeprefix("-") in known else ""


def request_with(request: HttpRequest, **params: Any) -> HttpRequest:
    """A copy of `request` whose address carries only `params` (empty ones left out): a
    table rendered with it links to the same normalised pages whatever else was asked."""
    query = QueryDict(mutable=True)
    for name, value in params.items():
        if value not in ("", None) and not (name == "page" and value == 1):
            query[name] = str(value)
    copy = HttpRequest.__new__(type(request))
    copy.__dict__ = {**request.__dict__, "GET": query}
    return copy
