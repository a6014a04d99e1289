"""Which tournament a scoring game belongs to (scoring asks through `scoring.owners`)."""

from activity.models import Scope
from tournaments.models import HeatMatch, MatchGame, Table


def game_tournament_scope(game_id: int) -> tuple[str, int] | None:
    """("tournament", id) for a progressive table's, bracket series' or heat's game; else
    None. One query: the three owners are asked together."""
    tables = Table.objects.filter(game_id=game_id).values_list("round__tournament_id")
    series = MatchGame.objects.filter(game_id=game_id).values_list("match__tournament_id")
    heats = HeatMatch.objects.filter(game_id=game_id).values_list("heat__stage__tournament_id")
    either = tables.order_by().union(series.order_by(), heats.order_by()).order_by()
    found = list(either[:1])
    return (Scope.TOURNAMENT, found[0][0]) if found else None
