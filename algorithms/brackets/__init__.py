"""Elimination brackets, pure: no ORM, plain data in and out.

- ``single``: single elimination with standard seeding, byes to the top seeds,
  best-of-N series and an optional consolation bracket (league playoffs,
  tournament partner brackets).
- ``double``: double elimination: a winners' bracket, a losers' bracket and a
  grand final with an optional reset match.
- ``places``: the final places a bracket has decided (champion, runner-up,
  third...), tied where a format does not separate teams.

Everything the league and the tournaments use is importable from here.
"""

from algorithms.brackets.double import DoubleBracket, build_double
from algorithms.brackets.places import Placing, placings
from algorithms.brackets.single import (
    Bracket,
    BracketName,
    Entrant,
    Match,
    Outcome,
    Source,
    advance,
    advance_series,
    build_bracket,
    champion,
    series_needs_game,
    series_winner,
    standard_seed_order,
)

__all__ = [
    "Bracket",
    "BracketName",
    "DoubleBracket",
    "Entrant",
    "Match",
    "Outcome",
    "Placing",
    "Source",
    "advance",
    "advance_series",
    "build_bracket",
    "build_double",
    "champion",
    "placings",
    "series_needs_game",
    "series_winner",
    "standard_seed_order",
]
