"""For tests of a form that says who it will tell: captains reached in every way a delivery
tells apart, the sentence a page shows, and what the notices written then hold."""

import itertools
import re

from league.seasons.models import Player, RosterEntry, Team
from notices.addresses import Audience
from notices.models import Notice, OutboxMessage
from notices.unsubscribe import email_opt_out
from tests.factories import PlayerFactory, RosterEntryFactory

_SENTENCE = re.compile(r"This will (?:email (\d+) (?:people|person))?(?: and )?(?:text (\d+))?")
_numbers = itertools.count()


def captains_of_every_kind(team: Team, prefix: str) -> list[Player]:
    """Three more captains: one takes emails and texts, one opted out of emails and never
    agreed to texts (told nothing), one takes emails only with a number but no consent."""
    first = 100 + 3 * next(_numbers)
    players = [
        PlayerFactory(name=f"{prefix} both {first}", phone=f"+1416555{first:04}", sms_opt_in=True),
        PlayerFactory(name=f"{prefix} neither {first}", phone=f"+1416555{first + 1:04}"),
        PlayerFactory(name=f"{prefix} email {first}", phone=f"+1416555{first + 2:04}"),
    ]
    email_opt_out(players[1].email)
    for player in players:
        RosterEntryFactory(team=team, player=player, role=RosterEntry.Role.CAPTAIN)
    return players


def said(html: str, element_id: str) -> Audience:
    """The emails and texts the element `element_id` of the page says will be sent."""
    start = html.index(f'id="{element_id}"')
    text = html[start : html.index("</p>", start)]
    if "Nobody" in text:
        return Audience(people=0, emails=0, texts=0)
    found = _SENTENCE.search(text)
    assert found, text
    return Audience(people=0, emails=int(found[1] or 0), texts=int(found[2] or 0))


def written(before: set[int] | None = None) -> Audience:
    """Emails and texts of the notices written (since the notices `before`)."""
    messages = OutboxMessage.objects.exclude(notice_id__in=before or set())
    return Audience(
        people=0,
        emails=messages.filter(channel="email").count(),
        texts=messages.filter(channel="sms").count(),
    )


def notice_ids() -> set[int]:
    return set(Notice.objects.values_list("pk", flat=True))
