"""Managers call off play, review who will be told, and decide what becomes of the fixtures."""

import datetime

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from league.cancellations import decisions, services
from league.cancellations import selectors as reads
from league.cancellations.forms import CancelPlayForm, DecideForm
from league.cancellations.models import Cancellation
from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.models import Fixture, Season
from league.web import linked
from wording.words import plural


def _form_errors(form: forms.Form, exc: ValidationError) -> None:
    """Show a service's refusal on the form, next to the field it concerns when it names one."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc)
        return
    for field, errors in exc.error_dict.items():
        form.add_error(field if field in form.fields else None, errors)


def _linked_errors(exc: ValidationError, season: Season) -> ValidationError:
    """The service's refusal, with the page it sends the manager to linked: "add one on the
    setup page" links the season's dates, "from the schedule" its schedule."""
    slugs = [season.league.slug, season.slug]
    links = {
        "setup page": reverse("league:season_setup", args=slugs) + "#dates",
        "schedule": reverse("league:season_schedule", args=slugs),
    }

    def link(message: str) -> str:
        for phrase, url in links.items():
            if f"the {phrase}" in message:
                return linked(message, phrase, url)
        return message

    if hasattr(exc, "error_dict"):
        return ValidationError(
            {
                field: [link(m) for error in errors for m in error.messages]
                for field, errors in exc.error_dict.items()
            }
        )
    return ValidationError([link(message) for message in exc.messages])


def _night_choices(
    season: Season, date: datetime.date | None, scope: str, ticked: set[str]
) -> list[tuple[Fixture, bool]] | None:
    """The night's fixtures with whether each is ticked, when cancelling single fixtures."""
    if scope != Cancellation.Scope.FIXTURES or date is None:
        return None
    return [(f, str(f.pk) in ticked) for f in reads.night_fixtures(season, date)]


def _form_page(request: HttpRequest, season: Season, form: CancelPlayForm) -> HttpResponse:
    cleaned = getattr(form, "cleaned_data", {})
    date = cleaned.get("date") if form.is_bound else form.initial.get("date")
    scope = form.data.get("scope") if form.is_bound else ""
    choices = _night_choices(season, date, scope, set(form.data.getlist("fixtures", [])))
    return render(
        request,
        "league/cancellations/cancel_form.html",
        {"season": season, "form": form, "night_choices": choices},
    )


@season_manager_required
def cancel_play(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """The form; posting it shows what would happen; confirming it cancels and notifies."""
    season_obj = selectors.season_for(league, season)
    form = CancelPlayForm(
        request.POST or None,
        initial={"date": reads.next_night_with_play(season_obj)},
        season=season_obj,
    )
    if request.method != "POST" or not form.is_valid() or "edit" in request.POST:
        return _form_page(request, season_obj, form)
    kwargs = form.service_kwargs()
    try:
        if request.POST.get("confirm") != "1":
            plan = services.night_cancel_preview(season=season_obj, user=request.user, **kwargs)
            return render(
                request,
                "league/cancellations/cancel_confirm.html",
                {
                    "season": season_obj,
                    "form": form,
                    "plan": plan,
                    "data": kwargs,
                    "reason_label": Cancellation.Reason(kwargs["reason"]).label,
                },
            )
        cancellation = services.night_cancel(season=season_obj, user=request.user, **kwargs)
    except ValidationError as exc:
        _form_errors(form, _linked_errors(exc, season_obj))
        return _form_page(request, season_obj, form)
    count = cancellation.fixtures.count()
    messages.success(
        request, f"Play cancelled: {plural(count, 'fixture')}. The notices are on their way."
    )
    return redirect("league:cancellation_detail", league=league, season=season, pk=cancellation.pk)


@season_manager_required
def cancel_fixtures(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """htmx: the night's fixtures as checkboxes when cancelling single fixtures."""
    season_obj = selectors.season_for(league, season)
    try:
        date = forms.DateField().clean(request.GET.get("date", ""))
    except ValidationError:
        date = None
    scope = request.GET.get("scope", "")
    choices = _night_choices(season_obj, date, scope, set(request.GET.getlist("fixtures")))
    return render(
        request,
        "league/cancellations/_fixture_choices.html",
        {"season": season_obj, "night_choices": choices, "scope": scope, "date": date},
    )


@season_manager_required
def cancellation_detail(request: HttpRequest, league: str, season: str, pk: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    cancellation = reads.cancellation_for(season_obj, pk)
    fixtures = list(cancellation.fixtures.all())
    return render(
        request,
        "league/cancellations/detail.html",
        {
            "season": season_obj,
            "cancellation": cancellation,
            "fixtures": fixtures,
            "still_cancelled": [f for f in fixtures if f.status == Fixture.Status.CANCELLED],
            "notices": list(reads.cancellation_notices(cancellation)),
        },
    )


@season_manager_required
def cancellation_decide(request: HttpRequest, league: str, season: str, pk: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    cancellation = reads.cancellation_for(season_obj, pk)
    fixtures = reads.still_cancelled(cancellation)
    dates = reads.makeup_dates(season_obj, cancellation)
    form = DecideForm(request.POST or None, fixtures=fixtures, dates=dates)
    if request.method == "POST" and form.is_valid():
        try:
            decisions.cancellation_decide(
                cancellation=cancellation,
                outcome=form.cleaned_data["outcome"],
                user=request.user,
                moves=form.moves(),
                note=form.cleaned_data["note"],
            )
        except ValidationError as exc:
            _form_errors(form, _linked_errors(exc, season_obj))
        else:
            messages.success(request, "Decision recorded; the players are being told.")
            return redirect(
                "league:cancellation_detail", league=league, season=season, pk=cancellation.pk
            )
    rows, problem = reads.makeup_proposal(season_obj, fixtures, dates)
    problem = _linked_errors(ValidationError(problem), season_obj).messages[0] if problem else ""
    audience = decisions.decision_audience(cancellation=cancellation, fixtures=fixtures)
    return render(
        request,
        "league/cancellations/decide.html",
        {
            "audience": audience,
            "season": season_obj,
            "cancellation": cancellation,
            "fixtures": fixtures,
            "form": form,
            "proposal": rows,
            "proposal_problem": problem,
        },
    )
