"""Each embed may be framed by the sites its league or event lists, and only by them; every
other page of the site stays unframeable."""

import pytest
from django.urls import reverse

from api.models import EmbedOrigin
from tests.api.embed_data import Club, club
from tests.tournaments.factories import progressive

pytestmark = pytest.mark.django_db

CLUB_SITE = "https://club.example.org"
OTHER_SITE = "http://127.0.0.1:8123"


def _frame_ancestors(response) -> str:
    policy = response["Content-Security-Policy"]
    (directive,) = [d.strip() for d in policy.split(";") if d.strip().startswith("frame-ancestors")]
    return directive


def _embeds(data: Club) -> list[str]:
    return [
        reverse("embed:standings", args=data.slugs),
        reverse("embed:schedule", args=data.slugs),
        reverse("embed:leaderboard", args=[data.event.slug]),
    ]


def test_each_embed_may_be_framed_by_the_sites_its_league_or_event_lists(client):
    data = club(origins=(CLUB_SITE, OTHER_SITE))
    for url in _embeds(data):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _frame_ancestors(response) == f"frame-ancestors {OTHER_SITE} {CLUB_SITE}", url
        assert "X-Frame-Options" not in response, url


def test_the_league_s_sites_are_not_the_event_s(client):
    data = club()
    EmbedOrigin.objects.create(league=data.season.league, origin=CLUB_SITE)
    EmbedOrigin.objects.create(tournament=data.event, origin=OTHER_SITE)
    standings, schedule, leaderboard = (client.get(url) for url in _embeds(data))
    assert _frame_ancestors(standings) == f"frame-ancestors {CLUB_SITE}"
    assert _frame_ancestors(schedule) == f"frame-ancestors {CLUB_SITE}"
    assert _frame_ancestors(leaderboard) == f"frame-ancestors {OTHER_SITE}"


def test_an_embed_without_a_listed_site_may_be_framed_by_nobody(client):
    data = club()
    elsewhere = progressive(4, rounds=1, name="Elsewhere")
    EmbedOrigin.objects.create(tournament=elsewhere, origin=CLUB_SITE)  # another event's
    for url in _embeds(data):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _frame_ancestors(response) == "frame-ancestors 'none'", url
        assert response["X-Frame-Options"] == "DENY", url


def test_every_other_page_still_refuses_every_frame(client):
    data = club(origins=(CLUB_SITE,))
    pages = [
        reverse("home"),
        reverse("league:season_standings", args=data.slugs),
        reverse("league:season_schedule", args=data.slugs),
        reverse("tournaments:leaderboard", args=[data.event.slug]),
        reverse("login"),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert _frame_ancestors(response) == "frame-ancestors 'none'", url
        assert response["X-Frame-Options"] == "DENY", url


def test_a_site_taken_off_the_list_can_t_frame_the_embed_a_moment_later(client):
    data = club(origins=(CLUB_SITE,))
    url = reverse("embed:standings", args=data.slugs)
    assert _frame_ancestors(client.get(url)) == f"frame-ancestors {CLUB_SITE}"
    EmbedOrigin.objects.filter(origin=CLUB_SITE).delete()
    assert _frame_ancestors(client.get(url)) == "frame-ancestors 'none'"  # the body was cached


def test_the_rest_of_the_policy_is_the_site_s(client):
    data = club(origins=(CLUB_SITE,))
    policy = client.get(reverse("embed:standings", args=data.slugs))["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "default-src 'self'" in policy
    assert "object-src 'none'" in policy


def test_an_unknown_season_s_404_keeps_the_site_s_policy(client):
    response = client.get(reverse("embed:standings", args=["nope", "nope"]))
    assert response.status_code == 404
    assert _frame_ancestors(response) == "frame-ancestors 'none'"
