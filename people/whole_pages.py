"""The profile and the ladder kept whole for signed-out visitors, under the same stamps as
their fragments (`people.page_cache`).

A signed-out visitor's page is everyone's: the heading, the kept fragment and the site's
frame, with nothing of the visitor in it but the CSRF token. So between two changes it is
rendered once and kept whole, and each visit costs the stamp's query and the token filled
in. A signed-in visitor's page (their name and menu; what they may see, the person or their
staff) is always rendered, around the kept fragment; a visit with a message waiting, or at
another spelling of the address, too.

Each web process keeps the last `MEMO_PAGES` pages it served in memory as well, under the
same keys: the key holds the stamp, which every visit reads from the database first, so a
change made by any process moves the key on and the copy is never read again. A copy is
kept no longer than the cache's own entry (the time it was built is kept with the page), so
names shown on it that the stamp doesn't hold (a partner's, a team's) show as soon as they
would through the cache. With the cache down the copies still answer for what they hold
and everything else is rendered on each visit.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from django.contrib import messages
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import get_template
from django.template.loader_tags import ExtendsNode, IncludeNode
from django.utils.safestring import mark_safe

# Where the viewer's CSRF token goes in a page kept whole: raw markup, which no escaped text
# on the page (a name, a title) can spell, so only the token's own places are filled in.
TOKEN_MARK = mark_safe("<csrf-token>")  # noqa: S308  (a constant of ours)
MEMO_PAGES = 64  # pages a process keeps in memory (13-80 KB each)

_memo: OrderedDict[str, tuple[float, str]] = OrderedDict()  # key -> (good until, page)
clock: Callable[[], float] = time.time  # wall time: another process's clock reads the same
_memo_lock = threading.Lock()


def signed_out_visit(request: HttpRequest, path: str) -> bool:
    """Whether this visit may be served a page kept whole: signed out, at the page's own
    address (`path`: its sign-in link names it), and no message waiting (a kept page would
    neither show it nor use it up)."""
    if getattr(request.user, "is_authenticated", True) or request.path != path:
        return False
    return not len(messages.get_messages(request))


@functools.cache
def chrome_digest(name: str) -> str:
    """A digest of the template `name`, every template it extends or includes by name, and
    the static files' manifest: what a kept page is made of besides its data. Read once per
    process, so a deploy that changes the site's frame (a menu link, a stylesheet) keys
    every kept page afresh without anyone remembering to move a version on."""
    sources, todo, seen = [getattr(staticfiles_storage, "manifest_hash", "")], [name], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        template = get_template(current).template
        sources.append(template.source)
        for node in template.nodelist.get_nodes_by_type((ExtendsNode, IncludeNode)):
            named = node.parent_name if isinstance(node, ExtendsNode) else node.template
            if isinstance(getattr(named, "var", None), str):  # a name, not a variable
                todo.append(named.var)
    return hashlib.blake2b(repr(sources).encode(), digest_size=8).hexdigest()


def _remembered(key: str, now: float) -> str | None:
    with _memo_lock:
        found = _memo.get(key)
        if found is None or found[0] <= now:
            return None
        _memo.move_to_end(key)
        return found[1]


def _remember(key: str, until: float, page: str) -> None:
    with _memo_lock:
        _memo[key] = (until, page)
        _memo.move_to_end(key)
        while len(_memo) > MEMO_PAGES:
            _memo.popitem(last=False)


def memo_clear() -> None:
    """Forget every page this process keeps in memory (tests: one test's pages)."""
    with _memo_lock:
        _memo.clear()


def kept_page(
    request: HttpRequest, key: str, render: Callable[[dict], str], *, seconds: int
) -> str:
    """The page under `key` (which holds everything a signed-out visitor's page is built
    from), rendered once by `render(extra)` with `extra` in its context, with this visitor's
    own CSRF token filled in."""
    now = clock()
    page = _remembered(key, now)
    if page is None:
        kept = cache.get(key)
        if isinstance(kept, tuple) and len(kept) == 2:
            built_at, page = kept
        else:
            built_at, page = now, str(render({"csrf_token": TOKEN_MARK}))
            cache.set(key, (built_at, page), timeout=seconds)
        _remember(key, built_at + seconds, page)
    return page.replace(TOKEN_MARK, get_token(request))
