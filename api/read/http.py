"""What every read endpoint shares: the page bounds, who is asking, and the answer itself —
a JSON body with a weak ETag, a 304 to a client that has it, and the pages' Cache-Control.

The ETag comes from a version of the data read *before* the data (a season's versions,
an event's results count, a profile's stamp), so a client asking again with
`If-None-Match` is answered 304 without the body being built; the body is then kept in the
cache under the same key. Where the data has no version (the list of leagues, of events)
the ETag is a hash of the body. Keys are made by the endpoints from validated parameters
only (ids, slugs, bounded numbers), never from the raw query string.

Every read router takes `READ_THROTTLE`: a call made with a token counts against that
token's limit per minute, as a write does; an anonymous or signed-in browser's is not counted.
"""

import hashlib
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from ninja import Query
from ninja.errors import AuthenticationError
from pydantic import BaseModel

from api.auth import TokenAuth, TokenThrottle, auth_token

# Bump when a schema's fields change: the ETags and kept bodies of the old shape go.
SHAPE = 1
PAGE_MAX = 200  # the most items a page holds; asking more is a 422 saying so
PAGE_DEFAULT = 50
OFFSET_MAX = 1_000_000  # far past any list, and inside every database's integers
CACHE_SECONDS = 24 * 3600  # the keys name a version: a day bounds the leftovers
JSON = "application/json"

LIMIT = Query(PAGE_DEFAULT, ge=1, le=PAGE_MAX, description=f"Items per page, at most {PAGE_MAX}.")
OFFSET = Query(0, ge=0, le=OFFSET_MAX, description="Items to skip.")
SLUG = r"^[-a-zA-Z0-9_]+$"  # what a slug may hold (anything else names nothing)
ID_MAX = 2**31 - 1  # an id past every row (and every database's integer)


def viewer(request: HttpRequest) -> Any:
    """Who is asking a public endpoint: a token's owner when one is sent (a bad token is a
    401), else the session's user (anonymous included). What they may see follows the
    pages: a team's own players see its roster, a person their whole profile."""
    if request.headers.get("Authorization") and auth_token(request) is None:
        TokenAuth()(request)  # sets request.user to the token's owner
    return request.user


class ReadThrottle(TokenThrottle):
    """A token's reads count against its limit as its writes do; anonymous and session
    reads are not counted.

    The public reads take no `auth=` (ninja would refuse a caller without one), so nothing
    has looked at the token yet when ninja asks the throttles: it is found here, once
    (`viewer` then uses it). A token that isn't valid is not counted: it is no token's
    call, and `viewer` answers it with its 401 where the answer depends on who asks."""

    def allow_request(self, request: HttpRequest) -> bool:
        # `auth_token` is set (a token, or None for a session) once an `auth=` has run.
        if request.headers.get("Authorization") and not hasattr(request, "auth_token"):
            try:
                TokenAuth()(request)
            except AuthenticationError:
                return True
        return super().allow_request(request)


# One for every read router (`Router(throttle=READ_THROTTLE)`).
READ_THROTTLE = ReadThrottle()


def etag_for(key: str) -> str:
    return 'W/"' + hashlib.sha256(f"{SHAPE}:{key}".encode()).hexdigest()[:32] + '"'


def answer(
    request: HttpRequest,
    build: Callable[[], BaseModel],
    *,
    key: str | None = None,
    private: bool = False,
) -> HttpResponse:
    """The body `build()` makes as JSON, with its ETag, or a 304 when the client has it.

    `key` names the data's version and everything else the body depends on (the viewer's
    class when it shows more to some): the ETag is made from it and the body is kept under
    it. Without a key the body is built every time and the ETag is its hash. `private`
    answers (staff's) are not kept by shared caches, as the pages' staff files.
    """
    if key is not None:
        etag = etag_for(key)
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return _headers(not_modified, etag, private)
        cache_key = "api:read:" + etag.strip('W/"')
        body = cache.get(cache_key)
        if body is None:
            body = build().model_dump_json().encode()
            cache.set(cache_key, body, timeout=CACHE_SECONDS)
    else:
        body = build().model_dump_json().encode()
        etag = etag_for(hashlib.sha256(body).hexdigest())
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return _headers(not_modified, etag, private)
    return _headers(HttpResponse(body, content_type=JSON), etag, private)


def _headers(response: HttpResponse, etag: str, private: bool) -> HttpResponse:
    response["ETag"] = etag
    # As the pages' files: any cache may keep a public answer but must ask again (the ETag
    # makes that cheap); a staff answer is kept by the browser only.
    if private:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        patch_cache_control(response, public=True, no_cache=True)
    # Some answers show more to some viewers (a roster to its team, a profile to its
    # person): who is asking is part of every answer.
    patch_vary_headers(response, ["Authorization", "Cookie"])
    return response


def window(limit: int, offset: int) -> slice:
    return slice(offset, offset + limit)
