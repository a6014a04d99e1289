"""The staff's sign-up settings: a season's (its league's managers) or an event's (its
directors); each page loads the object, asks who may act, then calls a service."""

import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from accounts.permissions import can_manage_season, can_run_tournament, deny_unless
from league.seasons.selectors import season_for
from money.access import ONLY_STAFF
from money.models import SignUp
from money.setup import selectors
from money.setup.forms import SignUpForm, initial_from
from money.setup.rules import Terms, unit_for
from money.setup.services import sign_up_create, sign_up_update
from money.setup.services.sign_ups import terms_of
from money.setup.views.common import form_errors
from tournaments.models import Tournament
from wording.when import when

DEFAULT_DAYS_OPEN = 14


def settings_url(sign_up: SignUp) -> str:
    if sign_up.season_id is not None:
        season = sign_up.season
        return reverse("money:season_sign_up", args=[season.league.slug, season.slug])
    return reverse("money:event_sign_up", args=[sign_up.tournament.slug])


def _starts(season: Any, tournament: Any) -> datetime.datetime | None:
    """When the season's first night or the event begins (closing defaults before it)."""
    day = season.starts_on if season is not None else tournament.date
    start = season.start_time if season is not None else tournament.start_time
    if day is None:
        return None
    moment = datetime.datetime.combine(day, start or datetime.time(19, 0))
    return timezone.make_aware(moment)


def _defaults(season: Any, tournament: Any) -> Terms:
    now = timezone.localtime().replace(minute=0, second=0, microsecond=0)
    closes = now + datetime.timedelta(days=DEFAULT_DAYS_OPEN)
    starts = _starts(season, tournament)
    if starts is not None and now + datetime.timedelta(hours=1) < starts < closes:
        closes = starts
    return Terms(opens_at=now, closes_at=closes)


def _page(request: HttpRequest, *, season: Any = None, tournament: Any = None) -> HttpResponse:
    target = season if season is not None else tournament
    sign_up = selectors.sign_up_of(target)
    for_season = season is not None
    unit = (
        sign_up.unit
        if sign_up
        else unit_for(for_season=for_season, event_format="" if for_season else tournament.format)
    )
    terms = terms_of(sign_up) if sign_up else _defaults(season, tournament)
    form = SignUpForm(
        request.POST or None, initial=initial_from(terms), unit=unit, for_season=for_season
    )
    if request.method == "POST" and form.is_valid():
        creating = request.POST.get("mode") == "create"
        try:
            if sign_up is None or creating:
                found, created = sign_up_create(
                    by=request.user, terms=form.terms(), season=season, tournament=tournament
                )
                messages.success(
                    request,
                    f"Sign-up saved: registration opens {when(found.opens_at)}."
                    if created
                    else "This sign-up was already set up: here it is, as it was saved.",
                )
            else:
                changes = sign_up_update(sign_up=sign_up, by=request.user, terms=form.terms())
                messages.success(request, "Saved." if changes else "Nothing changed.")
        except ValidationError as exc:
            form_errors(form, exc)
        else:
            return redirect(request.path)
    context = {
        "form": form,
        "sign_up": sign_up,
        "season": season,
        "tournament": tournament,
        "target": target,
        "unit_label": SignUp.Unit(unit).label,
        "places": selectors.places_of(sign_up) if sign_up else None,
        "questions": list(sign_up.questions.all()) if sign_up else [],
        "is_open": sign_up is not None and selectors.is_open(sign_up),
    }
    return render(request, "money/setup/sign_up.html", context)


@login_required
def season_sign_up(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = season_for(league, season)
    deny_unless(can_manage_season(request.user, season_obj), ONLY_STAFF)
    return _page(request, season=season_obj)


@login_required
def event_sign_up(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    deny_unless(can_run_tournament(request.user, tournament), ONLY_STAFF)
    return _page(request, tournament=tournament)
