"""The API's addresses that no operation answers, and methods an operation doesn't take,
are refused in JSON with a sentence, like every other refusal; the site's pages keep theirs."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_an_address_no_operation_answers_is_a_json_404_pointing_at_the_docs():
    response = Client().get("/api/v1/no-such-thing")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json() == {
        "detail": "No API operation at /api/v1/no-such-thing; "
        "the operations are listed at /api/v1/docs."
    }


def test_a_method_the_operation_doesnt_take_is_a_json_405_with_allow():
    response = Client().delete("/api/v1/leagues")
    assert response.status_code == 405 and response["Content-Type"] == "application/json"
    assert response["Allow"] == "GET"
    assert response.json() == {"detail": "DELETE is not allowed here; this address takes GET."}
    posted = Client().get("/api/v1/fixtures/1/card")
    assert posted.status_code == 405 and posted.json()["detail"].endswith("takes POST.")


def test_the_schema_refuses_a_put_in_json_too():
    response = Client().put("/api/v1/openapi.json")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"
    assert "PUT is not allowed here" in response.json()["detail"]


def test_an_operations_own_404_is_kept_as_it_answers():
    response = Client().get("/api/v1/leagues/no-such-league/seasons")
    assert response.status_code == 404 and response["Content-Type"].startswith("application/json")
    assert "No API operation" not in response.json()["detail"]


def test_the_sites_pages_keep_their_404_and_405_pages():
    missing = Client().get("/leagues/no-such-league/")
    assert missing.status_code == 404 and "text/html" in missing["Content-Type"]
    assert Client().post("/sw.js").status_code == 405
    assert not Client().post("/sw.js")["Content-Type"].startswith("application/json")
