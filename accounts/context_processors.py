from django.http import HttpRequest

from accounts import permissions


def roles(request: HttpRequest) -> dict:
    user = request.user
    return {
        "is_manager": permissions.is_manager(user),
        "is_director": permissions.is_director(user),
        "is_organiser": permissions.is_organiser(user),
        "user_roles": permissions.role_names(user) if user.is_authenticated else [],
    }
