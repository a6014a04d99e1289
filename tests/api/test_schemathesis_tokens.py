"""schemathesis over the operations a token opens: the writes (a fixture's card submitted
and confirmed, a round table's scores) and the staff's live standings, each request sent
with `Authorization: Bearer <token>` of someone who may make it — twice, as generated
(mostly unknown ids) and with the path naming the world's real fixture, table or season —
and no server error, no answer outside the schema, no status or content type the schema
doesn't list. Every refusal is a documented 4xx with a JSON body; nothing a case writes
outlives it (each runs in a transaction rolled back)."""

from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.v1 import api
from config.wsgi import application

schema = schemathesis.openapi.from_dict(api.get_openapi_schema())
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
LIVE = "api_read_standings_read_standings_live"
OPERATIONS = ["fixture_card_submit", "fixture_card_confirm", "table_scores_enter", LIVE]
BASE = "http://testserver"  # a host the test settings allow
pytestmark = pytest.mark.django_db


@dataclass
class TokenWorld:
    tokens: dict[str, str]  # operation id -> the raw token of someone who may call it
    real: dict[str, dict[str, Any]]  # operation id -> path parameters naming real objects


def _build() -> TokenWorld:
    from api.tokens.services import token_create
    from league.nights.services.results import GameScore, fixture_submit_scores
    from tests.factories import UserFactory, manager_user
    from tests.league.night_factories import night
    from tests.tournaments.factories import progressive, started
    from tests.tournaments.test_services_scores import keeper_of, tables

    n = night()
    n.fixture.games = 3
    n.fixture.save()
    # A card waits for the away captain, so a confirmation can succeed.
    scores = [GameScore(number, 10, away, False) for number, away in ((1, 5), (2, 6), (3, 7))]
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    event = started(progressive(players=8, rounds=2, director=UserFactory()))

    def token(user: Any) -> str:
        return token_create(user=user, name="schemathesis", scope="scores")[1]

    fixture = {"fixture_id": n.fixture.pk}
    return TokenWorld(
        tokens={
            "fixture_card_submit": token(n.home_captain),
            "fixture_card_confirm": token(n.away_captain),
            "table_scores_enter": token(keeper_of(event)),
            LIVE: token(manager_user(league=n.season.league)),
        },
        real={
            "fixture_card_submit": fixture,
            "fixture_card_confirm": fixture,
            "table_scores_enter": {"slug": event.slug, "table_id": tables(event)[0].pk},
            LIVE: {"league": n.season.league.slug, "season": n.season.slug},
        },
    )


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """Built once for the module inside a transaction rolled back at its end; the WSGI
    handler's closing of the connection after each request is off meanwhile (as Django's
    test client does), or it would end that transaction."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    with django_db_blocker.unblock(), transaction.atomic():
        yield _build()
        transaction.set_rollback(True)
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@schema.include(operation_id=OPERATIONS).parametrize()
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_token_operations_keep_to_their_schema(case: Any, world: TokenWorld) -> None:
    operation = case.operation.definition.raw["operationId"]
    headers = {"Authorization": f"Bearer {world.tokens[operation]}"}
    with transaction.atomic():
        case.call_and_validate(base_url=BASE, app=application, headers=headers, checks=CHECKS)
        transaction.set_rollback(True)
    if case.path_parameters:
        with transaction.atomic():
            real = world.real[operation]
            case.path_parameters = {k: real.get(k, v) for k, v in case.path_parameters.items()}
            case.call_and_validate(base_url=BASE, app=application, headers=headers, checks=CHECKS)
            transaction.set_rollback(True)
