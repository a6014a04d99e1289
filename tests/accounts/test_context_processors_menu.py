"""The layout's menu: every address reversed once per process, the same as {% url %}."""

import pytest
from django.urls import reverse

from accounts.context_processors import MENU, menu
from tests.factories import UserFactory


def test_the_menu_holds_each_routes_address():
    assert menu(None)["menu"] == {name: reverse(route) for name, route in MENU.items()}


@pytest.mark.django_db
def test_a_signed_in_page_links_the_menu(client):
    client.force_login(UserFactory())
    page = client.get(reverse("home")).content.decode()
    for route in ("league:league_list", "my_team", "account", "logout", "people:my_profile"):
        assert f'"{reverse(route)}"' in page
