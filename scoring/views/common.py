"""Small helpers the scoring views share."""

from django.http import Http404, HttpRequest

from scoring.models import Game, ScorecardVersion
from scoring.selectors import game_for_card


def game_or_404(game_id: int) -> Game:
    game = game_for_card(game_id)
    if game is None:
        raise Http404("No such game.")
    return game


def posted_version(request: HttpRequest, game: Game) -> ScorecardVersion:
    """The version named in the POST, which must belong to this game."""
    raw = request.POST.get("version", "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18:
        raise Http404("No such card.")
    version = (
        ScorecardVersion.objects.select_related("scorecard")
        .filter(pk=int(raw), scorecard__game_id=game.pk)
        .first()
    )
    if version is None:
        raise Http404("No such card.")
    version.scorecard.game = game  # already loaded with its seats
    return version
