"""Demo accounts, one per role, so a newcomer can log in as each."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from accounts.models import RoleName, Scope
from accounts.services import role_grant

DEMO_PASSWORD = "euchre-demo"


@dataclass(frozen=True)
class DemoAccount:
    username: str
    role: str
    organiser: bool = False


DEMO_ACCOUNTS = (
    DemoAccount("manager", "league manager", organiser=True),
    DemoAccount("director", "tournament director", organiser=True),
    DemoAccount("captain", "team captain"),
    DemoAccount("player", "player"),
)


def load() -> list[str]:
    """Create or refresh the demo users; returns lines describing them."""
    user_model = get_user_model()
    lines = ["Demo accounts (username / password):"]
    for account in DEMO_ACCOUNTS:
        user, _ = user_model.objects.get_or_create(
            username=account.username,
            defaults={"email": f"{account.username}@example.com"},
        )
        user.set_password(DEMO_PASSWORD)
        user.save()
        if account.organiser:
            # The league and tournament demos make them staff of what they create.
            role_grant(user=user, role=RoleName.ORGANISER, scope_kind=Scope.SITE)
        lines.append(f"  {account.role:<20} {account.username} / {DEMO_PASSWORD}")
    return lines
