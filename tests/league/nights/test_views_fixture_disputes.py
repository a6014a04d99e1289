"""A disputed card on the fixture page: its managers see both cards in team names, what
differs and Settle, and come back to the page once settled; nobody else sees or settles it.
The dispute's notice links to that place."""

import re

import pytest
from django.urls import reverse

from league.nights.services.results import (
    GameScore,
    fixture_dispute_card,
    fixture_submit_scores,
)
from league.seasons.models import League
from notices.models import Notice
from scoring.models import Scorecard
from tests.factories import manager_user, player_user
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def _page(client, user, fixture) -> str:
    if user is not None:
        client.force_login(user)
    return client.get(reverse("league:fixture_detail", args=[fixture.pk])).content.decode()


def _disputed(n, *, away_card: bool = False):
    """Home enters game 1 as 10-4; away disputes it, or first enters its own 10-8 which
    home then disputes (two cards)."""
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    if away_card:
        fixture_submit_scores(fixture=n.fixture, user=n.away_captain, scores=[GameScore(1, 10, 8)])
        fixture_dispute_card(fixture=n.fixture, number=1, user=n.home_captain, reason="Was 10-4")
    else:
        fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="Was 10-8")


def _section(html: str) -> str:
    match = re.search(r'<section id="disputes".*?</section>', html, re.S)
    assert match, "no disputes on the page"
    return match.group(0)


def test_the_manager_sees_the_dispute_with_both_cards_what_differs_and_settle(client):
    n = night()
    _disputed(n, away_card=True)
    section = _section(_page(client, manager_user(n.season.league), n.fixture))
    assert f"{n.home} disputed {n.away}'s card" in section and "Was 10-4" in section
    assert f"{n.home} 10 – 8 {n.away}" in section  # the disputed card (away's)
    assert f"{n.home} 10 – 4 {n.away}" in section  # the home captain's card before it
    assert f"What differs:</strong> {n.away}: 8 on one card, 4 on the other" in section
    assert "Settle game 1" in section
    assert "N-S" not in section and "E-W" not in section


def test_one_card_disputed_shows_the_reason_and_settle(client):
    n = night()
    _disputed(n)
    html = _page(client, manager_user(n.season.league), n.fixture)
    section = _section(html)
    assert f"{n.away} disputed {n.home}'s card" in section and "Was 10-8" in section
    assert f"{n.away} entered no card of its own" in section
    # the manager settles; they don't enter a new card for the disputed game
    assert 'id="score-game-1"' not in html


@pytest.mark.parametrize("who", ["anonymous", "player", "home", "away", "other_league_manager"])
def test_nobody_but_the_leagues_managers_sees_settle(client, who):
    n = night()
    _disputed(n)
    user = {
        "anonymous": lambda: None,
        "player": lambda: player_user(team=n.home)[0],
        "home": lambda: n.home_captain,
        "away": lambda: n.away_captain,
        "other_league_manager": lambda: manager_user(
            League.objects.create(name="Other", slug="other")
        ),
    }[who]()
    html = _page(client, user, n.fixture)
    assert 'id="disputes"' not in html and "Settle game" not in html


def test_settling_from_the_fixture_page_comes_back_to_it(client):
    n = night()
    _disputed(n)
    card = Scorecard.objects.get()
    client.force_login(manager_user(n.season.league))
    back = reverse("league:fixture_detail", args=[n.fixture.pk])
    response = client.post(
        reverse("scoring:game_settle", args=[card.game_id]),
        {
            "basis": "final",
            "score_NS": "10",
            "score_EW": "8",
            "reason": "Both agreed",
            "next": back,
        },
    )
    assert response.status_code == 302 and response["Location"] == back
    card.refresh_from_db()
    assert card.status == "settled" and card.current_version.ew_total == 8
    assert 'id="disputes"' not in client.get(back).content.decode()


def test_another_leagues_manager_cannot_settle_by_crafted_post(client):
    n = night()
    _disputed(n)
    card = Scorecard.objects.get()
    client.force_login(manager_user(League.objects.create(name="Other", slug="other")))
    response = client.post(
        reverse("scoring:game_settle", args=[card.game_id]),
        {"basis": "current", "reason": "Mine now"},
    )
    assert response.status_code == 403
    card.refresh_from_db()
    assert card.status == "disputed"


def test_the_settle_page_names_the_teams(client):
    n = night()
    _disputed(n)
    card = Scorecard.objects.get()
    client.force_login(manager_user(n.season.league))
    html = client.get(reverse("scoring:game_settle", args=[card.game_id])).content.decode()
    assert f"{n.home} 10 – {n.away} 4" in html
    assert f">{n.home} <input" in html or f"{n.home} <input" in html
    assert "N-S" not in html and "E-W" not in html


def test_the_dispute_notice_links_to_where_its_managers_settle_it():
    n = night()
    _disputed(n)
    notice = Notice.objects.get(kind=Notice.Kind.CARD_DISPUTED)
    assert notice.link == reverse("league:fixture_detail", args=[n.fixture.pk]) + "#disputes"
    assert "Settle" in notice.body


def test_a_double_click_on_settle_settles_once_and_answers_with_a_message(client):
    n = night()
    _disputed(n)
    card = Scorecard.objects.get()
    client.force_login(manager_user(n.season.league))
    back = reverse("league:fixture_detail", args=[n.fixture.pk])
    data = {"basis": "current", "reason": "Card stands", "next": back}
    url = reverse("scoring:game_settle", args=[card.game_id])
    assert client.post(url, data).status_code == 302
    again = client.post(url, data)
    assert again.status_code == 200 and "entry-error" in again.content.decode()
    assert card.versions.filter(kind="settlement").count() == 1
