"""Who may see and change a sign-up's registrations and a ledger's money: the staff of that
season's league or of that event, nobody else (a manager of another league is nobody here)."""

from typing import Any

from accounts.permissions import can_manage_season, can_run_tournament, player_id_for
from money.models import Ledger, Registration, SignUp

ONLY_STAFF = "Only this league's managers or this event's directors may do that."


def _season_or_event_staff(user: Any, season: Any, tournament: Any) -> bool:
    if season is not None:
        return can_manage_season(user, season)
    return tournament is not None and can_run_tournament(user, tournament)


def can_manage_sign_up(user: Any, sign_up: SignUp) -> bool:
    return _season_or_event_staff(user, sign_up.season, sign_up.tournament)


def can_manage_ledger(user: Any, ledger: Ledger) -> bool:
    return _season_or_event_staff(user, ledger.season, ledger.tournament)


def is_own_registration(user: Any, registration: Registration) -> bool:
    """The person who registered, or the invited partner once they accepted."""
    player_id = player_id_for(user)
    if player_id is None:
        return False
    return player_id == registration.player_id or (
        registration.partner_accepted_at is not None and player_id == registration.partner_id
    )


def can_view_registration(user: Any, registration: Registration) -> bool:
    return is_own_registration(user, registration) or can_manage_sign_up(user, registration.sign_up)
