"""Which league a scoring game belongs to (scoring asks through `scoring.owners`)."""

from activity.models import Scope
from league.nights.models import FixtureGame


def game_league_scope(game_id: int) -> tuple[str, int] | None:
    """("league", league id) for a fixture's game; None for a game that isn't the league's."""
    league_id = (
        FixtureGame.objects.filter(game_id=game_id)
        .values_list("fixture__season__league_id", flat=True)
        .first()
    )
    return (Scope.LEAGUE, league_id) if league_id is not None else None
