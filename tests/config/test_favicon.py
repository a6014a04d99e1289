"""The site's icon: /favicon.ico leads to it, and every kind of page links to it."""

import xml.etree.ElementTree as ET

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

from tests.league.night_factories import night_season
from tests.tournaments.factories import progressive

pytestmark = pytest.mark.django_db


def _icon() -> str:
    return static("img/favicon.svg")  # inside a test: the test settings' static files


def test_favicon_ico_sends_browsers_to_the_icon_for_a_day(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"] == _icon()
    assert "max-age=86400" in response["Cache-Control"]
    assert client.head("/favicon.ico").status_code == 302
    assert client.post("/favicon.ico").status_code == 405


def test_the_icon_is_a_small_svg_among_the_static_files():
    path = finders.find("img/favicon.svg")
    assert path is not None
    with open(path, "rb") as icon:
        content = icon.read()
    assert len(content) < 2000
    assert ET.fromstring(content).tag == "{http://www.w3.org/2000/svg}svg"


def test_the_site_pages_the_room_display_and_printed_cards_link_to_the_icon(client):
    tournament = progressive(players=8, rounds=2)
    season = night_season(weeks=2)
    pages = [
        reverse("home"),
        reverse("login"),
        season.get_absolute_url(),
        reverse("tournaments:big_screen", args=[tournament.slug]),
        reverse("scoring:ruleset_print", args=["cca-league"]),
        "/no-such-page/",
    ]
    for page in pages:
        content = client.get(page).content.decode()
        assert f'<link rel="icon" href="{_icon()}" type="image/svg+xml">' in content, page
