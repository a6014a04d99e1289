"""Availability pages: the answer buttons' target, the reminder's link page, a team's
answers for its captain, and the manager's short-handed fixtures."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.encoding import iri_to_uri
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import permissions
from league.availability import selectors
from league.availability.forms import AnswerForm
from league.availability.links import LinkInvalid, link_target
from league.availability.models import Availability
from league.availability.services import availability_answer as answer_service
from league.seasons.access import season_manager_required
from league.seasons.models import Fixture, Player, Team
from league.seasons.selectors import season_for
from league.web import report
from wording.when import day

NOT_YOURS = "Only the fixture's players, their captains or a league manager answer for it."


def _said(player: Player, answer: str, *, own: bool) -> str:
    label = Availability.Answer(answer).label.lower()
    return f"Saved: {'you' if own else player.name}, {label}."


def _back(request: HttpRequest, default: str) -> HttpResponse:
    """To the page the buttons were on (a path of this site), else `default`."""
    target = request.POST.get("next", "")
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return HttpResponseRedirect(iri_to_uri(target))
    return redirect(default)


def _form_errors(request: HttpRequest, form: AnswerForm) -> None:
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)


@require_POST
@login_required
def availability_answer(request: HttpRequest, pk: int) -> HttpResponse:
    """A signed-in player answers for themselves; a captain or manager may name the player."""
    fixture = get_object_or_404(Fixture.objects.select_related("season__league"), pk=pk)
    user = request.user
    permissions.deny_unless(
        bool(permissions.team_ids_for(user) & fixture.team_ids())
        or permissions.can_act_for_fixture(user, fixture),
        NOT_YOURS,
    )
    form = AnswerForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(request, "home")
    own_id = permissions.player_id_for(user)
    player_id = form.cleaned_data["player"] or own_id
    if player_id is None:
        messages.error(request, "Choose whose answer this is.")
        return _back(request, "home")
    player = get_object_or_404(Player, pk=player_id)
    try:  # a captain of the other team naming this player is refused there (403)
        row = answer_service(
            fixture=fixture, player=player, answer=form.cleaned_data["answer"], via="page", by=user
        )
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(request, _said(player, row.answer, own=player.pk == own_id))
    return _back(request, "home")


@never_cache
@require_http_methods(["GET", "POST"])
def availability_link(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The reminder's link: the fixture and three buttons. A GET writes nothing (mail
    scanners open links); the POST answers for the player the link was made for."""
    try:
        fixture, player = link_target(token, pk)
    except LinkInvalid:
        return render(request, "league/availability/link_invalid.html", status=404)
    status, error, done = 200, "", ""
    if request.method == "POST":
        form = AnswerForm(request.POST)
        if not form.is_valid():
            status, error = 400, " ".join(e for errs in form.errors.values() for e in errs)
        else:
            try:
                row = answer_service(
                    fixture=fixture, player=player, answer=form.cleaned_data["answer"], via="link"
                )
            except ValidationError as exc:
                status, error = 400, " ".join(exc.messages)
            else:
                done = row.answer
    current = (
        Availability.objects.filter(fixture=fixture, player=player)
        .values_list("answer", flat=True)
        .first()
    )
    return render(
        request,
        "league/availability/link.html",
        {
            "fixture": fixture,
            "player": player,
            "answer": current or "",
            "done": done,
            "error": error,
            "answers": Availability.Answer.choices,
            "night": day(fixture.date),
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def team_availability(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's answers per upcoming fixture; its captain (or a manager) sets an answer
    for a player who told them in person."""
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=pk)
    user = request.user
    permissions.deny_unless(
        permissions.can_view_team_private(user, team), "Only the team and its league see this."
    )
    may_set = permissions.can_act_for_team(user, team)
    if request.method == "POST":
        permissions.deny_unless(may_set, "Only the team's captain or a league manager do that.")
        form = AnswerForm(request.POST)
        if not form.is_valid():
            _form_errors(request, form)
        elif not (form.cleaned_data["fixture"] and form.cleaned_data["player"]):
            messages.error(request, "Choose the fixture and the player.")
        else:
            fixture = get_object_or_404(
                Fixture.objects.filter(Q(home=team) | Q(away=team)),
                pk=form.cleaned_data["fixture"],
            )
            player = get_object_or_404(Player, pk=form.cleaned_data["player"])
            try:
                row = answer_service(
                    fixture=fixture,
                    player=player,
                    answer=form.cleaned_data["answer"],
                    via="page",
                    by=user,
                )
            except ValidationError as exc:
                report(request, exc)
            else:
                messages.success(request, _said(player, row.answer, own=False))
        return redirect("league:team_availability", pk=team.pk)
    return render(
        request,
        "league/availability/team.html",
        {
            "team": team,
            "nights": selectors.team_nights(team),
            "may_set": may_set,
            "answers": Availability.Answer.choices,
        },
    )


@require_GET
@season_manager_required
def season_availability(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """Every upcoming fixture of the season with each team's count; the short ones first."""
    season_obj = season_for(league, season)
    fixtures = selectors.upcoming_fixtures(season=season_obj)
    counts = selectors.fixtures_headcounts(fixtures)
    return render(
        request,
        "league/availability/season.html",
        {
            "season": season_obj,
            "shortfalls": selectors.shortfalls_of(fixtures, counts),
            "rows": [(f, counts[f.pk][f.home_id], counts[f.pk][f.away_id]) for f in fixtures],
            "days": selectors.AHEAD_DAYS,
        },
    )
