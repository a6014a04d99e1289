"""What is wrong with each game of a fixture's card, in the fixture's team names.

`fixture_submit_scores` refuses a card with every bad game at once (`GameProblems`); the
fixture page also asks `fixture_score_problems` for the games it could read while others
were mistyped, so a captain sees every game's problem after one tap.
"""

from collections.abc import Sequence
from typing import Protocol

from django.core.exceptions import ValidationError

from league.seasons.models import Fixture
from scoring.engine import check_final_scores


class Score(Protocol):
    number: int
    home: int
    away: int
    timed_out: bool


class GameProblems(ValidationError):
    """What is wrong with each game of a card, every bad game at once.

    `by_game` maps a game's number to its problems (in the fixture's team names); the
    messages are the same, each led by its game ("Game 2: …").
    """

    def __init__(self, by_game: dict[int, list[str]]) -> None:
        self.by_game = dict(sorted(by_game.items()))
        super().__init__([f"Game {n}: {m}" for n, msgs in self.by_game.items() for m in msgs])


def in_team_names(message: str, fixture: Fixture) -> str:
    """A scoring message about N-S and E-W, in the fixture's team names (home sits N-S)."""
    return message.replace("N-S", str(fixture.home)).replace("E-W", str(fixture.away))


def fixture_score_problems(*, fixture: Fixture, scores: Sequence[Score]) -> dict[int, list[str]]:
    """Each game's problems under the season's rule set, checked without writing anything
    (the submit checks again, under the game's own rule set)."""
    rule_set = fixture.season.rule_set
    if rule_set is None:
        return {}
    spec = rule_set.to_spec()
    found = {}
    for score in scores:
        problems = check_final_scores(
            spec, {"NS": score.home, "EW": score.away}, timed_out=score.timed_out
        )
        if problems:
            found[score.number] = [in_team_names(p, fixture) for p in problems]
    return found
