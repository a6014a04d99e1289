"""The start page signed in: tonight's fixtures with the step due on each, first; managers'
league nights; the same fixtures on "My team"; a fixed number of queries."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import Role, RoleName, Scope
from league.nights.services.results import GameScore, fixture_dispute_card, fixture_submit_scores
from league.seasons.models import Fixture, RosterEntry, Team
from tests.factories import RosterEntryFactory, manager_user, player_user
from tests.league.factories import WaiverFactory
from tests.league.night_factories import night, night_season, ready_team
from wording.when import day

pytestmark = pytest.mark.django_db


def _page(client, user, name: str = "home") -> str:
    client.force_login(user)
    response = client.get(reverse(name))
    assert response.status_code == 200
    return response.content.decode()


def test_the_home_captain_sees_tonights_card_to_enter_first(client):
    n = night(date=timezone.localdate())
    html = _page(client, n.home_captain)
    entry = f'href="/leagues/fixtures/{n.fixture.pk}/#enter-scores" role="button">Enter the card'
    assert entry in html
    assert html.index(entry) < html.index("Leagues and tournaments")
    assert "<h1" in html and "Tonight</h1>" in html


def test_the_away_captain_sees_the_cards_to_confirm(client):
    n = night(date=timezone.localdate())
    fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 6, 10), GameScore(3, 10, 8)],
    )
    html = _page(client, n.away_captain)
    assert f'href="/leagues/fixtures/{n.fixture.pk}/#confirm-cards"' in html
    assert "Confirm all 3 cards" in html


def test_a_player_who_has_not_signed_is_sent_to_the_waiver(client):
    n = night(date=timezone.localdate())
    user, _ = player_user(team=n.home)
    html = _page(client, user)
    assert f"Sign the {n.season.name} waiver" in html
    assert reverse("league:waiver_sign", args=[n.season.league.slug, n.season.slug]) in html


def test_a_team_short_of_signed_players_is_told_before_the_night_with_the_fix(client):
    n = night(date=timezone.localdate())
    mate = n.home.roster.exclude(role=RosterEntry.Role.CAPTAIN).get()
    mate.player.waivers.all().delete()
    html = _page(client, n.home_captain)
    assert "needs 2 players with signed waivers" in html
    assert f"Not signed yet: {mate.player.name}" in html
    assert f'href="/leagues/teams/{n.home.pk}/#roster" role="button"' in html
    assert "Enter the card" not in html


def test_a_manager_sees_the_nights_disputes_and_missing_cards_with_their_pages(client):
    n = night(date=timezone.localdate())
    manager = manager_user(league=n.season.league)
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="10-8.")
    html = _page(client, manager)
    queue = reverse("league:results_queue", args=[n.season.league.slug, n.season.slug])
    assert f'id="night-{n.season.pk}"' in html
    assert f'<a href="{queue}">Settle 1 disputed card</a>' in html
    assert f'<a href="{queue}">1 fixture missing cards</a>' in html


def test_signed_out_visitors_get_the_welcome_page(client):
    night(date=timezone.localdate())
    html = client.get(reverse("home")).content.decode()
    assert "Euchre leagues and tournaments" in html
    assert 'id="tonight"' not in html


def test_my_team_shows_each_teams_next_fixture_and_its_step(client):
    n = night(date=timezone.localdate() + datetime.timedelta(days=3))
    html = _page(client, n.home_captain, "my_team")
    assert f'id="due-{n.fixture.pk}"' in html
    assert day(n.fixture.date) in html
    assert "Can&#x27;t make it? Announce a forfeit" in html


def _captain_of_many(count: int):
    """A captain (in as many seasons and leagues) with a fixture tonight and one next week in
    each, who also manages those leagues."""
    today = timezone.localdate()
    user, first = ready_team(night_season(), "Team 0")
    for number in range(count):
        season = first.season if number == 0 else night_season()
        team = first
        if number:
            team = Team.objects.create(season=season, name=f"Team {number}")
            RosterEntryFactory(team=team, player=user.player, role=RosterEntry.Role.CAPTAIN)
            WaiverFactory(player=RosterEntryFactory(team=team).player, season=season)
            WaiverFactory(player=user.player, season=season)
        _, other = ready_team(season, f"Other {number}")
        Fixture.objects.create(season=season, week=1, date=today, home=team, away=other, games=3)
        Fixture.objects.create(
            season=season,
            week=2,
            date=today + datetime.timedelta(days=7),
            home=other,
            away=team,
            games=3,
        )
        Role.objects.create(
            user=user, role=RoleName.MANAGER, scope_kind=Scope.LEAGUE, scope_id=season.league_id
        )
    return user


def _queries(client, user) -> int:
    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse("home")).status_code == 200
    return len(captured)


def test_the_start_page_reads_a_fixed_number_of_queries_however_many_teams(
    client, django_assert_max_num_queries
):
    few = _queries(client, _captain_of_many(1))
    many = _captain_of_many(5)
    client.force_login(many)
    with django_assert_max_num_queries(20):
        response = client.get(reverse("home"))
    html = response.content.decode()
    assert html.count("Enter the card") == 5
    assert html.count('id="night-') == 5
    assert _queries(client, many) == few
