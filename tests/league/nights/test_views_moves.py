"""The move-a-night page: pick the night, review who moves and who will be told, confirm."""

import datetime

import pytest
from django.urls import reverse

from league.seasons.models import Fixture
from notices.models import Notice
from tests.factories import captain_user, manager_user
from tests.league.cancellation_factories import night, opt_in_to_texts, players_of, published_season
from tests.league.factories import TUESDAY, make_season

pytestmark = pytest.mark.django_db
THURSDAY = TUESDAY + datetime.timedelta(days=2)


@pytest.fixture
def season():
    return published_season()


@pytest.fixture
def manager(season):
    return manager_user(season.league)


def _url(season) -> str:
    return reverse("league:night_move", args=[season.league.slug, season.slug])


def _form(**changes) -> dict:
    data = {"date": TUESDAY.isoformat(), "scope": "whole", "new_date": THURSDAY.isoformat()}
    data.update(changes)
    return data


def test_the_dashboard_links_to_moving_a_night(client, season, manager):
    client.force_login(manager)
    html = client.get(
        reverse("league:season_dashboard", args=[season.league.slug, season.slug])
    ).content.decode()
    assert _url(season) in html and "Move a night" in html


def test_the_page_opens_on_the_first_night_with_play_and_lists_its_fixtures(
    client, season, manager
):
    client.force_login(manager)
    html = client.get(_url(season)).content.decode()
    assert 'value="2030-09-03"' in html
    for fixture in night(season):
        assert f'name="fixtures" value="{fixture.pk}"' in html


def test_a_played_fixture_is_listed_as_staying_with_why(client, season, manager):
    first = night(season)[0]
    Fixture.objects.filter(pk=first.pk).update(status=Fixture.Status.PLAYED)
    client.force_login(manager)
    html = client.get(_url(season), {"date": TUESDAY.isoformat()}).content.decode()
    assert f"{first.home} v {first.away} — stays: already played." in html
    assert f'name="fixtures" value="{first.pk}"' not in html


def test_a_date_that_is_not_a_date_answers_with_a_message(client, season, manager):
    client.force_login(manager)
    response = client.get(_url(season), {"date": "2030-02-31"})
    assert response.status_code == 200 and "Enter a valid date." in response.content.decode()


def test_reviewing_says_who_will_be_told_and_moves_nothing(client, season, manager):
    opt_in_to_texts(players_of(night(season))[0], "317 555 0101")
    client.force_login(manager)
    response = client.post(_url(season), _form())
    html = response.content.decode()
    assert response.status_code == 200
    assert "4 fixtures</strong> will move" in html
    assert "This will email 16 people and text 1." in html
    assert 'name="confirm" value="1"' in html
    assert set(season.fixtures.filter(date=TUESDAY).values_list("pk", flat=True))
    assert not Notice.objects.exists()


def test_confirming_moves_the_night_and_goes_to_the_new_night(client, season, manager):
    client.force_login(manager)
    response = client.post(_url(season), _form(confirm="1", note="Hall booked"))
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "league:night_detail", args=[season.league.slug, season.slug, "2030-09-05"]
    )
    assert season.fixtures.filter(date=THURSDAY).count() == 4
    assert Notice.objects.get(kind="fixtures_moved").messages.count() == 16
    page = client.get(response["Location"]).content.decode()
    assert "4 fixtures moved to Thu 5 Sep 2030; 16 people are being told." in page


def test_moving_only_ticked_fixtures_needs_a_tick(client, season, manager):
    client.force_login(manager)
    html = client.post(_url(season), _form(scope="some")).content.decode()
    assert "Tick the fixtures to move, or move the whole night." in html
    chosen = night(season)[0]
    html = client.post(_url(season), _form(scope="some", fixtures=[chosen.pk])).content.decode()
    assert "1 fixture</strong> will move" in html and "This will email 4 people." in html


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"new_date": TUESDAY.isoformat()}, "Pick another night than the one it is on."),
        ({"new_date": "1999-01-01"}, "Pick a date between"),
        ({"new_date": "not a date"}, "Enter a valid date."),
        ({"note": "x" * 201}, "at most 200 characters"),
        ({"fixtures": ["999999"], "scope": "some"}, "Select a valid choice."),
    ],
)
def test_bad_input_answers_with_the_form_and_a_message(client, season, manager, changes, message):
    client.force_login(manager)
    response = client.post(_url(season), _form(confirm="1", **changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert season.fixtures.filter(date=TUESDAY).count() == 4 and not Notice.objects.exists()


def test_the_manager_of_another_league_or_a_captain_is_refused(client, season):
    for user in (manager_user(make_season().league), captain_user(team=season.teams.first())[0]):
        client.force_login(user)
        assert client.get(_url(season)).status_code == 403
        assert client.post(_url(season), _form(confirm="1")).status_code == 403
    assert season.fixtures.filter(date=TUESDAY).count() == 4 and not Notice.objects.exists()
