"""People and sign-ups the registration tests share."""

import itertools

from league.seasons.models import Player, SkillLevel
from money.registrations.flows import Submission
from tests.factories import PlayerFactory, UserFactory
from tests.money.factories import EventSignUpFactory, SeasonSignUpFactory

_names = itertools.count(1)


def person(name: str | None = None, **player_fields) -> tuple:
    """A signed-in person with their player record: (user, player)."""
    name = name or f"Pat Person{next(_names)}"
    user = UserFactory(first_name=name.split()[0], last_name=name.split()[-1])
    player = PlayerFactory(name=name, user=user, email=user.email, **player_fields)
    return user, player


def season_sign_up(**fields):
    sign_up = SeasonSignUpFactory(**fields)
    SkillLevel.objects.create(season=sign_up.season, name="Open", position=0)
    return sign_up


def level(sign_up) -> SkillLevel:
    return SkillLevel.objects.get(season=sign_up.season)


def event_sign_up(**fields):
    return EventSignUpFactory(**fields)


def pair_sign_up(**fields):
    sign_up = EventSignUpFactory(unit="pair", **fields)
    sign_up.tournament.format = "partner_bracket"
    sign_up.tournament.save(update_fields=["format"])
    return sign_up


def team(sign_up, player: Player, n: int | str = "", **extra) -> Submission:
    """What a captain types for a team, waiver agreed."""
    return Submission(
        team_name=extra.pop("team_name", f"Bowers {n or player.pk}"),
        skill_level_id=level(sign_up).pk,
        partner_name=extra.pop("partner_name", f"Partner Of {player.pk}"),
        partner_email=extra.pop("partner_email", f"partner{player.pk}@example.com"),
        waiver_name=player.name,
        waiver_agreed=True,
        **extra,
    )


def pair(partner_email: str, **extra) -> Submission:
    return Submission(partner_name="Pal Partner", partner_email=partner_email, **extra)
