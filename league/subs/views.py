"""The sub finder's pages: the season's list (opt in), a captain's request, the answer
link, and the manager's overview. Thin: parse, authorize, call a service, render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts import permissions
from inputs.bounds import typed_number
from league.seasons.models import Fixture, Player, Team, Waiver
from league.seasons.selectors import season_for
from league.subs import selectors, services, volunteers
from league.subs.forms import SubRequestForm, VolunteerForm
from league.subs.models import SubAsk, SubRequest, SubVolunteer
from league.web import report

NOT_YOUR_TEAM = "Only the team's captain or a league manager can ask for its sub."


@login_required
def sub_volunteer(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """Opt in to sub this season (levels, nights, a note), change it, or leave the list."""
    season_obj = season_for(league, season)
    player = Player.objects.filter(user=request.user).first()
    mine = (
        SubVolunteer.objects.filter(season=season_obj, player=player, active=True).first()
        if player
        else None
    )
    nights = selectors.upcoming_nights(season_obj)
    initial = None
    if mine is not None:
        initial = {
            "levels": list(mine.levels.values_list("pk", flat=True)),
            "nights": list(mine.nights),
            "note": mine.note,
        }
    action = request.POST.get("action")
    form = VolunteerForm(
        request.POST if action == "save" else None,
        season=season_obj,
        nights=nights,
        initial=initial,
    )
    if request.method == "POST":
        try:
            if action == "leave":
                volunteers.volunteer_leave(season=season_obj, user=request.user)
                messages.success(request, "You're off the sub list: nobody will ask you.")
                return redirect("league:sub_volunteer", league=league, season=season)
            if action == "save" and form.is_valid():
                data = form.cleaned_data
                volunteers.volunteer_save(
                    season=season_obj,
                    user=request.user,
                    level_ids=[level.pk for level in data.get("levels") or []],
                    nights=data["nights"],
                    note=data["note"],
                )
                messages.success(
                    request, "You're on the sub list: captains short a player may ask you."
                )
                return redirect("league:sub_volunteer", league=league, season=season)
            if action not in ("save", "leave"):
                messages.error(request, "Choose to join the list or leave it.")
        except ValidationError as exc:
            report(request, exc)
    return render(
        request,
        "league/subs/volunteer.html",
        {"season": season_obj, "form": form, "mine": mine, "nights": nights},
    )


def _fixture_and_team(request: HttpRequest, pk: int, team_id: int) -> tuple[Fixture, Team]:
    fixture = get_object_or_404(
        Fixture.objects.select_related("season__league", "home", "away", "table__venue"), pk=pk
    )
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=team_id)
    if team.pk not in fixture.team_ids():
        raise Http404("That team doesn't play in this fixture.")
    permissions.deny_unless(permissions.can_act_for_team(request.user, team), NOT_YOUR_TEAM)
    return fixture, team


@login_required
def sub_request(request: HttpRequest, pk: int, team: int) -> HttpResponse:
    """A captain asks the season's sub list for one fixture, sees who was asked, withdraws."""
    fixture, team_obj = _fixture_and_team(request, pk, team)
    action = request.POST.get("action")
    form = SubRequestForm(request.POST if action == "ask" else None)
    if request.method == "POST":
        try:
            if action == "ask" and form.is_valid():
                made = services.sub_request_create(
                    fixture=fixture, team=team_obj, by=request.user, note=form.cleaned_data["note"]
                )
                messages.success(request, f"Asked {made.asks.count()} subs: the first yes gets it.")
                return redirect("league:sub_request", pk=fixture.pk, team=team_obj.pk)
            if action == "withdraw":
                open_ = SubRequest.objects.filter(
                    fixture=fixture, team=team_obj, status=SubRequest.Status.OPEN
                ).first()
                if open_ is None:
                    raise ValidationError("There is no open request to withdraw.")
                services.sub_request_withdraw(request=open_, by=request.user)
                messages.success(request, "Request withdrawn: the subs not yet answered are told.")
                return redirect("league:sub_request", pk=fixture.pk, team=team_obj.pk)
            if action not in ("ask", "withdraw"):
                messages.error(request, "Choose to ask for a sub or withdraw the request.")
        except services.AlreadyLooking as exc:
            messages.info(request, exc.messages[0])
            return redirect("league:sub_request", pk=fixture.pk, team=team_obj.pk)
        except ValidationError as exc:
            report(request, exc)
    latest = (
        SubRequest.objects.filter(fixture=fixture, team=team_obj)
        .select_related("filled_by", "entry")
        .prefetch_related("asks__player")
        .first()
    )
    refusal = services.fixture_refusal(fixture, team_obj)
    finding = None if refusal else selectors.finding_for(fixture, team_obj, besides=latest)
    return render(
        request,
        "league/subs/request.html",
        {
            "fixture": fixture,
            "team": team_obj,
            "form": form,
            "latest": latest,
            "is_open": latest is not None
            and latest.status == SubRequest.Status.OPEN
            and not refusal,
            "refusal": refusal or (finding.refusal if finding else ""),
            "eligible": len(finding.eligible) if finding else 0,
        },
    )


def sub_answer(request: HttpRequest, token: str) -> HttpResponse:
    """The link in a volunteer's email or text: the token is the ask, no sign-in needed.
    A GET only shows; the POST answers."""
    if len(token) > 64:
        raise Http404("No such link.")
    ask = get_object_or_404(
        SubAsk.objects.select_related(
            "player",
            "request__team",
            "request__fixture__season__league",
            "request__fixture__home",
            "request__fixture__away",
            "request__fixture__table__venue",
        ),
        token=token,
    )
    answered = None
    if request.method == "POST":
        choice = request.POST.get("answer")
        if choice in ("yes", "no"):
            answered = services.sub_request_answer(ask=ask, yes=choice == "yes", via="link")
            ask.refresh_from_db()
            ask.request.refresh_from_db()
        else:
            messages.error(request, "Choose yes or no.")
    season = ask.request.fixture.season
    mine = (
        ask.request.status == SubRequest.Status.FILLED and ask.request.filled_by_id == ask.player_id
    )
    signed = Waiver.objects.filter(player_id=ask.player_id, season=season).exists()
    fixture = ask.request.fixture
    return render(
        request,
        "league/subs/answer.html",
        {
            "ask": ask,
            "fixture": fixture,
            "season": season,
            "start": fixture.start_time or season.start_time,
            "answered": answered,
            "mine": mine,
            "needs_waiver": mine and not signed,
            "is_open": ask.request.status == SubRequest.Status.OPEN,
        },
    )


@login_required
def subs_manage(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """The manager's view: every request, each team's sub use, the list (remove someone)."""
    season_obj = season_for(league, season)
    permissions.deny_unless(permissions.can_manage_season(request.user, season_obj))
    if request.method == "POST":
        volunteer_id = typed_number(request.POST.get("volunteer"))
        try:
            if request.POST.get("action") != "remove" or volunteer_id is None:
                raise ValidationError("Pick someone on the list to take off.")
            removed = volunteers.volunteer_remove(
                volunteer_id=volunteer_id, season=season_obj, by=request.user
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, f"{removed.player} is off the sub list.")
            return redirect("league:subs_manage", league=league, season=season)
    return render(
        request,
        "league/subs/manage.html",
        {
            "season": season_obj,
            "requests": selectors.season_requests(season_obj),
            "use": selectors.team_sub_use(season_obj),
            "volunteers": selectors.season_volunteers(season_obj),
        },
    )
