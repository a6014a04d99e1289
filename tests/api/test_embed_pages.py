"""The embed pages show what the public pages show (published standings by week and level,
the fixtures to come, the leaderboard), nothing private, in their own minimal layout, and
serve a repeat view from the cache; the cache down only means building them."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from config import cache as fail_soft
from league.seasons.models import Season
from tests.api.embed_data import Club, club

pytestmark = pytest.mark.django_db

CLUB_SITE = "https://club.example.org"


@pytest.fixture
def data() -> Club:
    cache.clear()
    return club(origins=(CLUB_SITE,))


def _text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_standings_embed_shows_the_latest_published_week_in_its_own_layout(client, data):
    page = _text(client, reverse("embed:standings", args=data.slugs))
    assert "After week 2" in page and "Left Bowers" in page and "Right Bowers" in page
    assert "Level A" in page  # the first level, of two
    assert "Jacks" not in page
    assert 'class="site-header"' not in page and "Log in" not in page  # no site menu
    assert '<base target="_blank">' in page
    full = "http://testserver" + reverse("league:season_standings", args=data.slugs)
    assert f'href="{full}?week=2" target="_blank" rel="noopener"' in page


def test_the_standings_embed_takes_a_week_and_a_level(client, data):
    url = reverse("embed:standings", args=data.slugs)
    level_b = data.teams["Jacks"].skill_level_id
    page = _text(client, f"{url}?week=1&level={level_b}")
    assert "After week 1" in page and "Jacks" in page and "Left Bowers" not in page
    # The pickers stay in the frame.
    assert f'href="{url}?week=2&amp;level={level_b}" target="_self"' in page
    # An unknown week or level shows the latest week's first level.
    page = _text(client, f"{url}?week=99&level=zzz")
    assert "After week 2" in page and "Left Bowers" in page


def test_the_standings_embed_never_shows_the_live_table_even_to_a_manager(client, data):
    client.force_login(data.manager)
    page = _text(client, reverse("embed:standings", args=data.slugs) + "?week=live")
    assert "After week 2" in page and "live" not in page.lower().replace("deliver", "")
    assert "Publish" not in page and "csrfmiddlewaretoken" not in page


def test_a_season_without_a_published_week_says_so(client, data):
    data.season.snapshots.all().delete()
    page = _text(client, reverse("embed:standings", args=data.slugs))
    assert "No standings have been published yet" in page and "Left Bowers" not in page


def test_the_schedule_embed_shows_the_fixtures_to_come_and_one_team_s(client, data):
    url = reverse("embed:schedule", args=data.slugs)
    page = _text(client, url)
    assert "next fixtures" in page and "Left Bowers" in page and "Jacks" in page
    assert page.count("<tr>") == 3  # the header and next week's two fixtures, not the past
    team = data.teams["Jacks"]
    page = _text(client, f"{url}?team={team.pk}")
    assert "Jacks's next fixtures" in page and "Left Bowers" not in page
    page = _text(client, f"{url}?team=999999")
    assert "That team isn't in this season" in page and "Left Bowers" in page


def test_the_schedule_embed_shows_nothing_of_a_season_not_yet_published(client, data):
    data.season.schedule_state = Season.ScheduleState.DRAFT
    data.season.save(update_fields=["schedule_state"])
    page = _text(client, reverse("embed:schedule", args=data.slugs))
    assert "isn't published yet" in page and "Left Bowers" not in page


def test_no_private_detail_of_a_team_shows_in_any_embed(client, data):
    captain = data.teams["Left Bowers"].roster.get(role="captain").player
    pages = [
        _text(client, reverse("embed:standings", args=data.slugs)),
        _text(client, reverse("embed:schedule", args=data.slugs)),
        _text(client, reverse("embed:leaderboard", args=[data.event.slug])),
    ]
    for page in pages:
        assert captain.user.email not in page
        if captain.phone:
            assert captain.phone not in page
        assert "/manage/" not in page and "/edit/" not in page


def test_the_leaderboard_embed_shows_the_event_s_board(client, data):
    page = _text(client, reverse("embed:leaderboard", args=[data.event.slug]))
    assert "Snow Ball: leaderboard" in page and f"{data.event.slug} player 1" in page


def test_only_a_progressive_event_has_a_leaderboard_embed(client):
    from tests.tournaments.factories import bracket

    event = bracket(4, name="Cup")
    assert client.get(reverse("embed:leaderboard", args=[event.slug])).status_code == 404


def test_an_embed_answers_a_post_with_405(client, data):
    assert client.post(reverse("embed:standings", args=data.slugs)).status_code == 405


def test_a_repeat_view_of_each_embed_is_served_from_the_cache(
    client, data, django_assert_num_queries
):
    urls = [
        reverse("embed:standings", args=data.slugs),
        reverse("embed:standings", args=data.slugs) + "?week=1",
        reverse("embed:schedule", args=data.slugs),
        reverse("embed:schedule", args=data.slugs) + f"?team={data.teams['Jacks'].pk}",
        reverse("embed:leaderboard", args=[data.event.slug]),
    ]
    for url in urls:
        first = _text(client, url)
        # The page with its data's version, and who may frame it: nothing else.
        with django_assert_num_queries(2):
            assert _text(client, url) == first


def test_a_fixture_saved_moves_the_schedule_embed_on(client, data):
    url = reverse("embed:schedule", args=data.slugs) + f"?team={data.teams['Queens'].pk}"
    assert "Left Bowers" not in _text(client, url)
    data.upcoming.away = data.teams["Queens"]  # a save changes the schedule's version
    data.upcoming.save()
    assert "Left Bowers" in _text(client, url)


def test_the_embeds_are_served_while_the_cache_is_down(client, data, settings, monkeypatch):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    monkeypatch.setattr(fail_soft, "OUTAGE", fail_soft.Outage())
    for url in (
        reverse("embed:standings", args=data.slugs),
        reverse("embed:schedule", args=data.slugs),
        reverse("embed:leaderboard", args=[data.event.slug]),
    ):
        for _ in range(2):
            response = client.get(url)
            assert response.status_code == 200, url
            assert f"frame-ancestors {CLUB_SITE}" in response["Content-Security-Policy"]
