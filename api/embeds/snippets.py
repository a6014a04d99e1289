"""The snippets a club copies into its own site: an iframe per embed, with its real address."""

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import escape

from league.seasons.models import Season
from tournaments.models import Tournament

# The frame's height in pixels, per embed: a table of a dozen rows.
HEIGHTS = {"standings": 560, "schedule": 480, "leaderboard": 640}
FRAME_STYLE = "width:100%;border:0"


@dataclass(frozen=True)
class Snippet:
    label: str  # what the embed shows, for the staff page
    url: str  # the embed's address (absolute)
    html: str  # the iframe to copy, as text


def _iframe(url: str, title: str, height: int) -> str:
    attributes = {
        "src": url,
        "title": title,
        "loading": "lazy",
        "style": FRAME_STYLE,
        "height": str(height),
    }
    written = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items())
    return f"<iframe {written}></iframe>"


def _snippet(request: HttpRequest, kind: str, label: str, name: str, args: list) -> Snippet:
    url = request.build_absolute_uri(reverse(name, args=args))
    return Snippet(label, url, _iframe(url, label, HEIGHTS[kind]))


def season_snippets(request: HttpRequest, season: Season) -> list[Snippet]:
    args = [season.league.slug, season.slug]
    named = f"{season.league.name} {season.name}"
    return [
        _snippet(request, "standings", f"Standings · {named}", "embed:standings", args),
        _snippet(request, "schedule", f"Schedule · {named}", "embed:schedule", args),
    ]


def event_snippets(request: HttpRequest, tournament: Tournament) -> list[Snippet]:
    if not tournament.is_progressive:
        return []
    label = f"Leaderboard · {tournament.name}"
    return [_snippet(request, "leaderboard", label, "embed:leaderboard", [tournament.slug])]
