"""Two captains at once, or a double click, through the fixture page: one version chain, no 500."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from league.nights.models import FixtureGame
from league.nights.services.results import (
    GameScore,
    fixture_confirm_cards,
    fixture_games_ensure,
    fixture_submit_scores,
)
from notices.models import Notice
from scoring.models import Scorecard, ScorecardVersion
from tests.concurrency import at_once
from tests.league.night_factories import night

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _one_chain(fixture, number):
    card = Scorecard.objects.get(
        game__fixture_game__fixture=fixture, game__fixture_game__number=number
    )
    versions = list(ScorecardVersion.objects.filter(scorecard=card).order_by("number"))
    assert [v.number for v in versions] == list(range(1, len(versions) + 1))
    assert [v.previous_id for v in versions] == [None, *[v.pk for v in versions[:-1]]]
    assert card.current_version_id == versions[-1].pk
    assert [v.state for v in versions[:-1]] == ["replaced"] * (len(versions) - 1)
    return versions


@pytest.mark.parametrize("games_exist", [False, True])
def test_both_captains_submitting_the_same_game_at_once_leave_one_chain(games_exist):
    n = night()
    if games_exist:  # otherwise the race is also to create the fixture's games
        fixture_games_ensure(fixture=n.fixture)
    outcomes = at_once(
        lambda: fixture_submit_scores(
            fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)]
        ),
        lambda: fixture_submit_scores(
            fixture=n.fixture, user=n.away_captain, scores=[GameScore(1, 10, 6)]
        ),
    )
    assert all(isinstance(o, list) for o in outcomes), outcomes
    assert FixtureGame.objects.filter(fixture=n.fixture).count() == 3
    versions = _one_chain(n.fixture, 1)
    assert sorted(v.submitted_for for v in versions) == ["EW", "NS"]


def test_a_double_click_makes_one_version_per_game_and_one_notice():
    n = night()
    submit = lambda: fixture_submit_scores(  # noqa: E731
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 3, 10)],
    )
    outcomes = at_once(submit, submit, submit)
    assert all(isinstance(o, list) for o in outcomes), outcomes
    assert len(_one_chain(n.fixture, 1)) == len(_one_chain(n.fixture, 2)) == 1
    assert Notice.objects.filter(kind=Notice.Kind.CARD_AWAITING_CONFIRMATION).count() == 1


def test_two_confirmations_at_once_confirm_once_and_explain_the_other():
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    confirm = lambda: fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)  # noqa: E731
    outcomes = at_once(confirm, confirm)
    kinds = sorted(type(o).__name__ for o in outcomes)
    assert kinds == ["ValidationError", "list"], outcomes
    refused = next(o for o in outcomes if isinstance(o, ValidationError))
    assert "waiting for your confirmation" in refused.messages[0]
    assert ScorecardVersion.objects.filter(state="confirmed").count() == 1


def test_simultaneous_posts_to_the_fixture_page_never_answer_500():
    n = night()
    url = reverse("league:fixture_submit", args=[n.fixture.pk])
    data = {"home_1": "10", "away_1": "4", "home_2": "10", "away_2": "7"}

    def post(user):
        client = Client()
        client.force_login(user)
        return client.post(url, data).status_code

    outcomes = at_once(
        lambda: post(n.home_captain),
        lambda: post(n.home_captain),
        lambda: post(n.away_captain),
    )
    assert outcomes == [302, 302, 302], outcomes
    _one_chain(n.fixture, 1)
    _one_chain(n.fixture, 2)
