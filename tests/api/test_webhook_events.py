"""Each webhook event comes from the real service, once it has committed, for the
endpoints of that league or event that chose it."""

import json
from unittest import mock

import pytest

from api.models import WebhookDelivery, WebhookEndpoint
from api.tasks import deliver_webhooks
from api.webhooks import events as ev
from league.cancellations import services as cancellations
from league.seasons import services as seasons
from league.standings.services import standings_publish
from money.registrations.flows import Submission, registration_submit
from tests.factories import LeagueFactory, manager_user
from tests.league.cancellation_factories import published_season
from tests.league.factories import TUESDAY, make_season
from tests.league.night_factories import night, night_season, play
from tests.money.registrations.helpers import event_sign_up, person
from tests.tournaments.factories import progressive, settle
from tournaments.models import Round
from tournaments.services import progressive_finish, round_start_next, tournament_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued():
    """What was handed to the worker (nothing is sent: no test reaches the internet)."""
    calls: list[list[int]] = []
    with mock.patch.object(deliver_webhooks, "delay", side_effect=calls.append):
        yield calls


def _endpoint(*, league=None, tournament=None, events=None, **extra) -> WebhookEndpoint:
    kind = "league" if league is not None else "tournament"
    return WebhookEndpoint.objects.create(
        league=league,
        tournament=tournament,
        url=extra.pop("url", "https://hooks.example.org/in"),
        events=events or ev.events_for(kind),
        secret="whsec_events",
        **extra,
    )


def _bodies(endpoint: WebhookEndpoint, event: str) -> list[dict]:
    rows = endpoint.deliveries.filter(event=event).order_by("pk")
    return [json.loads(row.body) for row in rows]


def test_a_confirmed_card_and_published_standings_reach_the_leagues_endpoint(
    django_capture_on_commit_callbacks, queued
):
    season = night_season(weeks=4)
    n = night(season)
    endpoint = _endpoint(league=season.league)
    other = _endpoint(league=LeagueFactory())
    with django_capture_on_commit_callbacks(execute=True):
        play(n.fixture, (10, 1), (10, 2), (10, 3))
    cards = _bodies(endpoint, "card_confirmed")
    assert len(cards) == 3
    assert {c["id"] for c in cards} == {
        f"card_confirmed:game:{c['data']['game']['id']}:v1" for c in cards
    }
    assert cards[0]["league"]["slug"] == season.league.slug
    assert cards[0]["data"]["ns_total"] == 10
    with django_capture_on_commit_callbacks(execute=True):
        snapshot = standings_publish(season=season, week=1, by=manager_user(), note="Early.")
    (standings,) = _bodies(endpoint, "standings_published")
    assert standings["id"] == f"standings_published:snapshot:{snapshot.pk}"
    assert standings["data"]["week"] == 1 and standings["data"]["note"] == "Early."
    assert standings["data"]["season"]["slug"] == season.slug
    assert {row["team"] for row in standings["data"]["standings"]} == {str(n.home), str(n.away)}
    assert not other.deliveries.exists()  # another league's endpoint hears nothing
    assert sorted(pk for batch in queued for pk in batch) == sorted(
        endpoint.deliveries.values_list("pk", flat=True)
    )


def test_nothing_is_written_for_an_action_that_is_rolled_back(django_capture_on_commit_callbacks):
    season = night_season(weeks=4)
    n = night(season)
    endpoint = _endpoint(league=season.league)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        play(n.fixture, (10, 1))
    assert callbacks  # the writes wait for the commit, which never comes here
    assert not endpoint.deliveries.exists()


def test_an_endpoint_hears_only_the_events_it_chose(django_capture_on_commit_callbacks, queued):
    season = night_season(weeks=4)
    n = night(season)
    endpoint = _endpoint(league=season.league, events=["standings_published"])
    disabled = _endpoint(league=season.league, active=False)
    with django_capture_on_commit_callbacks(execute=True):
        play(n.fixture, (10, 1))
        standings_publish(season=season, week=1, by=manager_user())
    assert list(endpoint.deliveries.values_list("event", flat=True)) == ["standings_published"]
    assert not disabled.deliveries.exists()


def test_a_cancelled_night(django_capture_on_commit_callbacks, queued):
    season = published_season()
    endpoint = _endpoint(league=season.league)
    with django_capture_on_commit_callbacks(execute=True):
        cancellation = cancellations.night_cancel(
            season=season,
            date=TUESDAY,
            scope="night",
            reason="weather",
            details="Ice.",
            user=manager_user(),
        )
    (body,) = _bodies(endpoint, "night_cancelled")
    assert body["id"] == f"night_cancelled:cancellation:{cancellation.pk}"
    assert body["data"]["date"] == TUESDAY.isoformat()
    assert (body["data"]["reason"], body["data"]["details"]) == ("weather", "Ice.")
    assert len(body["data"]["fixtures"]) == 4


