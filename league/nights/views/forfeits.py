"""Forfeits: recorded from the fixture page, announced ahead by a captain, overturned and
reviewed by managers."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts import permissions
from league.nights.forms import AnnounceForm, ForfeitForm, ReasonForm, ReviewForm
from league.nights.models import Forfeit, PlayoffReview
from league.nights.selectors import forfeits as selectors_forfeits
from league.nights.services import forfeits as forfeit_services
from league.seasons import selectors
from league.seasons.access import NOT_YOUR_LEAGUE, season_manager_required
from league.seasons.models import Fixture, Team
from league.web import report
from wording.words import possessive


def _fixture(pk: int) -> Fixture:
    fixture = get_object_or_404(
        Fixture.objects.select_related("season__league", "home", "away"), pk=pk
    )
    if fixture.away_id is None:
        raise Http404("A bye has no forfeits.")
    return fixture


def _team_of(fixture: Fixture, team_id: int) -> Team:
    if team_id == fixture.home_id:
        return fixture.home
    if team_id == fixture.away_id:
        return fixture.away
    raise Http404("That team doesn't play in this fixture.")


def _done(request: HttpRequest, forfeit: Forfeit) -> None:
    messages.success(
        request,
        f"Forfeit recorded: {forfeit.team} loses {forfeit.games_label} "
        f"(offence {forfeit.offense} of the season).",
    )


@require_POST
@login_required
def forfeit_record(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    permissions.deny_unless(
        permissions.can_act_for_fixture(request.user, fixture),
        "Only the two teams' captains or a league manager record a forfeit.",
    )
    form = ForfeitForm(request.POST, fixture=fixture)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("league:fixture_detail", pk=fixture.pk)
    data = form.cleaned_data
    situation = data["situation"]
    try:
        forfeit = forfeit_services.forfeit_record(
            fixture=fixture,
            team=_team_of(fixture, data["team"]),
            by=request.user,
            minutes_late=data["minutes_late"] if situation == "late" else None,
            one_player=situation == "one_player",
            no_show=situation == "no_show",
            note=data["note"],
        )
    except ValidationError as exc:
        report(request, exc)
    else:
        _done(request, forfeit)
    return redirect("league:fixture_detail", pk=fixture.pk)


@require_POST
@login_required
def forfeit_announce(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    permissions.deny_unless(
        permissions.can_act_for_fixture(request.user, fixture),
        "Only the team's captain or a league manager announce its forfeit.",
    )
    form = AnnounceForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose the team that won't play.")
        return redirect("league:fixture_detail", pk=fixture.pk)
    team = _team_of(fixture, form.cleaned_data["team"])
    permissions.deny_unless(
        permissions.can_act_for_team(request.user, team),
        "Only the team's captain or a league manager announce its forfeit.",
    )
    try:
        forfeit = forfeit_services.forfeit_announce(
            fixture=fixture, team=team, by=request.user, note=form.cleaned_data["note"]
        )
    except ValidationError as exc:
        report(request, exc)
    else:
        _done(request, forfeit)
        messages.info(request, f"{possessive(fixture.opponent_of(team.pk))} captain has been told.")
    return redirect("league:fixture_detail", pk=fixture.pk)


@require_POST
@login_required
def forfeit_overturn(request: HttpRequest, pk: int) -> HttpResponse:
    forfeit = get_object_or_404(Forfeit.objects.select_related("fixture__season", "team"), pk=pk)
    permissions.deny_unless(
        permissions.can_run_league_nights(request.user, forfeit.fixture.season), NOT_YOUR_LEAGUE
    )
    form = ReasonForm(request.POST)
    try:
        forfeit_services.forfeit_overturn(
            forfeit=forfeit,
            by=request.user,
            reason=form.cleaned_data["reason"] if form.is_valid() else "",
        )
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(
            request, f"Forfeit overturned: {possessive(forfeit.team)} games are open again."
        )
    return redirect("league:fixture_detail", pk=forfeit.fixture_id)


@season_manager_required
def season_forfeits(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    return render(
        request,
        "league/nights/season_forfeits.html",
        {
            "season": season_obj,
            "forfeits": selectors_forfeits.season_forfeits(season_obj),
            "reviews": selectors_forfeits.season_reviews(season_obj),
            "review_form": ReviewForm(),
        },
    )


@require_POST
@season_manager_required
def review_decide(request: HttpRequest, league: str, season: str, review: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    review_obj = get_object_or_404(PlayoffReview, pk=review, season=season_obj)
    form = ReviewForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose whether the team stays in the playoffs.")
    else:
        try:
            forfeit_services.playoff_review_decide(
                review=review_obj,
                by=request.user,
                decision=form.cleaned_data["decision"],
                note=form.cleaned_data["note"],
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, "Decision recorded.")
    return redirect("league:season_forfeits", league=league, season=season)
