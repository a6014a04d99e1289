"""The Atom feed of a league's announcements.

Titles go out as Atom text (no type: a reader shows them as typed). Django declares every
summary as HTML, so the body, which is plain text, is escaped and its paragraphs marked up
here: a body containing "<b>" reaches a reader as those characters, never as markup.
Characters XML 1.0 can't carry (controls such as NUL or escape) are dropped, so one stored
body can't break the whole feed.
"""

import datetime
import re

from django.contrib.syndication.views import Feed
from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import linebreaks

from league.announcements.selectors import announcements_for_league
from league.seasons.models import League
from notices.models import Announcement

FEED_ITEMS = 30
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _xml_text(text: str) -> str:
    return _NOT_XML.sub("", text)


class LeagueAnnouncementsFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, slug: str) -> League:  # type: ignore[override]
        return get_object_or_404(League, slug=slug)

    def title(self, league: League) -> str:
        return _xml_text(f"{league.name} announcements")

    def subtitle(self, league: League) -> str:
        return _xml_text(f"Cancellations and news from {league.name}.")

    def link(self, league: League) -> str:
        return reverse("notices:announcements", args=[league.slug])

    def items(self, league: League) -> QuerySet[Announcement]:
        return announcements_for_league(league).select_related("league")[:FEED_ITEMS]

    def item_title(self, item: Announcement) -> str:
        return _xml_text(item.title)

    def item_description(self, item: Announcement) -> str:
        """The plain-text body as the HTML the Atom summary is declared to be."""
        return linebreaks(_xml_text(item.body), autoescape=True)

    def item_link(self, item: Announcement) -> str:
        page = reverse("notices:announcements", args=[item.league.slug])
        return f"{page}#announcement-{item.pk}"

    def item_guid(self, item: Announcement) -> str:
        return f"announcement-{item.pk}-league-{item.league_id}"

    item_guid_is_permalink = False

    def item_pubdate(self, item: Announcement) -> datetime.datetime:
        return item.published_at

    def item_updateddate(self, item: Announcement) -> datetime.datetime:
        return item.published_at