def test_a_published_schedule(django_capture_on_commit_callbacks, queued):
    season = make_season(teams_per_level=(4,))
    seasons.season_generate_schedule(season=season)
    endpoint = _endpoint(league=season.league)
    with django_capture_on_commit_callbacks(execute=True):
        seasons.season_publish_schedule(season=season, by=manager_user())
    (body,) = _bodies(endpoint, "schedule_changed")
    assert body["event"] == "schedule_changed"
    assert body["data"]["change"] == "schedule_published"
    assert body["data"]["detail"] == f"12 fixtures over {season.weeks} weeks"


def _play_round(tournament, number):
    row = Round.objects.get(tournament=tournament, number=number)
    for table in row.tables.select_related("game"):
        settle(table.game, {"N": 6, "S": 6, "E": 4, "W": 4}, tournament.director)


def test_an_events_rounds_cards_and_finish(django_capture_on_commit_callbacks, queued):
    tournament = progressive(players=8, rounds=2)
    endpoint = _endpoint(tournament=tournament)
    director = tournament.director
    with django_capture_on_commit_callbacks(execute=True):
        tournament_start(tournament=tournament, by=director)
    with django_capture_on_commit_callbacks(execute=True):
        _play_round(tournament, 1)
    with django_capture_on_commit_callbacks(execute=True):
        round_start_next(tournament=tournament, by=director)
    with django_capture_on_commit_callbacks(execute=True):
        _play_round(tournament, 2)
    with django_capture_on_commit_callbacks(execute=True):
        progressive_finish(tournament=tournament, by=director)
    rounds = _bodies(endpoint, "round_started")
    assert [(r["id"], r["data"]["round"], r["data"]["rounds"]) for r in rounds] == [
        (f"round_started:tournament:{tournament.pk}:round:1", 1, 2),
        (f"round_started:tournament:{tournament.pk}:round:2", 2, 2),
    ]
    assert rounds[0]["tournament"]["slug"] == tournament.slug
    (finished,) = _bodies(endpoint, "event_finished")
    tournament.refresh_from_db()
    assert finished["id"] == f"event_finished:tournament:{tournament.pk}"
    assert finished["data"]["champion"] == tournament.champion.display_name
    assert len(_bodies(endpoint, "card_confirmed")) == 4  # two tables a round


def test_a_registration_received(django_capture_on_commit_callbacks, queued):
    sign_up = event_sign_up(places=4)
    endpoint = _endpoint(tournament=sign_up.tournament)
    user, player = person()
    with django_capture_on_commit_callbacks(execute=True):
        registration, _ = registration_submit(sign_up=sign_up, by=user, typed=Submission())
    with django_capture_on_commit_callbacks(execute=True):  # a double tap: the same one
        registration_submit(sign_up=sign_up, by=user, typed=Submission())
    (body,) = _bodies(endpoint, "registration_received")
    assert body["id"] == f"registration_received:registration:{registration.pk}"
    assert body["data"]["registration"]["name"] == player.name
    assert "email" not in json.dumps(body)
    assert WebhookDelivery.objects.count() == 1


def test_a_receiver_gets_the_signed_card_and_standings_after_a_failure_and_a_retry(
    django_capture_on_commit_callbacks, settings
):
    """The feature's own check: a real receiver, a forced failure, the retry."""
    from django.utils import timezone

    from api.tasks import sweep_webhooks
    from tests.api.webhook_receiver import WebhookReceiver

    settings.WEBHOOK_ALLOW_HOSTS = ["127.0.0.1"]
    season = night_season(weeks=4)
    n = night(season)
    with WebhookReceiver("whsec_events", answers=[500]) as receiver:
        _endpoint(
            league=season.league,
            events=["card_confirmed", "standings_published"],
            url=receiver.url,
        )
        with django_capture_on_commit_callbacks(execute=True):
            play(n.fixture, (10, 1))
        with django_capture_on_commit_callbacks(execute=True):
            standings_publish(season=season, week=1, by=manager_user())
        WebhookDelivery.objects.update(available_at=timezone.now())
        sweep_webhooks()
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"sent"}
    answered = [(json.loads(r.body)["event"], r.answered, r.verified) for r in receiver.received]
    assert answered == [
        ("card_confirmed", 500, True),
        ("standings_published", 200, True),
        ("card_confirmed", 200, True),
    ]
