from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league.models import League


def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "league/league_list.html", {"leagues": League.objects.all()})


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    seasons = league.seasons.all()
    return render(request, "league/league_detail.html", {"league": league, "seasons": seasons})
