"""The layout's roles: the menu's from the roles read once; the names of every role only
where a page shows them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import captain_user

pytestmark = pytest.mark.django_db


def test_the_account_page_names_a_captains_roles(client):
    user, _ = captain_user()
    client.force_login(user)
    page = client.get(reverse("account")).content.decode()
    assert "captain, player" in page


def test_a_page_that_does_not_name_the_roles_does_not_read_the_rosters(client):
    user, _ = captain_user()
    client.force_login(user)
    with CaptureQueriesContext(connection) as looked:
        assert client.get(reverse("login")).status_code == 200
    assert not any("league_player" in q["sql"] for q in looked.captured_queries)
    with CaptureQueriesContext(connection) as named:
        assert client.get(reverse("account")).status_code == 200
    assert any("league_player" in q["sql"] for q in named.captured_queries)
