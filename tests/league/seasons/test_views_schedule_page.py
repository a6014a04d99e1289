"""The schedule page: this week first, a team found by name, rows kept per schedule version."""

import datetime
import random

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone

from league.nights.services.results import (
    GameScore,
    fixture_confirm_cards,
    fixture_submit_scores,
)
from league.seasons import services
from league.seasons.models import Fixture, Season
from league.seasons.services.teams import team_rename
from league.seasons.versions import season_changed
from tests.factories import manager_user
from tests.league.factories import make_season
from tests.league.night_factories import night
from wording.when import day

pytestmark = pytest.mark.django_db


def _season_from(first_night: datetime.date, teams=(6, 6), weeks=4) -> Season:
    season = make_season(teams_per_level=teams, tables=sum(teams) // 2, weeks=weeks)
    Season.objects.filter(pk=season.pk).update(
        starts_on=first_night, league_night=first_night.weekday()
    )
    season.refresh_from_db()
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    return season


def _url(season, query=""):
    return reverse("league:season_schedule", args=[season.league.slug, season.slug]) + query


def _weeks_shown(client, url) -> set[str]:
    body = client.get(url).content.decode()
    rows = body.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    cells = rows.split('<tr><td data-label="Week">')[1:]
    return {cell.split("</td>", 1)[0] for cell in cells}


def test_the_page_opens_on_this_weeks_fixtures(client):
    today = timezone.localdate()
    season = _season_from(today - datetime.timedelta(weeks=1))  # week 2 is this week
    assert _weeks_shown(client, _url(season)) == {"2"}
    assert _weeks_shown(client, _url(season, "?week=3")) == {"3"}
    assert _weeks_shown(client, _url(season, "?week=all")) == {"1", "2", "3", "4"}


def test_after_the_last_night_the_page_opens_on_the_last_week(client):
    season = _season_from(timezone.localdate() - datetime.timedelta(weeks=10))
    assert _weeks_shown(client, _url(season)) == {"4"}


def test_a_team_is_found_by_part_of_its_name_over_the_whole_season(client):
    season = _season_from(timezone.localdate())
    body = client.get(_url(season, "?q=b3")).content.decode()
    assert body.count(">B3</a>") == 4  # every week, whatever week it is
    assert ">A1</a>" not in body


def test_the_filter_lists_no_team_whatever_the_size_of_the_season(client):
    season = _season_from(timezone.localdate(), teams=(30, 30))
    body = client.get(_url(season)).content.decode()
    assert 'name="team"' in body and 'type="hidden"' in body
    assert body.count("<option") <= 1 + 4 + 1 + 2  # all weeks, 4 weeks; all levels, 2 levels


@pytest.mark.parametrize("query", ["?q=%00", "?q=" + "x" * 61, "?week=99", "?team=abc&page=x"])
def test_odd_filter_values_get_a_page_not_an_error(client, query):
    season = _season_from(timezone.localdate())
    assert client.get(_url(season, query)).status_code == 200


def test_rows_are_kept_until_the_schedule_changes(
    client, django_assert_num_queries, django_capture_on_commit_callbacks
):
    season = _season_from(timezone.localdate())
    assert ">A1</a>" in client.get(_url(season, "?week=all")).content.decode()
    with django_assert_num_queries(1):  # the season with its versions: the rows are kept
        client.get(_url(season, "?week=all"))
    with django_capture_on_commit_callbacks(execute=True):
        team_rename(team=season.teams.get(name="A1"), name="Left Bowers", by=manager_user())
    body = client.get(_url(season, "?week=all")).content.decode()
    assert ">Left Bowers</a>" in body and ">A1</a>" not in body


def test_managers_get_their_edit_links_and_visitors_never_see_them(client):
    season = _season_from(timezone.localdate())
    fixture = season.fixtures.order_by("pk").first()
    edit = reverse("league:fixture_edit", args=[fixture.pk])
    assert edit not in client.get(_url(season, "?week=all")).content.decode()
    client.force_login(manager_user())
    assert edit in client.get(_url(season, "?week=all")).content.decode()
    client.logout()
    assert edit not in client.get(_url(season, "?week=all")).content.decode()


def test_the_csv_is_the_whole_season_by_default_and_answers_304(client):
    season = _season_from(timezone.localdate())
    response = client.get(_url(season, "?export=csv"))
    lines = response.content.decode().strip().splitlines()
    assert len(lines) == 1 + season.fixtures.count()
    again = client.get(_url(season, "?export=csv"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_a_moved_fixture_shows_its_old_date(client):
    season = _season_from(timezone.localdate())
    fixture = season.fixtures.filter(week=2).order_by("pk").first()
    Fixture.objects.filter(pk=fixture.pk).update(
        original_date=fixture.date, date=fixture.date + datetime.timedelta(days=1)
    )
    body = client.get(_url(season, "?week=2")).content.decode()
    assert f"(was {day(fixture.date)})" in body


def test_a_played_fixture_shows_its_score_and_its_row_links_to_it(
    client, django_capture_on_commit_callbacks
):
    n = night(date=timezone.localdate() - datetime.timedelta(days=1))
    url = _url(n.season, f"?team={n.home.pk}")
    fixture_url = reverse("league:fixture_detail", args=[n.fixture.pk])
    before = client.get(url).content.decode()
    assert f'<a href="{fixture_url}" class="row-link">{day(n.fixture.date)}</a>' in before
    assert 'class="score"' not in before

    scores = [GameScore(1, 10, 4), GameScore(2, 6, 10), GameScore(3, 10, 8)]
    with django_capture_on_commit_callbacks(execute=True):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    assert 'class="score"' not in client.get(url).content.decode()  # not yet confirmed
    with django_capture_on_commit_callbacks(execute=True):  # a new results version
        fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    assert '<strong class="score">2–1</strong>' in client.get(url).content.decode()


@pytest.fixture
def in_process_cache(settings):
    """The in-process cache, whose keys a test can count (whatever REDIS_URL says)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    caches["default"].clear()  # what an earlier test left there


def _kept_bodies() -> int:
    """How many schedule bodies the (in-process) cache holds."""
    return sum("schedule-page" in key for key in caches["default"]._cache)


def test_random_pages_keep_at_most_one_body_per_real_page(client, in_process_cache):
    season = _season_from(timezone.localdate(), teams=(30, 30))  # 120 fixtures: 2 pages
    rng = random.Random(20)
    for _ in range(150):
        page = rng.choice([str(rng.randrange(1, 10**6)), "x", "0", "-1", "²", "9" * 40])
        assert client.get(_url(season, f"?week=all&page={page}")).status_code == 200
    assert _kept_bodies() <= 2
    body = client.get(_url(season, "?week=all&page=999")).content.decode()
    assert "Page 2 of 2" in body


def test_unknown_values_and_searches_are_served_but_not_kept(client, in_process_cache):
    season = _season_from(timezone.localdate())
    other = _season_from(timezone.localdate())
    stranger = other.teams.first()
    queries = [
        "?week=99",
        f"?team={stranger.pk}",
        "?team=123456789",
        "?skill_level=999999",
        "?q=b3",
        "?q=b4",
        "?sort=bogus&utm=1",
    ]
    for query in queries:
        assert client.get(_url(season, query)).status_code == 200
    assert _kept_bodies() == 1  # the last one, read as the plain page
    assert client.get(_url(season, "?q=b3")).content.decode().count(">B3</a>") == 4


def test_a_csv_of_a_search_is_served_but_not_kept(client, in_process_cache):
    season = _season_from(timezone.localdate())
    response = client.get(_url(season, "?export=csv&q=b3"))
    assert response.status_code == 200 and b"B3" in response.content
    assert not any(key.startswith(":1:download:") for key in caches["default"]._cache)
    client.get(_url(season, "?export=csv&page=7"))
    assert sum(key.startswith(":1:download:") for key in caches["default"]._cache) == 1


def test_a_kept_csv_is_served_without_reading_the_weeks_or_the_filter_again(
    client, in_process_cache, django_assert_num_queries
):
    season = _season_from(timezone.localdate())
    first = client.get(_url(season, "?export=csv"))
    with django_assert_num_queries(1):  # the season with its versions: no weeks, no filter
        again = client.get(_url(season, "?export=csv"))
    assert again.content == first.content


def _move_week(season, week: int, to: datetime.date, count: int | None = None) -> None:
    """Move a week's fixtures (or the first `count` of them) to a makeup night."""
    fixtures = list(season.fixtures.filter(week=week).order_by("pk"))[:count]
    for fixture in fixtures:
        Fixture.objects.filter(pk=fixture.pk).update(original_date=fixture.date, date=to)
    season_changed(season, schedule=True)


def _week_options(body: str) -> list[str]:
    select = body.split('name="week"', 1)[1].split("</select>", 1)[0]
    return [part.split('"', 1)[0] for part in select.split('<option value="')[1:]]


def test_a_week_moved_to_a_makeup_night_takes_its_place_in_date_order(client):
    today = timezone.localdate()
    season = _season_from(today - datetime.timedelta(days=8))  # week 2 was yesterday
    makeup = today + datetime.timedelta(days=20)  # after week 4
    _move_week(season, 2, makeup)
    body = client.get(_url(season, "?week=4")).content.decode()
    assert _week_options(body) == ["all", "1", "3", "4", "2"]
    assert ">← Week 3</a>" in body and ">Week 2 →</a>" in body
    assert f"Week 2: {day(makeup)}</option>" in body
    # The page opens on the next night's week, not on the week moved past it.
    assert _weeks_shown(client, _url(season)) == {"3"}


def test_a_week_with_one_fixture_moved_lists_both_its_nights(client):
    today = timezone.localdate()
    season = _season_from(today - datetime.timedelta(days=8))
    night = today - datetime.timedelta(days=1)
    makeup = today + datetime.timedelta(days=20)
    _move_week(season, 2, makeup, count=1)
    body = client.get(_url(season, "?week=all")).content.decode()
    assert _week_options(body) == ["all", "1", "2", "3", "4"]
    assert f"Week 2: {day(night)} and {day(makeup)}</option>" in body
    assert _weeks_shown(client, _url(season)) == {"3"}  # the makeup night is weeks away
