from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament


def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.select_related("director")
    return render(request, "tournaments/tournament_list.html", {"tournaments": tournaments})
