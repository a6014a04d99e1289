"""Small helpers the league views share (CSV goes out through the one shared writer)."""

import re
from typing import NamedTuple
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString

from activity.exports import csv_response


def report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def linked(text: str, phrase: str, url: str) -> SafeString:
    """`text`, escaped, with the first `phrase` in it (a whole word or words) a link to
    `url`: a refusal that says "add one on the setup page" takes the manager there."""
    found = re.search(rf"\b{re.escape(phrase)}\b", str(text))
    if found is None:
        return SafeString(conditional_escape(text))
    before, after = str(text)[: found.start()], str(text)[found.end() :]
    return format_html('{}<a href="{}">{}</a>{}', before, url, phrase, after)


def site_address(request: HttpRequest) -> str:
    """Where the site is reached (host and any port): SITE_URL's, else this request's."""
    return urlsplit(settings.SITE_URL).netloc or request.get_host()


def site_host(request: HttpRequest) -> str:
    """The site's host name without a port, e.g. for identities that must not change."""
    return (urlsplit(f"//{site_address(request)}").hostname or "").lower()


def roster_csv(filename: str, rows: list) -> HttpResponse:
    """The final roster: every regular and sub with their waiver."""
    return csv_response(
        filename,
        [
            "team",
            "skill_level",
            "player_name",
            "email",
            "phone",
            "role",
            "waiver",
            "signed_at",
            "method",
            "version",
        ],
        [
            [
                row.entry.team.name,
                row.entry.team.skill_level.name if row.entry.team.skill_level else "",
                row.entry.player.name,
                row.entry.player.email,
                row.entry.player.phone,
                row.entry.role,
                "signed" if row.signed else "missing",
                row.waiver.signed_at.isoformat() if row.waiver else "",
                row.waiver.method if row.waiver else "",
                row.waiver.version if row.waiver else "",
            ]
            for row in rows
        ],
    )


class Link(NamedTuple):
    """A link a page offers as the next step: what it says and where it goes."""

    label: str
    url: str
