"""League services write the log in their own transaction: one entry per action, none when
refused. The scope is always the season's league."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Scope, Verb
from league.cancellations import decisions
from league.cancellations import services as cancellations
from league.nights.models import Forfeit, PlayoffReview
from league.nights.rules import fixture_closes_at
from league.nights.services.forfeits import (
    forfeit_announce,
    forfeit_overturn,
    forfeit_record,
    playoff_review_decide,
)
from league.nights.services.results import GameScore, fixture_close, fixture_submit_scores
from league.playoffs.models import PlayoffMatch
from league.playoffs.services import playoff_match_award, playoffs_create
from league.seasons import services as seasons
from league.standings.services import standings_publish
from tests.factories import director_user, manager_user
from tests.league.cancellation_factories import published_season
from tests.league.factories import TUESDAY, make_season
from tests.league.night_factories import finished_season, night, night_season, play, playoff_dates

pytestmark = pytest.mark.django_db


def _entries(verb):
    return list(Activity.objects.filter(verb=verb).order_by("pk"))


def test_a_forfeit_recorded_writes_one_entry_with_the_actor_and_the_league():
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=20)
    (entry,) = Activity.objects.all()
    assert (entry.verb, entry.actor, entry.target) == (
        Verb.FORFEIT_RECORDED,
        n.home_captain,
        forfeit,
    )
    assert (entry.scope_kind, entry.scope_id) == (Scope.LEAGUE, n.season.league_id)
    assert entry.target_label == f"{n.away} · {n.season.name} · Week 1: {n.home} v {n.away}"
    assert entry.detail == "games 1, 2 · Late (20 min)"


def test_a_refused_or_repeated_forfeit_writes_nothing_more():
    n = night()
    with pytest.raises(ValidationError):
        forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=9)
    with pytest.raises(PermissionDenied):
        forfeit_record(fixture=n.fixture, team=n.away, by=director_user(), minutes_late=30)
    assert not Activity.objects.exists()
    forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=12)
    forfeit_record(fixture=n.fixture, team=n.away, by=n.away_captain, minutes_late=12)
    assert len(_entries(Verb.FORFEIT_RECORDED)) == 1
    forfeit_record(fixture=n.fixture, team=n.away, by=n.away_captain, no_show=True)
    assert _entries(Verb.FORFEIT_RECORDED)[-1].detail == "now games 1, 2, 3 · Did not show"


def test_the_entry_and_the_forfeit_commit_or_fail_together(monkeypatch):
    n = night()

    def broken(**kwargs):
        raise RuntimeError("the log is down")

    monkeypatch.setattr("league.seasons.activity.activity_record", broken)
    with pytest.raises(RuntimeError):
        forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=20)
    assert not Forfeit.objects.exists()


def test_an_announced_forfeit_and_its_overturn_are_logged():
    n = night(night_season(), date=timezone.localdate() + datetime.timedelta(days=5))
    forfeit = forfeit_announce(fixture=n.fixture, team=n.home, by=n.home_captain, note="Away.")
    manager = manager_user()
    with pytest.raises(PermissionDenied):
        forfeit_overturn(forfeit=forfeit, by=n.away_captain, reason="Because.")
    forfeit_overturn(forfeit=forfeit, by=manager, reason="They found players.")
    announced, overturned = Activity.objects.order_by("pk")
    assert (announced.verb, announced.actor) == (Verb.FORFEIT_ANNOUNCED, n.home_captain)
    assert announced.detail == "games 1, 2, 3 · Announced in advance · Away."
    assert (overturned.verb, overturned.actor) == (Verb.FORFEIT_OVERTURNED, manager)
    assert overturned.detail == "games 1, 2, 3 · They found players."


def test_a_playoff_place_decision_is_logged():
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=30)
    review = PlayoffReview.objects.create(season=n.season, team=n.away, forfeit=forfeit)
    manager = manager_user()
    playoff_review_decide(review=review, by=manager, decision="keep", note="First season.")
    (entry,) = _entries(Verb.PLAYOFF_REVIEW_DECIDED)
    assert (entry.actor, entry.detail) == (manager, "Stays in the playoffs · First season.")


def test_closing_a_fixture_logs_the_closing_and_the_cards_it_settled():
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 5)])
    manager = manager_user()
    later = fixture_closes_at(n.fixture) + datetime.timedelta(minutes=1)
    fixture_close(fixture=n.fixture, user=manager, reason="Cards late.", now=later)
    (settled,) = _entries(Verb.CARD_SETTLED)
    (closed,) = _entries(Verb.FIXTURE_CLOSED)
    assert settled.actor == closed.actor == manager
    assert closed.target == n.fixture
    assert closed.detail == "settled as submitted: game 1 · no result: game 2, 3 · Cards late."


def test_publishing_the_standings_is_logged_and_a_refusal_is_not():
    season = night_season(weeks=4)
    n = night(season)
    play(n.fixture, (10, 1), (10, 2), (10, 3))
    with pytest.raises(PermissionDenied):
        standings_publish(season=season, week=1, by=director_user())
    manager = manager_user()
    snapshot = standings_publish(season=season, week=1, by=manager, note="Early.")
    (entry,) = _entries(Verb.STANDINGS_PUBLISHED)
    assert (entry.actor, entry.target, entry.detail) == (manager, snapshot, "Early.")
    assert entry.target_label == f"{season.name} · week 1 standings"


def test_publishing_the_schedule_is_logged_with_the_manager():
    season = make_season(teams_per_level=(4,))
    seasons.season_generate_schedule(season=season)
    manager = manager_user()
    seasons.season_publish_schedule(season=season, by=manager)
    with pytest.raises(ValidationError):
        seasons.season_publish_schedule(season=season, by=manager)
    (entry,) = _entries(Verb.SCHEDULE_PUBLISHED)
    assert (entry.actor, entry.target, entry.scope_id) == (manager, season, season.league_id)
    assert entry.detail == f"12 fixtures over {season.weeks} weeks"


def test_cancelling_a_night_and_deciding_its_fate_are_logged():
    season = published_season()
    manager = manager_user()
    cancellation = cancellations.night_cancel(
        season=season, date=TUESDAY, scope="night", reason="weather", details="Ice.", user=manager
    )
    with pytest.raises(ValidationError):
        cancellations.night_cancel(
            season=season, date=TUESDAY, scope="night", reason="weather", user=manager
        )
    decisions.cancellation_decide(cancellation=cancellation, outcome="shorten", user=manager)
    (cancelled,) = _entries(Verb.NIGHT_CANCELLED)
    (decided,) = _entries(Verb.CANCELLATION_DECIDED)
    assert (cancelled.verb, cancelled.actor, cancelled.target) == (
        Verb.NIGHT_CANCELLED,
        manager,
        cancellation,
    )
    assert cancelled.detail == "The whole league night: 4 fixtures · Weather · Ice."
    assert (decided.verb, decided.detail) == (
        Verb.CANCELLATION_DECIDED,
        "Shorten the season: 4 fixtures",
    )


def test_creating_the_playoffs_and_awarding_a_series_are_logged():
    season, teams = finished_season({"A": ["One", "Two", "Three", "Four"]})
    manager = manager_user()
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    (created,) = _entries(Verb.PLAYOFFS_CREATED)
    assert (created.actor, created.target, created.detail) == (
        manager,
        bracket,
        "4 teams, best of 3",
    )
    match = PlayoffMatch.objects.get(bracket=bracket, round=1, position=1)
    playoff_match_award(match=match, winner=teams["One"], by=manager, reason="Two can't field.")
    (awarded,) = _entries(Verb.SERIES_AWARDED)
    assert (awarded.target, awarded.detail) == (match, "to One · Two can't field.")
