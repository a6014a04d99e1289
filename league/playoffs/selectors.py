"""Playoff reads: each bracket's rounds and series for the bracket page (fixed queries)."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch

from league.playoffs.models import PlayoffBracket, PlayoffMatch, PlayoffRound
from league.seasons.models import Season


@dataclass
class RoundView:
    number: int
    name: str
    date: datetime.date | None
    matches: list[PlayoffMatch] = field(default_factory=list)


@dataclass
class BracketView:
    bracket: PlayoffBracket
    rounds: list[RoundView]

    @property
    def open_series(self) -> list[PlayoffMatch]:
        return [m for r in self.rounds for m in r.matches if m.ready and m.winner_id is None]


def _round_name(number: int, total: int) -> str:
    left = total - number
    return {0: "Final", 1: "Semifinals", 2: "Quarterfinals"}.get(left, f"Round {number}")


def season_brackets(season: Season) -> list[BracketView]:
    brackets = (
        PlayoffBracket.objects.filter(season=season)
        .select_related("skill_level", "champion")
        .prefetch_related(
            Prefetch(
                "matches",
                queryset=PlayoffMatch.objects.select_related(
                    "top", "bottom", "winner", "fixture"
                ).order_by("round", "position"),
            ),
            Prefetch("rounds", queryset=PlayoffRound.objects.order_by("number")),
        )
    )
    views = []
    for bracket in brackets:
        dates = {r.number: r.date for r in bracket.rounds.all()}
        matches = list(bracket.matches.all())
        total = max((m.round for m in matches), default=0)
        rounds = [RoundView(n, _round_name(n, total), dates.get(n)) for n in range(1, total + 1)]
        for match in matches:
            rounds[match.round - 1].matches.append(match)
        views.append(BracketView(bracket, rounds))
    return views
