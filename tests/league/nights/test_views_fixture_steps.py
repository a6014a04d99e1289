"""The fixture page's first step: what stops the card (with its fix) before any entry, the
cards to confirm before the entry form, one primary button, and tonight's forfeit clock."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.models import RosterEntry
from scoring.models import ScorecardVersion
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def _page(client, user, fixture) -> str:
    client.force_login(user)
    response = client.get(reverse("league:fixture_detail", args=[fixture.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _primary_buttons(html: str) -> list[str]:
    """Buttons and button links styled as the page's main action (Pico: no class)."""
    buttons = re.findall(r"<button type=\"submit\">([^<]*)</button>", html)
    links = re.findall(r"<a href=\"[^\"]*\" role=\"button\">([^<]*)</a>", html)
    return [text.strip() for text in buttons + links]


def _unsign_mate(team) -> RosterEntry:
    mate = team.roster.exclude(role=RosterEntry.Role.CAPTAIN).get()
    mate.player.waivers.all().delete()
    return mate


def test_a_short_team_is_told_before_entry_with_the_fix_and_no_form(client):
    n = night()
    mate = _unsign_mate(n.home)
    html = _page(client, n.home_captain, n.fixture)
    assert 'id="eligibility"' in html
    assert f"{n.home.name} needs 2 players with signed waivers" in html
    assert f"Not signed yet: {mate.player.name}" in html
    roster = reverse("league:team_detail", args=[n.home.pk]) + "#roster"
    assert f'<a href="{roster}" role="button">' in html
    assert reverse("league:sub_add", args=[n.home.pk]) in html
    assert 'name="home_1"' not in html
    assert html.index('id="eligibility"') < html.index('id="game-1"')


def test_the_submit_still_refuses_a_short_team(client):
    n = night()
    _unsign_mate(n.home)
    client.force_login(n.home_captain)
    response = client.post(
        reverse("league:fixture_submit", args=[n.fixture.pk]),
        {"home_1": "10", "away_1": "4"},
        follow=True,
    )
    assert "needs 2 players with signed waivers" in response.content.decode()
    assert not ScorecardVersion.objects.exists()


def test_once_the_waiver_is_signed_the_form_is_back(client):
    from tests.league.factories import WaiverFactory

    n = night()
    mate = _unsign_mate(n.home)
    WaiverFactory(player=mate.player, season=n.season)
    html = _page(client, n.home_captain, n.fixture)
    assert 'id="eligibility"' not in html and 'name="home_1"' in html


def test_the_other_captain_sees_the_problem_but_no_fix_that_is_not_theirs(client):
    n = night()
    _unsign_mate(n.home)
    html = _page(client, n.away_captain, n.fixture)
    assert f"{n.home.name} needs 2 players" in html
    assert reverse("league:sub_add", args=[n.home.pk]) not in html


def test_the_public_sees_no_eligibility_warning(client):
    n = night()
    _unsign_mate(n.home)
    html = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert 'id="eligibility"' not in html


def test_the_home_captain_enters_first_with_the_one_primary_button(client):
    n = night()
    html = _page(client, n.home_captain, n.fixture)
    assert '<section id="enter-scores"' in html
    assert _primary_buttons(html) == [f"Submit for {n.home.name}"]


def test_the_away_captain_confirms_first_and_the_entry_waits_folded(client):
    n = night()
    fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 6, 10), GameScore(3, 10, 8)],
    )
    html = _page(client, n.away_captain, n.fixture)
    assert html.index('id="confirm-cards"') < html.index('id="game-1"')
    assert _primary_buttons(html) == ["Confirm all 3 cards"]
    # A card of their own would replace the one waiting: offered, folded, after the step.
    assert '<section id="enter-scores"' not in html
    assert html.index('id="confirm-cards"') < html.index('<details id="enter-scores"')


def test_the_away_captain_waits_for_the_card_with_the_entry_folded(client):
    n = night()
    html = _page(client, n.away_captain, n.fixture)
    assert f"Waiting for {n.home.name}'s captain to enter the card" in html
    assert '<details id="enter-scores"' in html
    assert f'<button type="submit" class="secondary">Submit for {n.away.name}</button>' in html
    assert _primary_buttons(html) == []


def test_the_home_captain_with_a_card_to_confirm_sees_it_before_the_rest(client):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.away_captain, scores=[GameScore(1, 10, 4)])
    html = _page(client, n.home_captain, n.fixture)
    assert _primary_buttons(html) == ["Confirm the card"]
    assert html.index('id="confirm-cards"') < html.index('<details id="enter-scores"')


@pytest.fixture
def evening(monkeypatch):
    """The clock set to `minutes` past 7:00 PM today (the season's start time)."""

    def at(minutes: int) -> datetime.datetime:
        start = datetime.datetime.combine(timezone.localdate(), datetime.time(19, 0))
        moment = timezone.make_aware(start) + datetime.timedelta(minutes=minutes)
        monkeypatch.setattr(timezone, "now", lambda: moment)
        return moment

    return at


def test_tonights_clock_counts_the_minutes_and_prefills_the_forfeit_past_a_threshold(
    client, evening
):
    n = night(date=timezone.localdate())
    evening(22)
    html = _page(client, n.home_captain, n.fixture)
    assert 'id="forfeit-clock"' in html
    assert "22 minutes since the 7:00 PM start" in html
    assert re.findall(r'<li data-clock-step="(\d+)" class="passed">', html) == ["10", "20"]
    assert 'name="minutes_late" value="22"' in html
    assert f'<option value="{n.away.pk}" selected>' in html
    assert re.search(r'<input type="radio" name="situation" value="late"[^>]*checked', html)
    assert "js/forfeit-clock.js" in html
    assert "<script>" not in html and "style=" not in html


def test_before_the_first_threshold_the_forfeit_form_is_left_empty(client, evening):
    n = night(date=timezone.localdate())
    evening(5)
    html = _page(client, n.away_captain, n.fixture)
    assert "5 minutes since the 7:00 PM start" in html
    assert 'class="passed"' not in html
    assert 'name="minutes_late" value=' not in html


def test_the_clock_is_not_shown_on_another_night_nor_to_the_public(client, evening):
    n = night(date=timezone.localdate())
    evening(25)
    html = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert 'id="forfeit-clock"' not in html
    past = night(n.season, week=2)
    assert 'id="forfeit-clock"' not in _page(client, past.home_captain, past.fixture)
