import functools

from django.http import HttpRequest
from django.urls import reverse

from accounts import permissions


def roles(request: HttpRequest) -> dict:
    user = request.user
    return {
        "is_manager": permissions.is_manager(user),
        "is_director": permissions.is_director(user),
        "is_organiser": permissions.is_organiser(user),
        # Called by the template only where it is shown (the account and team pages): it
        # reads the user's rosters, a query every other signed-in page would make for nothing.
        "user_roles": (
            functools.partial(permissions.role_names, user) if user.is_authenticated else []
        ),
    }


# The site's menu, in every page's layout twice (the bar and the phone's menu): its addresses
# never change while the process runs, so they are reversed once rather than on each page.
MENU = {
    "leagues": "league:league_list",
    "tournaments": "tournaments:tournament_list",
    "my_team": "my_team",
    "manage": "manage",
    "account": "account",
    "notices": "notices:subscriptions",
    "my_profile": "people:my_profile",
    "password_change": "password_change",
    "admin": "admin:index",
    "logout": "logout",
    "login": "login",
    "home": "home",
}


@functools.cache
def _menu() -> dict[str, str]:
    return {name: reverse(route) for name, route in MENU.items()}


def menu(request: HttpRequest) -> dict:
    return {"menu": _menu()}
