"""Every address of the API is in its OpenAPI schema and in the permission matrix: an
endpoint added without either fails here (the schema is what scripts and schemathesis
read; the matrix is who may call it)."""

import re

from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from api.v1 import api
from tests.config.permission_matrix import MATRIX

# Ninja's own routes: the schema, its viewer and the base of the paths, not operations.
NOT_OPERATIONS = {"openapi-json", "openapi-view", "api-root"}


def _api_routes() -> dict[str, str]:
    """`api_v1:<name>` -> the pattern's path as the schema writes it (`{param}`)."""
    routes: dict[str, str] = {}

    def walk(patterns: list, prefix: str, namespace: str | None) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or namespace
                walk(pattern.url_patterns, route, inner)
            elif isinstance(pattern, URLPattern) and namespace == "api_v1" and pattern.name:
                routes[pattern.name] = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)

    walk(get_resolver().url_patterns, "", None)
    return routes


def test_the_walk_finds_the_apis_routes() -> None:
    routes = _api_routes()
    assert routes["read_standings"] == "/api/v1/leagues/{league}/seasons/{season}/standings"
    assert set(routes) >= NOT_OPERATIONS


def test_every_api_url_has_an_operation_in_the_schema() -> None:
    paths = set(api.get_openapi_schema()["paths"])
    missing = sorted(
        f"{name} ({path})"
        for name, path in _api_routes().items()
        if name not in NOT_OPERATIONS and path not in paths
    )
    assert not missing, f"These API URLs have no operation in the schema: {missing}"


def test_every_api_url_has_a_permission_matrix_entry() -> None:
    missing = sorted(f"api_v1:{name}" for name in _api_routes() if f"api_v1:{name}" not in MATRIX)
    assert not missing, f"Add these API URLs to the permission matrix: {missing}"


def test_every_operation_says_what_it_answers_on_a_refusal() -> None:
    schema = api.get_openapi_schema()
    quiet = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if not any(str(code).startswith("4") for code in operation["responses"])
    ]
    assert not quiet, f"These operations document no 4xx answer: {quiet}"


def test_the_schema_and_its_viewer_answer_a_post_with_405(db) -> None:
    for path in ("/api/v1/openapi.json", "/api/v1/docs"):
        assert Client().post(path).status_code == 405
        assert Client().get(path).status_code == 200
