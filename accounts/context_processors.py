import functools

from django.http import HttpRequest

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
