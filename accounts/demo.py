"""Demo accounts, one per role, so a newcomer can log in as each.

The site role (organiser) is granted here; the roles on objects come with the objects:
league.demo makes 'manager' a manager of the demo league, tournaments.demo makes 'director'
the director of each demo event and 'scorekeeper' a scorekeeper of the progressive. Every
team captain of the demo league also gets a login, captain-<team> (league.demo.people).
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from accounts.models import RoleName, Scope
from accounts.services import role_grant

DEMO_PASSWORD = "euchre-demo"


@dataclass(frozen=True)
class DemoAccount:
    username: str
    role: str
    does: str
    first_name: str = ""
    last_name: str = ""
    organiser: bool = False


DEMO_ACCOUNTS = (
    DemoAccount(
        "manager",
        "league manager",
        "runs the CCA league: season dashboard, settles disputes, cancels nights",
        "Morgan",
        "Manager",
        organiser=True,
    ),
    DemoAccount(
        "director",
        "tournament director",
        "runs the three demo events: enters cards, starts the next round",
        "Dana",
        "Director",
        organiser=True,
    ),
    DemoAccount(
        "scorekeeper",
        "scorekeeper",
        "enters and settles the progressive's cards",
        "Sam",
        "Scorekeeper",
    ),
    DemoAccount(
        "captain", "team captain", "Left Bowers: enters tonight's card", "Casey", "Captain"
    ),
    DemoAccount("player", "player", "Left Bowers: signs the season's waiver", "Pat", "Player"),
    DemoAccount(
        "sub",
        "sub",
        "on the CCA sub list: takes next week's sub request from the start page",
        "Riley",
        "Reyes",
    ),
)


def load() -> list[str]:
    """Create or refresh the demo users; returns lines describing them."""
    user_model = get_user_model()
    lines = ["Demo accounts (username / password; log in at /accounts/login/):"]
    for account in DEMO_ACCOUNTS:
        user, _ = user_model.objects.get_or_create(
            username=account.username,
            defaults={
                "email": f"{account.username}@example.com",
                "first_name": account.first_name,
                "last_name": account.last_name,
            },
        )
        user.set_password(DEMO_PASSWORD)
        user.is_active = True
        user.save()
        if account.organiser:
            # Organisers may create leagues and events of their own, too.
            role_grant(user=user, role=RoleName.ORGANISER, scope_kind=Scope.SITE)
        lines.append(
            f"  {account.role:<20} {account.username + ' / ' + DEMO_PASSWORD:<29} {account.does}"
        )
    lines.append(
        f"  {'other captains':<20} {'captain-<team> / ' + DEMO_PASSWORD:<29} "
        "every other demo team's captain, e.g. captain-right-bowers"
    )
    return lines
