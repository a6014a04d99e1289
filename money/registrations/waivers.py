"""The season's waiver in the registration flow.

The captain (or free agent) and the partner agree to it as they register: they tick the box
and type their name, matched as `league.seasons.services.waivers.waiver_sign_online` matches
it. That service signs only for players on a roster, and the roster is made when a manager
accepts the team (or places the free agent), so the agreement is kept on the registration
(`Registration.waivers`: typed name, when, from where) and signed through the service then.
"""

from typing import Any

from django.core.exceptions import ValidationError

from league.seasons.models import Player, Waiver
from league.seasons.services.waivers import waiver_sign_online
from money.models import Registration, SignUp
from money.registrations.common import now
from wording.names import names_match


def waiver_needed(sign_up: SignUp, player: Player) -> bool:
    return (
        sign_up.season_id is not None
        and not Waiver.objects.filter(player=player, season_id=sign_up.season_id).exists()
    )


def waiver_consent(
    sign_up: SignUp, player: Player, *, typed: str, agreed: bool, ip: str | None
) -> dict | None:
    """The agreement to keep, None when no waiver is due; a ValidationError when it isn't
    given as it must be."""
    if not waiver_needed(sign_up, player):
        return None
    if not agreed:
        raise ValidationError("Tick the box to agree to the season's waiver.")
    if not names_match(typed, player.name):
        raise ValidationError(f"Type your full name for the waiver as we have it: {player.name}.")
    return {"typed_name": " ".join(typed.split()), "at": now().isoformat(), "ip": ip or None}


def waivers_sign(registration: Registration, players: dict[str, Player]) -> list[str]:
    """Sign the kept agreements now that the players are on the season's roster; returns the
    names signed. One already signed (or a name the record no longer matches) is left for
    the player to sign from the season's waiver page."""
    season = registration.sign_up.season
    signed = []
    for role, player in players.items():
        consent: Any = registration.waivers.get(role)
        if not consent or season is None:
            continue
        try:
            waiver_sign_online(
                player=player,
                season=season,
                typed_name=consent.get("typed_name", ""),
                agreed=True,
                ip_address=consent.get("ip"),
            )
        except ValidationError:
            continue
        signed.append(player.name)
    return signed
