"""The demo shows tonight's start page out of the box: each demo account signs in to the
step due tonight (enter, confirm, sign the waiver, settle), and the fixture pages agree."""

import pytest
from django.urls import reverse

from league.demo.nights import tonight
from league.demo.seasons import demo_season
from tests.league.demo.test_journeys import log_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(demo_today):
    return tonight(demo_season())


def _home(client, username: str) -> str:
    log_in(client, username)
    return client.get(reverse("home")).content.decode()


def _fixture_url(fixture) -> str:
    return reverse("league:fixture_detail", args=[fixture.pk])


def test_the_demo_captain_sees_tonights_card_to_enter_first(client, night):
    assert night.demo.home.roster.filter(role="captain", player__user__username="captain")
    html = _home(client, "captain")
    assert f'href="{_fixture_url(night.demo)}#enter-scores" role="button">Enter the card' in html
    assert html.index("Enter the card") < html.index("Leagues and tournaments")
    page = client.get(_fixture_url(night.demo)).content.decode()
    assert 'id="eligibility"' not in page and '<section id="enter-scores"' in page


def test_the_waiting_away_captain_sees_three_cards_to_confirm_first(client, night):
    captain = night.waiting.away.roster.get(role="captain").player.user
    html = _home(client, captain.username)
    assert f'href="{_fixture_url(night.waiting)}#confirm-cards"' in html
    assert "Confirm all 3 cards" in html
    page = client.get(_fixture_url(night.waiting)).content.decode()
    assert page.index('id="confirm-cards"') < page.index('<details id="enter-scores"')


def test_the_demo_player_is_sent_to_sign_the_waiver(client, night):
    season = night.demo.season
    html = _home(client, "player")
    assert f"Sign the {season.name} waiver" in html
    assert reverse("league:waiver_sign", args=[season.league.slug, season.slug]) in html


def test_the_demo_manager_sees_the_dispute_and_the_missing_cards(client, night):
    html = _home(client, "manager")
    season = night.demo.season
    queue = reverse("league:results_queue", args=[season.league.slug, season.slug])
    assert f'<a href="{queue}">Settle 1 disputed card</a>' in html
    assert "fixtures missing cards" in html
