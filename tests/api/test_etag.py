"""Every read answers with a weak ETag and the pages' Cache-Control, and a client sending it
back is answered 304 with no body until the data changes."""

import pytest
from django.urls import reverse

from league.seasons.versions import season_changed
from tests.api.conftest import ReadWorld

pytestmark = pytest.mark.django_db(transaction=True)  # season versions move after a commit


def _urls(world: ReadWorld) -> list[str]:
    slugs = [world.league.slug, world.season.slug]
    return [
        reverse("api_v1:read_leagues"),
        reverse("api_v1:read_seasons", args=slugs[:1]),
        reverse("api_v1:read_season", args=slugs),
        reverse("api_v1:read_teams", args=slugs),
        reverse("api_v1:read_schedule", args=slugs),
        reverse("api_v1:read_results", args=slugs),
        reverse("api_v1:read_standings", args=slugs),
        reverse("api_v1:read_playoffs", args=slugs),
        reverse("api_v1:read_tournaments"),
        reverse("api_v1:read_tournament", args=[world.tournament.slug]),
        reverse("api_v1:read_rounds", args=[world.tournament.slug]),
        reverse("api_v1:read_round", args=[world.tournament.slug, 1]),
        reverse("api_v1:read_leaderboard", args=[world.tournament.slug]),
        reverse("api_v1:read_profile", args=[world.player.pk]),
        reverse("api_v1:read_rating", args=[world.player.pk]),
    ]


def test_every_read_answers_304_to_its_own_etag(client, read_world):
    for url in _urls(read_world):
        first = client.get(url)
        assert first.status_code == 200, url
        etag = first["ETag"]
        assert etag.startswith('W/"'), url
        assert first["Cache-Control"] == "public, no-cache", url
        again = client.get(url, headers={"If-None-Match": etag})
        assert again.status_code == 304, url
        assert again.content == b"" and again["ETag"] == etag, url


def test_a_stale_etag_gets_the_body(client, read_world):
    url = reverse("api_v1:read_standings", args=[read_world.league.slug, read_world.season.slug])
    response = client.get(url, headers={"If-None-Match": 'W/"not-this-one"'})
    assert response.status_code == 200 and response.json()["week"] == 1


def test_a_change_of_the_schedule_changes_its_etag(client, read_world):
    url = reverse("api_v1:read_schedule", args=[read_world.league.slug, read_world.season.slug])
    etag = client.get(url)["ETag"]
    season_changed(read_world.season, schedule=True)  # no transaction: counted at once
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_the_live_standings_are_private_to_the_browser(client, read_world):
    client.force_login(read_world.manager)
    url = reverse(
        "api_v1:read_standings_live", args=[read_world.league.slug, read_world.season.slug]
    )
    first = client.get(url)
    assert first["Cache-Control"] == "private, no-cache"
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
