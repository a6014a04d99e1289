"""schemathesis over every public read endpoint: generated parameters, each request sent
twice — as generated (mostly unknown slugs and ids) and with the path naming a real
league, season, event, player or ladder of a small world — and no server error, no answer
outside the schema, no status the schema doesn't list."""

from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from api.v1 import api
from config.wsgi import application
from tests.api.conftest import ReadWorld, build_read_world

schema = schemathesis.openapi.from_dict(api.get_openapi_schema())
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]
READS = "^/api/v1/(leagues|tournaments|people|ladders)"  # the read part's operations
BASE = "http://testserver"  # a host the test settings allow
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """Built once for the module inside a transaction rolled back at its end. The WSGI
    handler would close the connection after each request (and the transaction with it):
    off meanwhile, as Django's test client does."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    with django_db_blocker.unblock(), transaction.atomic():
        from tests.people.series_helpers import series_of

        built = build_read_world()
        series_of(built.manager, slug="api-ladder")
        yield built
        transaction.set_rollback(True)
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def _real(world: ReadWorld) -> dict[str, Any]:
    return {
        **world.slugs,
        "slug": world.tournament.slug,
        "number": 1,
        "pk": world.player.pk,
    }


@schema.include(path_regex=READS, method="GET").parametrize()
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_read_endpoints_keep_to_their_schema(case: Any, world: ReadWorld) -> None:
    with transaction.atomic():
        case.call_and_validate(base_url=BASE, app=application, checks=CHECKS)
        if case.path_parameters:
            real = _real(world)
            if "slug" in case.path_parameters and "ladders" in case.operation.path:
                real["slug"] = "api-ladder"
            case.path_parameters = {k: real[k] for k in case.path_parameters}
            case.call_and_validate(base_url=BASE, app=application, checks=CHECKS)
        transaction.set_rollback(True)
