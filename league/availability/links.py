"""The reminder's link that answers without signing in.

The link names the fixture in its path and carries the fixture and the player, signed with
the site's secret key under a salt of its own (`django.core.signing`), so it can't be made
for someone else or for another fixture; it lasts three weeks, long enough for a fixture
moved a little later. Following it shows the fixture and three buttons: a GET writes
nothing, so mail scanners that open links answer nothing.
"""

import datetime

from django.core import signing
from django.urls import reverse

from league.seasons.models import Fixture, Player

SALT = "league.availability.answer"
MAX_AGE = datetime.timedelta(days=21)
TOKEN_MAX = 200  # longer than any token we make: refused unread


class LinkInvalid(Exception):
    """Not one of our links for this fixture (altered, cut short, too old, or another's)."""


def answer_token(fixture: Fixture, player: Player) -> str:
    return signing.dumps({"f": fixture.pk, "p": player.pk}, salt=SALT)


def answer_path(fixture: Fixture, player: Player) -> str:
    """The page's path (notices make it absolute with the site's address)."""
    return reverse("league:availability_link", args=[fixture.pk, answer_token(fixture, player)])


def link_target(token: str, fixture_pk: int) -> tuple[Fixture, Player]:
    """The fixture and player a link was made for; LinkInvalid for anything else."""
    if len(token) > TOKEN_MAX:
        raise LinkInvalid
    try:
        signed = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:  # altered, or expired (SignatureExpired is one)
        raise LinkInvalid from None
    if not isinstance(signed, dict) or signed.get("f") != fixture_pk:
        raise LinkInvalid
    fixture = (
        Fixture.objects.select_related("season__league", "home", "away", "table__venue")
        .filter(pk=fixture_pk)
        .first()
    )
    player = Player.objects.filter(pk=signed.get("p")).first()
    if fixture is None or player is None:
        raise LinkInvalid
    return fixture, player
