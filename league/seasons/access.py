"""View guards for the league's staff pages: the object is loaded, then its own managers
(and site administrators) are let in; the manager of another league gets 403."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from accounts import permissions
from league.seasons.models import League
from league.seasons.selectors import season_for

NOT_YOUR_LEAGUE = "Only this league's managers can do that."

View = Callable[..., HttpResponse]


def league_manager_required(view: View) -> View:
    """For views addressed by `league` (slug): that league's managers."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        league = get_object_or_404(League, slug=kwargs["league"])
        permissions.deny_unless(
            permissions.can_manage_league(request.user, league), NOT_YOUR_LEAGUE
        )
        return view(request, *args, **kwargs)

    return wrapped


def season_manager_required(view: View) -> View:
    """For views addressed by `league` and `season` (slugs): that league's managers."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        season = season_for(kwargs["league"], kwargs["season"])
        permissions.deny_unless(
            permissions.can_manage_season(request.user, season), NOT_YOUR_LEAGUE
        )
        return view(request, *args, **kwargs)

    return wrapped
