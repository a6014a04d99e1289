"""Each fixture and team form that notifies says, before its button, how many will be
emailed and texted, and the notices the form then writes hold exactly that."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.nights.models import FixtureGame
from league.nights.services.forfeits import forfeit_record
from league.nights.services.results import GameScore, fixture_dispute_card, fixture_submit_scores
from scoring.models import Scorecard
from tests.factories import manager_user
from tests.league.night_factories import night
from tests.notices.told import captains_of_every_kind, notice_ids, said, written

pytestmark = pytest.mark.django_db


def _page(client, n):
    return client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()


def _night(client, days: int):
    n = night(date=timezone.localdate() + datetime.timedelta(days=days))
    captains_of_every_kind(n.home, "Home")
    captains_of_every_kind(n.away, "Away")
    client.force_login(manager_user(league=n.season.league))
    return n


def test_closing_a_fixture_says_who_is_told_and_tells_exactly_them(client):
    n = _night(client, -7)
    shown = said(_page(client, n), "close-audience")
    assert (shown.emails, shown.texts) == (6, 2)  # per team: its login captain, "both", "email"
    client.post(reverse("league:fixture_close", args=[n.fixture.pk]), {"reason": "No cards."})
    assert written() == shown


def test_recording_a_forfeit_says_who_is_warned_and_warns_exactly_them(client):
    n = _night(client, 0)
    html = _page(client, n)
    shown = said(html, f"record-audience-{n.away.pk}")
    assert (shown.emails, shown.texts) == (3, 1)
    assert f"If {n.away.name} forfeits" in html
    data = {"team": n.away.pk, "situation": "no_show", "note": ""}
    client.post(reverse("league:forfeit_record", args=[n.fixture.pk]), data)
    assert written() == shown


def test_recording_it_again_says_nobody_new_is_told_and_tells_nobody(client):
    n = _night(client, 0)
    forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=16)
    before = notice_ids()
    html = _page(client, n)
    assert "Nobody new will be told" in html
    assert said(html, f"record-audience-{n.away.pk}") == written(before)  # nothing yet
    data = {"team": n.away.pk, "situation": "no_show", "note": ""}
    client.post(reverse("league:forfeit_record", args=[n.fixture.pk]), data)
    assert written(before).emails == written(before).texts == 0


def test_announcing_a_forfeit_says_who_is_told_and_tells_exactly_them(client):
    n = _night(client, 3)
    shown = said(_page(client, n), f"announce-audience-{n.home.pk}")
    # The opponents told, the manager offered them a makeup game, its own captains warned.
    assert (shown.emails, shown.texts) == (7, 2)
    data = {"team": n.home.pk, "note": "Vacation"}
    client.post(reverse("league:forfeit_announce", args=[n.fixture.pk]), data)
    assert written() == shown


def test_withdrawing_a_team_says_who_is_told_and_tells_exactly_them(client):
    n = _night(client, 7)
    url = reverse("league:team_withdraw", args=[n.season.league.slug, n.season.slug, n.home.pk])
    shown = said(client.get(url).content.decode(), "who-will-be-told")
    assert (shown.emails, shown.texts) == (6, 2)  # its captains and the opponents'
    client.post(url, {"reason": "Folded.", "confirm": "on"})
    assert written() == shown


def test_disputing_a_card_says_who_is_told_and_tells_exactly_them(client):
    n = _night(client, 0)  # the league's manager has an address too
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    before = notice_ids()
    client.force_login(n.away_captain)
    shown = said(_page(client, n), "dispute-audience")
    assert (shown.emails, shown.texts) == (4, 1)  # the manager and the home side's captains
    data = {"number": "1", "reason": "Was 10-8"}
    client.post(reverse("league:fixture_dispute", args=[n.fixture.pk]), data)
    assert written(before) == shown


def test_settling_a_card_says_who_is_told_and_tells_exactly_them(client):
    n = _night(client, 0)
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="Was 10-8")
    before = notice_ids()
    shown = said(_page(client, n), "settle-audience-1")
    assert (shown.emails, shown.texts) == (6, 2)
    game = FixtureGame.objects.get(fixture=n.fixture, number=1).game
    data = {"basis": "current", "reason": "The card stands.", "next": "/"}
    client.post(reverse("scoring:game_settle", args=[game.pk]), data)
    assert Scorecard.objects.get(game=game).status == Scorecard.Status.SETTLED
    assert written(before) == shown


def test_counting_who_is_told_reads_the_same_queries_however_many_captains(client):
    counts = []
    for extra in (0, 5):
        n = _night(client, -7)
        for i in range(extra):
            captains_of_every_kind(n.home, f"More {i}")
        _page(client, n)  # the visit that creates the games
        with CaptureQueriesContext(connection) as captured:
            assert 'id="close-audience"' in _page(client, n)
        counts.append(len(captured))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("who", ["home", "away"])
def test_entering_cards_says_who_is_asked_to_confirm_and_asks_exactly_them(client, who):
    n = _night(client, 0)
    captain = n.home_captain if who == "home" else n.away_captain
    client.force_login(captain)
    html = _page(client, n).replace('class="entry-audience"', 'id="entry-audience"', 1)
    shown = said(html, "entry-audience")
    assert (shown.emails, shown.texts) == (2, 1)  # a card to confirm goes by text first
    data = {"shown": "1", "home_1": "10", "away_1": "4"}
    client.post(reverse("league:fixture_submit", args=[n.fixture.pk]), data)
    assert written() == shown


def test_asking_to_move_a_fixture_says_who_is_told_and_tells_exactly_them(client):
    n = _night(client, 14)
    client.force_login(n.home_captain)
    url = reverse("league:reschedule_request", args=[n.home.pk, n.fixture.pk])
    shown = said(client.get(url).content.decode(), "who-will-be-told")
    assert (shown.emails, shown.texts) == (3, 1)  # the away team's captains
    day = n.fixture.date + datetime.timedelta(days=2)
    client.post(url, {"proposed_date": day.isoformat(), "reason": "Bowling night"})
    assert written() == shown
