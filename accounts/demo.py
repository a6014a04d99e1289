"""Demo accounts, one per role, so a newcomer can log in as each."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from accounts.permissions import DIRECTORS_GROUP, MANAGERS_GROUP

DEMO_PASSWORD = "euchre-demo"


@dataclass(frozen=True)
class DemoAccount:
    username: str
    role: str
    groups: tuple[str, ...] = ()
    is_staff: bool = False


DEMO_ACCOUNTS = (
    DemoAccount("manager", "league manager", (MANAGERS_GROUP,), is_staff=True),
    DemoAccount("director", "tournament director", (DIRECTORS_GROUP,)),
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
        user.is_staff = account.is_staff
        user.set_password(DEMO_PASSWORD)
        user.save()
        user.groups.set(Group.objects.filter(name__in=account.groups))
        lines.append(f"  {account.role:<20} {account.username} / {DEMO_PASSWORD}")
    return lines
