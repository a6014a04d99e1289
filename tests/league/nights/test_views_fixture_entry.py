"""The fixture page's score form: a refused card keeps what was typed and says beside every
bad game what is wrong; a saved card shows as saved, waiting for the other captain."""

import re

import pytest
from django.urls import reverse

from league.nights.services.results import GameScore, fixture_submit_scores
from scoring.models import ScorecardVersion
from tests.factories import manager_user
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def _page(client, user, fixture) -> str:
    client.force_login(user)
    response = client.get(reverse("league:fixture_detail", args=[fixture.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _post(client, user, fixture, data) -> str:
    client.force_login(user)
    response = client.post(reverse("league:fixture_submit", args=[fixture.pk]), data)
    assert response.status_code == 200  # the page again, not a redirect to an empty form
    return response.content.decode()


def _game(html: str, number: int) -> str:
    """The fieldset of game `number` in the page's score form."""
    match = re.search(rf'<fieldset[^>]*id="score-game-{number}".*?</fieldset>', html, re.S)
    assert match, f"no boxes for game {number}"
    return match.group(0)


def _value(fieldset: str, name: str) -> str | None:
    match = re.search(rf'<input[^>]*name="{name}"[^>]*>', fieldset)
    assert match, name
    value = re.search(r'value="([^"]*)"', match.group(0))
    return value.group(1) if value else None


def test_every_impossible_game_is_told_beside_it_and_everything_typed_stays(client):
    n = night()
    html = _post(
        client,
        n.home_captain,
        n.fixture,
        {
            "home_1": "12",
            "away_1": "3",
            "home_2": "10",
            "away_2": "10",
            "home_3": "10",
            "away_3": "6",
        },
    )
    first, second, third = _game(html, 1), _game(html, 2), _game(html, 3)
    assert (_value(first, "home_1"), _value(first, "away_1")) == ("12", "3")
    assert (_value(second, "home_2"), _value(second, "away_2")) == ("10", "10")
    assert (_value(third, "home_3"), _value(third, "away_3")) == ("10", "6")
    assert "game-problems" in first and "record the winner&#x27;s score as 10" in first
    assert "game-problems" in second and "both sides can&#x27;t have 10" in second
    assert "game-problems" not in third
    assert "N-S" not in first + second  # the teams by name
    assert n.home.name in first
    assert not ScorecardVersion.objects.exists()


def test_a_mistyped_box_and_an_impossible_game_are_both_told_at_once(client):
    n = night()
    html = _post(
        client,
        n.home_captain,
        n.fixture,
        {"home_1": "10", "away_1": "", "home_2": "10", "away_2": "10", "timed_out_2": "on"},
    )
    assert "Enter both teams&#x27; scores, or neither." in _game(html, 1)
    assert _value(_game(html, 1), "home_1") == "10"
    assert "game-problems" in _game(html, 2)
    assert "checked" in re.search(r'<input[^>]*name="timed_out_2"[^>]*>', html).group(0)
    assert "game-problems" not in _game(html, 3)
    assert not ScorecardVersion.objects.exists()


def test_a_good_card_is_saved_and_shown_as_saved_not_as_an_empty_form(client):
    n = night()
    client.force_login(n.home_captain)
    url = reverse("league:fixture_submit", args=[n.fixture.pk])
    response = client.post(
        url,
        {
            "home_1": "10",
            "away_1": "4",
            "home_2": "7",
            "away_2": "10",
            "home_3": "10",
            "away_3": "9",
        },
        follow=True,
    )
    html = response.content.decode()
    assert ScorecardVersion.objects.count() == 3
    saved = re.search(r'<section id="saved-card".*?</section>', html, re.S).group(0)
    assert f"All 3 cards are saved and wait for {n.away.name}'s captain to confirm" in saved
    assert f"Game 1: {n.home.name} 10 – 4 {n.away.name}" in saved
    assert 'id="enter-scores"' not in html  # no fresh form above the saved card
    assert 'id="id_home_1"' not in html and 'id="change_home_1"' in html
    # The one follow-up: change a score while it waits, starting from what was saved.
    change = re.search(r'<details id="change-scores".*?</details>', saved, re.S).group(0)
    assert _value(_game(change, 2), "home_2") == "7"
    assert "Save the changed scores" in change


def test_a_game_left_blank_is_still_to_enter_below_the_saved_ones(client):
    n = night()
    fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4), GameScore(2, 7, 10)]
    )
    html = _page(client, n.home_captain, n.fixture)
    assert html.index('id="saved-card"') < html.index('id="enter-scores"')
    entry = re.search(r'<section id="enter-scores".*?</section>', html, re.S).group(0)
    assert "Still to enter" in entry
    assert 'id="score-game-3"' in entry and 'id="score-game-1"' not in entry


def test_changing_a_saved_score_replaces_the_card_before_it_is_confirmed(client):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    client.force_login(n.home_captain)
    url = reverse("league:fixture_submit", args=[n.fixture.pk])
    client.post(url, {"shown": "1", "home_1": "10", "away_1": "6"})
    current = ScorecardVersion.objects.order_by("-number").first()
    assert (current.ns_total, current.ew_total, current.state) == (10, 6, "pending")


def test_the_away_captain_still_confirms_first_and_a_manager_sees_the_card_waiting(client):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    away = _page(client, n.away_captain, n.fixture)
    assert 'id="confirm-cards"' in away and 'id="saved-card"' not in away
    manager = _page(client, manager_user(n.season.league), n.fixture)
    assert 'id="saved-card"' in manager and f"{n.away.name}'s captain to confirm" in manager


def test_the_shown_games_are_bounded_to_the_open_ones(client):
    n = night()
    html = _post(client, n.home_captain, n.fixture, {"shown": "9,²,x,1", "home_1": "10"})
    assert 'id="score-game-1"' in html and 'id="score-game-2"' not in html
    assert "Enter both teams&#x27; scores" in html
