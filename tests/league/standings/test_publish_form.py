"""The managers' "Publish a week" form under the standings: its weeks and its addresses."""

import pytest
from django.urls import reverse

from league.standings.publish_form import publish_form, unpublished_weeks
from league.standings.services import standings_publish
from tests.factories import manager_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = night_season(weeks=3, levels=("A",))
    ace, bee = (ready_team(season, name, "A")[1] for name in ("Ace", "Bee"))
    for week in (1, 2):
        play(fixture_between(season, ace, bee, week), (10, 1), (10, 2), (10, 3))
    return season


def test_the_weeks_played_and_not_published_come_newest_first_as_options(season):
    weeks = unpublished_weeks(season, [])
    assert weeks == ["2", "1"]
    form = publish_form(season, weeks)
    assert form["publish_options"] == (
        '<option value="2">Week 2</option><option value="1">Week 1</option>'
    )
    args = [season.league.slug, season.slug]
    assert form["publish_url"] == reverse("league:standings_publish", args=args)
    assert form["queue_url"] == reverse("league:results_queue", args=args)


def test_a_published_week_is_no_longer_offered_and_none_left_shows_no_form(client, season):
    manager = manager_user()
    standings_publish(season=season, week=1, by=manager)
    assert unpublished_weeks(season, list(season.snapshots.all())) == ["2"]
    standings_publish(season=season, week=2, by=manager)
    client.force_login(manager)
    base = reverse("league:season_standings", args=[season.league.slug, season.slug])
    page = client.get(base + "?week=live").content.decode()
    assert "Every week played so far is published." in page and "<option" not in page


def test_the_live_page_posts_the_form_to_its_own_season(client, season):
    client.force_login(manager_user())
    base = reverse("league:season_standings", args=[season.league.slug, season.slug])
    page = client.get(base + "?week=live").content.decode()
    publish = reverse("league:standings_publish", args=[season.league.slug, season.slug])
    assert f'<form method="post" action="{publish}">' in page
    assert '<select name="week"><option value="2">Week 2</option>' in page
