"""The sweep writes the deliveries a process died before writing: the action committed,
its hook never ran (here: the on-commit callbacks are never executed)."""

import datetime
import json
from unittest import mock

import pytest
from django.utils import timezone

from api.models import WebhookDelivery, WebhookEndpoint
from api.tasks import deliver_webhooks, sweep_webhooks
from api.webhooks import events as ev
from api.webhooks.recovery import LOOK_BACK, SETTLE, missing_deliveries_write
from league.standings.services import standings_publish
from tests.factories import LeagueFactory, manager_user
from tests.league.night_factories import night, night_season, play
from tests.tournaments.factories import progressive, settle
from tournaments.models import Round
from tournaments.services import progressive_finish, round_start_next, tournament_start

pytestmark = pytest.mark.django_db

LATER = datetime.timedelta(minutes=2)  # past SETTLE, within LOOK_BACK


def _endpoint(*, league=None, tournament=None, events=None) -> WebhookEndpoint:
    kind = "league" if league is not None else "tournament"
    return WebhookEndpoint.objects.create(
        league=league,
        tournament=tournament,
        url="https://hooks.example.org/in",
        events=events or ev.events_for(kind),
        secret="whsec_recovery",
    )


def _sent(endpoint: WebhookEndpoint) -> list[tuple[str, dict]]:
    rows = endpoint.deliveries.order_by("event_key")
    return [(row.event_key, json.loads(row.body)) for row in rows]


def _a_night_without_its_hooks(django_capture_on_commit_callbacks):
    season = night_season(weeks=4)
    n = night(season)
    endpoint = _endpoint(league=season.league)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        play(n.fixture, (10, 1), (10, 2), (10, 3))
        standings_publish(season=season, week=1, by=manager_user(), note="Early.")
    assert callbacks and not endpoint.deliveries.exists()  # the process died here
    return season, n, endpoint, callbacks


def test_a_nights_cards_and_standings_are_written_once_by_the_sweep_after_the_hooks_died(
    django_capture_on_commit_callbacks,
):
    season, n, endpoint, _ = _a_night_without_its_hooks(django_capture_on_commit_callbacks)
    other = _endpoint(league=LeagueFactory())
    assert missing_deliveries_write(timezone.now() + LATER) == 4
    events = sorted(endpoint.deliveries.values_list("event", flat=True))
    assert events == ["card_confirmed"] * 3 + ["standings_published"]
    assert set(endpoint.deliveries.values_list("status", flat=True)) == {"pending"}
    assert missing_deliveries_write(timezone.now() + LATER) == 0  # found, not written again
    assert endpoint.deliveries.count() == 4
    assert not other.deliveries.exists()
    cards = [body for key, body in _sent(endpoint) if key.startswith("card_confirmed")]
    assert {card["data"]["game"]["ns"] for card in cards} == {n.fixture.home.name}
    assert sorted(card["data"]["ew_total"] for card in cards) == [1, 2, 3]


def test_what_the_sweep_writes_is_what_the_hook_would_have(
    django_capture_on_commit_callbacks, monkeypatch
):
    _, _, endpoint, callbacks = _a_night_without_its_hooks(django_capture_on_commit_callbacks)
    missing_deliveries_write(timezone.now() + LATER)
    recovered = _sent(endpoint)
    endpoint.deliveries.all().delete()
    monkeypatch.setattr(deliver_webhooks, "delay", lambda ids: None)
    with django_capture_on_commit_callbacks(execute=True):  # a card's hook waits its turn
        for callback in callbacks:  # the hooks after all, as if the process had lived
            callback()
    assert len(recovered) == 4
    assert _sent(endpoint) == recovered


def test_after_the_hook_ran_the_sweep_writes_nothing(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    season = night_season(weeks=4)
    n = night(season)
    endpoint = _endpoint(league=season.league)
    with django_capture_on_commit_callbacks(execute=True):
        play(n.fixture, (10, 1), (10, 2), (10, 3))
    before = _sent(endpoint)
    assert len(before) == 3
    # The endpoints, what they have, the scope's log, its card versions: no card built again.
    with django_assert_num_queries(4):
        assert missing_deliveries_write(timezone.now() + LATER) == 0
    assert _sent(endpoint) == before


def test_with_no_webhook_anywhere_the_sweep_reads_one_row_list(django_assert_num_queries):
    with django_assert_num_queries(1):
        assert missing_deliveries_write() == 0


def test_the_sweep_leaves_the_newest_to_the_hook_and_the_oldest_alone(
    django_capture_on_commit_callbacks,
):
    _, _, endpoint, _ = _a_night_without_its_hooks(django_capture_on_commit_callbacks)
    assert missing_deliveries_write(timezone.now() + SETTLE / 2) == 0  # the hook's, still
    assert missing_deliveries_write(timezone.now() + LOOK_BACK + LATER) == 0  # too old
    assert not endpoint.deliveries.exists()


def test_an_endpoint_registered_after_the_night_hears_none_of_it(
    django_capture_on_commit_callbacks,
):
    season, _, endpoint, _ = _a_night_without_its_hooks(django_capture_on_commit_callbacks)
    endpoint.delete()
    late = _endpoint(league=season.league)
    assert missing_deliveries_write(timezone.now() + LATER) == 0
    assert not late.deliveries.exists()


def test_an_endpoint_gets_only_the_events_it_chose(django_capture_on_commit_callbacks):
    season = night_season(weeks=4)
    n = night(season)
    chose = _endpoint(league=season.league, events=["standings_published"])
    with django_capture_on_commit_callbacks(execute=False):
        play(n.fixture, (10, 1))
        standings_publish(season=season, week=1, by=manager_user())
    assert missing_deliveries_write(timezone.now() + LATER) == 1
    assert list(chose.deliveries.values_list("event", flat=True)) == ["standings_published"]


def test_an_events_rounds_cards_and_finish_are_written_by_the_sweep(
    django_capture_on_commit_callbacks,
):
    tournament = progressive(players=8, rounds=2)
    endpoint = _endpoint(tournament=tournament)
    director = tournament.director
    with django_capture_on_commit_callbacks(execute=False):
        tournament_start(tournament=tournament, by=director)
        for number in (1, 2):
            if number == 2:
                round_start_next(tournament=tournament, by=director)
            row = Round.objects.get(tournament=tournament, number=number)
            for table in row.tables.select_related("game"):
                settle(table.game, {"N": 6, "S": 6, "E": 4, "W": 4}, director)
        progressive_finish(tournament=tournament, by=director)
    assert missing_deliveries_write(timezone.now() + LATER) == 7
    events = sorted(endpoint.deliveries.values_list("event", flat=True))
    assert events == ["card_confirmed"] * 4 + ["event_finished"] + ["round_started"] * 2
    assert missing_deliveries_write(timezone.now() + LATER) == 0


def test_the_sweep_task_writes_the_missing_rows_and_hands_them_over(
    django_capture_on_commit_callbacks,
):
    _, _, endpoint, _ = _a_night_without_its_hooks(django_capture_on_commit_callbacks)
    queued: list[list[int]] = []
    later = timezone.now() + LATER
    with (
        mock.patch.object(deliver_webhooks, "delay", side_effect=queued.append),
        mock.patch("api.webhooks.recovery.timezone.now", return_value=later),
    ):
        sweep_webhooks()
    ids = sorted(endpoint.deliveries.values_list("pk", flat=True))
    assert len(ids) == 4
    assert sorted(pk for batch in queued for pk in batch) == ids
    assert WebhookDelivery.objects.count() == 4
