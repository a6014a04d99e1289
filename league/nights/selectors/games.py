"""Which league a scoring game belongs to (scoring asks through `scoring.owners`)."""

from activity.models import Scope
from league.nights.models import FixtureGame
from scoring.models import Game


def game_league_scope(game_id: int) -> tuple[str, int] | None:
    """("league", league id) for a fixture's game or a game between two league teams;
    None for a game that isn't the league's (a tournament table)."""
    league_id = (
        FixtureGame.objects.filter(game_id=game_id)
        .values_list("fixture__season__league_id", flat=True)
        .first()
    )
    if league_id is None:
        league_id = (
            Game.objects.filter(pk=game_id, ns_team__isnull=False)
            .values_list("ns_team__season__league_id", flat=True)
            .first()
        )
    return (Scope.LEAGUE, league_id) if league_id is not None else None
