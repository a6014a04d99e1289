from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from accounts import permissions
from accounts.forms import AccountForm, SignOutEverywhereForm
from accounts.sign_in_links import account_phone_of
from home.selectors import account_overview, staff_events
from home.services import account_update
from league.availability.selectors import (
    Headcount,
    teams_nights,
    user_nights,
)
from league.nights.selectors.tonight import team_fixtures_due, tonight_for
from league.seasons.models import League
from league.seasons.selectors import teams_for_user
from money.registrations.selectors import registrations_of
from tournaments.models import Tournament
from tournaments.selectors.my_seats import seats_tonight


def home(request: HttpRequest) -> HttpResponse:
    """Signed in, the start page: tonight's fixtures with the step due on each, the
    person's next nights to say whether they are coming (and, for captains, those where the
    team will be short), and the managed leagues' nights; then (and for everyone else) the
    leagues and tournaments."""
    user = request.user
    nights = user_nights(user)
    return render(
        request,
        "home/home.html",
        {
            "tonight": tonight_for(user),
            "my_nights": nights.mine,
            "short_handed": nights.short,
            "my_seats": seats_tonight(request.user),
            "my_events": staff_events(request.user),
            "leagues": League.objects.all()[:20],
            "tournaments": Tournament.objects.order_by("-date")[:10],
        },
    )


@permissions.staff_required
def manage(request: HttpRequest) -> HttpResponse:
    return render(request, "home/manage.html")


@login_required
def my_team(request: HttpRequest) -> HttpResponse:
    """Each team with its roster, the fixtures that matter now (the start page's) and who is
    coming to its next nights (with the person's own answer buttons)."""
    dues = team_fixtures_due(request.user)
    own = permissions.player_id_for(request.user)
    teams_list = list(teams_for_user(request.user))
    nights = teams_nights([team.pk for team in teams_list])
    teams = [
        (
            team,
            [due for due in dues if due.team.pk == team.pk],
            [(night, _own_answer(night.headcount, own)) for night in nights[team.pk]],
        )
        for team in teams_list
    ]
    return render(request, "home/my_team.html", {"teams": teams, "today": timezone.localdate()})


def _own_answer(count: Headcount, player_id: int | None) -> str | None:
    """The person's answer ("" none yet), or None when they don't play that night."""
    if player_id is None or all(p.pk != player_id for p in count.players):
        return None
    return count.answer_of(player_id)


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The person's own page: details, notices, teams and events, password and sessions."""
    user = request.user
    overview = account_overview(user)
    player = overview.player
    initial = {
        "name": (player.name if player else "") or user.get_full_name() or user.get_username(),
        "email": user.email or (player.email if player else ""),
        "phone": player.phone if player else account_phone_of(user),
        "sms_opt_in": player.sms_opt_in if player else False,
    }
    form = AccountForm(
        request.POST if request.method == "POST" else None,
        initial=initial,
        request=request,
        user=user,
        has_player=player is not None,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            changed = account_update(
                user=user,
                name=data["name"],
                email=data["email"],
                phone=data.get("phone"),
                sms_opt_in=data.get("sms_opt_in") if player else None,
            )
        except ValidationError as exc:
            user.refresh_from_db()
            for name, errors in exc.message_dict.items():
                form.add_error(name if name in form.fields else None, errors)
        else:
            if changed:
                messages.success(request, f"Saved your {_listed(changed)}.")
            else:
                messages.info(request, "Nothing to change.")
            return redirect("account")
    return render(
        request,
        "home/account.html",
        {
            "form": form,
            "overview": overview,
            "my_registrations": registrations_of(user),
            "sign_out_form": SignOutEverywhereForm(request=request),
        },
    )


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
