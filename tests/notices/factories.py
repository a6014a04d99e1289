"""Notice factories: seasons full of captains, and notices written through the service."""

import factory

from league.seasons.models import RosterEntry
from notices.addresses import Recipient
from notices.models import Notice, Subscription
from notices.services import notice_send
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
)


def season_with_captains(count: int, *, sms_every: int = 2, season=None):
    """A season whose `count` teams each have a captain; every `sms_every`-th opted in to texts."""
    season = season or SeasonFactory()
    captains = []
    for i in range(count):
        team = TeamFactory(season=season)
        player = PlayerFactory(
            phone=f"+1416555{i:04d}",
            sms_opt_in=bool(sms_every) and i % sms_every == 0,
        )
        RosterEntryFactory(team=team, player=player, role=RosterEntry.Role.CAPTAIN)
        RosterEntryFactory(team=team)  # a teammate, who gets nothing
        captains.append(player)
    return season, captains


def recipients(count: int, *, sms: bool = True, prefix: str = "r") -> list[Recipient]:
    return [
        Recipient(
            name=f"Person {i}",
            email=f"{prefix}{i}@example.com",
            phone=f"+1416{2000000 + i:07d}",
            sms_opt_in=sms,
        )
        for i in range(count)
    ]


def send_notice(**overrides) -> Notice:
    values = {
        "kind": Notice.Kind.GENERAL,
        "subject": "Tonight is cancelled",
        "body": "Snow: every fixture tonight is off.",
        "sms_text": "League night cancelled (snow).",
        "recipients": recipients(2),
    }
    values.update(overrides)
    return notice_send(**values)


class SubscriptionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Subscription

    player = factory.SubFactory(PlayerFactory, phone="+14165550999")
    league = factory.SubFactory(LeagueFactory)
    by_email = True
    by_sms = False
