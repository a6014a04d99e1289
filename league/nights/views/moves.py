"""Managers move a whole night (or some of its fixtures): pick the night, review who moves
and who will be told, confirm."""

import datetime

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from league.nights.move_forms import NightMoveForm, NightPickForm
from league.nights.selectors.moves import next_night_to_move, night_move_choices
from league.nights.services import moves
from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.models import Season
from wording.when import day
from wording.words import plural


def _form_errors(form: forms.Form, exc: ValidationError) -> None:
    """A service's refusal on the form, next to the field it names."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc)
        return
    for name, errors in exc.error_dict.items():
        form.add_error(name if name in form.fields and name != "date" else None, errors)


def _page(
    request: HttpRequest, season: Season, form: NightMoveForm, date: datetime.date | None
) -> HttpResponse:
    ticked = set(form.data.getlist("fixtures")) if form.is_bound else set()
    choices = night_move_choices(season, date) if date is not None else []
    return render(
        request,
        "league/nights/night_move.html",
        {
            "season": season,
            "pick": NightPickForm(initial={"date": date}),
            "form": form,
            "date": date,
            "choices": [(f, why, str(f.pk) in ticked) for f, why in choices],
        },
    )


@season_manager_required
def night_move(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """GET ?date=: the night's fixtures and the form; POST: the review; confirm=1: the move."""
    season_obj = selectors.season_for(league, season)
    if request.method != "POST":
        pick = NightPickForm(request.GET) if "date" in request.GET else None
        date = pick.cleaned_data["date"] if pick is not None and pick.is_valid() else None
        if date is None and pick is None:
            date = next_night_to_move(season_obj)
        form = NightMoveForm(initial={"date": date}, season=season_obj)
        if pick is not None and not pick.is_valid():
            messages.error(request, " ".join(e for errs in pick.errors.values() for e in errs))
        return _page(request, season_obj, form, date)
    form = NightMoveForm(request.POST, season=season_obj)
    if not form.is_valid() or "edit" in request.POST:
        return _page(request, season_obj, form, form.cleaned_data.get("date"))
    kwargs = form.service_kwargs()
    try:
        if request.POST.get("confirm") != "1":
            plan = moves.night_move_preview(season=season_obj, user=request.user, **kwargs)
            return render(
                request,
                "league/nights/night_move_confirm.html",
                {"season": season_obj, "form": form, "plan": plan, "data": kwargs},
            )
        plan = moves.night_move(season=season_obj, user=request.user, **kwargs)
    except ValidationError as exc:
        _form_errors(form, exc)
        return _page(request, season_obj, form, kwargs["date"])
    told = plural(plan.audience.people, "person", "people")
    messages.success(
        request,
        f"{plural(len(plan.games), 'fixture')} moved to {day(plan.new_date)}; "
        f"{told} {'is' if plan.audience.people == 1 else 'are'} being told.",
    )
    return redirect(
        "league:night_detail", league=league, season=season, date=plan.new_date.isoformat()
    )
