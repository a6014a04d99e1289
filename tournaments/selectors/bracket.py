"""Reads for the bracket page: rounds of matches with their series games and results."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from scoring.selectors import confirmed_results
from tournaments.models import BracketMatch, MatchGame, Tournament


@dataclass
class SeriesGame:
    number: int
    game_id: int
    top_is_ns: bool
    top_score: int | None = None
    bottom_score: int | None = None

    @property
    def confirmed(self) -> bool:
        return self.top_score is not None


@dataclass
class MatchView:
    match: BracketMatch
    games: list[SeriesGame] = field(default_factory=list)

    @property
    def open_game(self) -> SeriesGame | None:
        """The game being played now (the first without a confirmed card)."""
        if self.match.winner_id is not None:
            return None
        return next((g for g in self.games if not g.confirmed), None)


@dataclass
class BracketRound:
    number: int
    name: str
    matches: list[MatchView]


def _round_name(number: int, total: int) -> str:
    from_end = total - number
    return {0: "Final", 1: "Semifinals", 2: "Quarterfinals"}.get(from_end, f"Round {number}")


def bracket_view(tournament: Tournament) -> dict[str, list[BracketRound]]:
    """{"main": rounds, "consolation": rounds}, in a fixed number of queries."""
    matches = list(
        tournament.bracket_matches.select_related(
            "top__player", "top__partner", "bottom__player", "bottom__partner"
        ).prefetch_related(Prefetch("games", queryset=MatchGame.objects.order_by("number")))
    )
    game_ids = [g.game_id for m in matches for g in m.games.all()]
    results = confirmed_results(game_ids) if game_ids else {}
    grouped: dict[str, dict[int, list[MatchView]]] = {}
    for match in matches:
        view = MatchView(match)
        for g in match.games.all():
            series_game = SeriesGame(g.number, g.game_id, g.top_is_ns)
            result = results.get(g.game_id)
            if result is not None:
                ns, ew = result.ns_total, result.ew_total
                series_game.top_score, series_game.bottom_score = (
                    (ns, ew) if g.top_is_ns else (ew, ns)
                )
            view.games.append(series_game)
        grouped.setdefault(match.bracket, {}).setdefault(match.round, []).append(view)
    out: dict[str, list[BracketRound]] = {}
    for bracket, rounds in grouped.items():
        total = max(rounds)
        out[bracket] = [
            BracketRound(
                n, _round_name(n, total), sorted(rounds[n], key=lambda v: v.match.position)
            )
            for n in sorted(rounds)
        ]
    return out
