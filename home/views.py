from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import permissions
from league.seasons.models import League
from league.seasons.selectors import teams_for_user
from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "home/home.html",
        {
            "leagues": League.objects.all()[:20],
            "tournaments": Tournament.objects.order_by("-date")[:10],
        },
    )


@permissions.staff_required
def manage(request: HttpRequest) -> HttpResponse:
    return render(request, "home/manage.html")


@login_required
def my_team(request: HttpRequest) -> HttpResponse:
    return render(request, "home/my_team.html", {"teams": teams_for_user(request.user)})
