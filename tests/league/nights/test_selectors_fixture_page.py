"""The fixture page for those who only look: one query between two changes, and every change
(a card entered, confirmed or disputed, a forfeit, a closure, a renamed team, an edited
fixture) shows on the next look."""

import datetime

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone

from league.nights.models import Forfeit
from league.nights.selectors.fixture_page import fixture_result_kept, fixture_stamp
from league.nights.services.forfeits import forfeit_overturn, forfeit_record
from league.nights.services.lineups import fixture_lineup_record
from league.nights.services.results import (
    GameScore,
    fixture_close,
    fixture_confirm_cards,
    fixture_dispute_card,
    fixture_games_ensure,
    fixture_submit_scores,
)
from league.seasons.models import Fixture
from league.seasons.services.teams import team_rename
from tests.factories import RosterEntryFactory, manager_user
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def states(n):
    return [g.state for g in fixture_result_kept(n.fixture.pk).games]


def page(client, n):
    return client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()


def submit(n, *scores):
    fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(number, h, a) for number, (h, a) in enumerate(scores, start=1)],
    )


def test_a_fixture_that_does_not_exist_has_no_stamp():
    assert fixture_stamp(987654) is None and fixture_result_kept(987654) is None


@pytest.mark.parametrize("others", [0, 30])
def test_a_look_takes_one_query_once_kept_whatever_the_season(
    client, django_assert_num_queries, others
):
    n = night()
    for week in range(2, others + 2):
        night(n.season, week=week)
    page(client, n)
    with django_assert_num_queries(1):  # the stamp (the line-ups are kept with the result)
        assert n.home.name in page(client, n)


def test_cards_entered_confirmed_and_disputed_show_on_the_next_look():
    n = night()
    fixture_games_ensure(fixture=n.fixture)
    assert states(n) == ["empty", "empty", "empty"]
    submit(n, (10, 4), (7, 10))
    assert states(n)[:2] == ["submitted", "submitted"]
    fixture_dispute_card(fixture=n.fixture, number=2, user=n.away_captain, reason="Was 10-8")
    assert states(n)[:2] == ["submitted", "disputed"]
    fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    assert states(n)[:2] == ["confirmed", "disputed"]


def test_games_created_by_a_captains_visit_show_to_everyone(client):
    n = night()
    assert all(g.game_id is None for g in fixture_result_kept(n.fixture.pk).games)
    fixture_games_ensure(fixture=n.fixture)
    assert all(g.game_id is not None for g in fixture_result_kept(n.fixture.pk).games)


def test_a_forfeit_and_its_overturning_show_on_the_next_look():
    n = night()
    fixture_games_ensure(fixture=n.fixture)
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, no_show=True)
    assert states(n) == ["forfeit"] * 3
    assert [f.pk for f in fixture_result_kept(n.fixture.pk).forfeits] == [forfeit.pk]
    forfeit_overturn(forfeit=forfeit, by=manager_user(n.season.league), reason="Flat tyre")
    assert states(n) == ["empty"] * 3
    assert not Forfeit.objects.get(pk=forfeit.pk).is_live
    assert not fixture_result_kept(n.fixture.pk).forfeits[0].is_live


def test_a_closure_shows_on_the_next_look():
    n = night(date=timezone.localdate() - datetime.timedelta(days=7))
    fixture_games_ensure(fixture=n.fixture)
    assert fixture_result_kept(n.fixture.pk).closure is None
    fixture_close(fixture=n.fixture, user=manager_user(n.season.league), reason="No cards")
    assert fixture_result_kept(n.fixture.pk).closure is not None
    assert states(n) == ["no_result"] * 3


def test_a_renamed_team_shows_on_the_next_look(client, django_capture_on_commit_callbacks):
    n = night()
    page(client, n)
    with django_capture_on_commit_callbacks(execute=True):  # the season's version moves on
        team_rename(team=n.home, name="Renamed Aces", by=manager_user(n.season.league))
    assert "Renamed Aces" in page(client, n)


def test_an_edited_fixture_shows_on_the_next_look(client):
    n = night()
    page(client, n)
    Fixture.objects.filter(pk=n.fixture.pk).update(week=7)  # even without a save
    assert fixture_result_kept(n.fixture.pk).fixture.week == 7


def test_a_look_reads_the_result_and_its_line_ups_in_one_cache_read(client, monkeypatch):
    n = night()
    page(client, n)
    backend, reads = caches["default"], []
    read = backend.get
    monkeypatch.setattr(
        backend, "get", lambda key, *a, **kw: reads.append(key) or read(key, *a, **kw)
    )
    page(client, n)
    assert len(reads) == 1 and reads[0].startswith("league:fixture-page:")


def test_a_line_up_recorded_shows_on_the_next_look(client):
    n = night()
    RosterEntryFactory(team=n.home)
    a, b, _ = [e.player for e in n.home.roster.filter(fixture__isnull=True).order_by("pk")]
    assert fixture_result_kept(n.fixture.pk).lineups.of(n.home.pk) == []
    assert "Played:" not in page(client, n)
    fixture_lineup_record(
        fixture=n.fixture, team=n.home, player_ids=[a.pk, b.pk], by=n.home_captain
    )
    assert fixture_result_kept(n.fixture.pk).lineups.of(n.home.pk) == [a, b]
    assert f"Played: {a.name} &amp; {b.name}" in page(client, n)
