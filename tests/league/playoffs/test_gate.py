"""Once a manager awards a playoff series, its games take no card and no correction."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.nights.models import FixtureGame
from league.nights.services.results import GameScore, fixture_confirm_cards, fixture_submit_scores
from league.playoffs.models import PlayoffMatch
from league.playoffs.services import playoff_match_award, playoffs_create, playoffs_team_removed
from league.seasons.models import Fixture
from scoring.owners import CardStep, card_refusals
from scoring.services import scorecard_correct
from tests.factories import manager_user
from tests.league.night_factories import captain_of, finished_season, playoff_dates

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(django_capture_on_commit_callbacks):
    """A final between One and Two, played today, with game 1 confirmed (One won it)."""
    season, teams = finished_season({"A": ["One", "Two"]})
    manager = manager_user()
    playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    match = PlayoffMatch.objects.select_related("fixture").get(round=1, position=1)
    Fixture.objects.filter(pk=match.fixture_id).update(date=timezone.localdate())
    fixture = Fixture.objects.select_related("home", "away", "season").get(pk=match.fixture_id)
    home, away = (10, 4) if fixture.home == teams["One"] else (4, 10)
    fixture_submit_scores(
        fixture=fixture, user=captain_of(fixture.home), scores=[GameScore(1, home, away)]
    )
    with django_capture_on_commit_callbacks(execute=True):
        fixture_confirm_cards(fixture=fixture, user=captain_of(fixture.away))
    return match, fixture, teams, manager


def _game(fixture, number):
    return FixtureGame.objects.select_related("game__scorecard").get(fixture=fixture, number=number)


def test_an_open_series_takes_its_cards(series):
    match, fixture, teams, manager = series
    for step in CardStep:
        assert card_refusals(_game(fixture, 2).game, step) == []


def test_an_awarded_series_refuses_a_new_card_with_the_reason(series):
    match, fixture, teams, manager = series
    playoff_match_award(match=match, winner=teams["Two"], by=manager, reason="One can't field two")
    with pytest.raises(ValidationError) as refused:
        fixture_submit_scores(
            fixture=fixture, user=captain_of(fixture.home), scores=[GameScore(2, 10, 2)]
        )
    message = " ".join(refused.value.messages)
    assert "awarded to Two" in message and "One can't field two" in message
    assert "takes no more cards" in message
    for step in CardStep:
        assert card_refusals(_game(fixture, 2).game, step)


def test_an_awarded_series_refuses_a_managers_correction(series):
    match, fixture, teams, manager = series
    playoff_match_award(match=match, winner=teams["Two"], by=manager, reason="One can't field two")
    card = _game(fixture, 1).game.scorecard
    before = card.current_version_id
    with pytest.raises(ValidationError, match="awarded to Two"):
        scorecard_correct(
            scorecard=card, user=manager, reason="Wrong way round", final_scores={"NS": 4, "EW": 10}
        )
    card.refresh_from_db()
    assert card.current_version_id == before


def test_a_series_given_away_by_a_removed_team_takes_no_card_either(series):
    match, fixture, teams, manager = series
    playoffs_team_removed(team=teams["One"])
    (reason,) = card_refusals(_game(fixture, 2).game, CardStep.DECIDE)
    assert reason.startswith("This series was awarded to Two: One was removed from the league.")
