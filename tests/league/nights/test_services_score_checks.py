"""A fixture's card with several bad games is refused with every game's problem at once, in
the fixture's team names, and writes nothing."""

import pytest

from league.nights.services.results import GameScore, fixture_submit_scores
from league.nights.services.score_checks import (
    GameProblems,
    fixture_score_problems,
    in_team_names,
)
from scoring.models import ScorecardVersion
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def test_every_bad_game_of_a_card_is_refused_at_once_and_nothing_is_written():
    n = night()
    scores = [GameScore(1, 12, 3), GameScore(2, 10, 6), GameScore(3, 10, 10)]
    with pytest.raises(GameProblems) as refused:
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    assert sorted(refused.value.by_game) == [1, 3]
    assert refused.value.messages[0].startswith("Game 1: ")
    assert any(m.startswith("Game 3: ") for m in refused.value.messages)
    assert not ScorecardVersion.objects.exists()


def test_the_problems_name_the_teams_not_the_seats():
    n = night()
    problems = fixture_score_problems(fixture=n.fixture, scores=[GameScore(1, -1, 10)])
    assert problems == {1: [f"{n.home}'s score can't be negative."]}
    assert in_team_names("N-S 3, E-W 4", n.fixture) == f"{n.home} 3, {n.away} 4"


def test_a_possible_card_has_no_problems():
    n = night()
    assert fixture_score_problems(fixture=n.fixture, scores=[GameScore(1, 10, 4)]) == {}
