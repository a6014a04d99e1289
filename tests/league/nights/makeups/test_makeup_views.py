"""The makeups page per role, its one-click arrange, the pick by hand, cancelling, the
dashboard card, and makeup games on the schedule, team and fixture pages."""

import pytest
from django.urls import reverse

from league.nights.services.makeups import makeup_arrange
from league.seasons.models import Fixture
from notices.models import Notice
from tests.factories import LeagueFactory, manager_user
from tests.league.night_factories import night_season, ready_team
from tests.league.nights.makeups.factories import forfeit_night

pytestmark = pytest.mark.django_db


def _url(night, **query) -> str:
    url = reverse("league:forfeit_makeups", args=[night.season.league.slug, night.season.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _pick(night, a: str, b: str) -> dict:
    return {
        "date": night.date.isoformat(),
        "team_a": night.teams[a].pk,
        "team_b": night.teams[b].pk,
    }


def test_the_manager_sees_each_night_its_teams_without_a_game_and_the_proposals(client):
    night = forfeit_night()
    client.force_login(night.manager)
    html = client.get(_url(night)).content.decode()
    assert f'id="night-{night.date.isoformat()}"' in html
    for name in ("A1", "A3", "B1", "A7"):
        assert f">{name}</a>" in html
    assert "A2 forfeited" in html
    assert f'name="team_a" value="{night.teams["A1"].pk}"' in html  # the proposal A1 v A3
    assert "try two levels" in html  # B1 has nobody in its level
    across = client.get(_url(night, date=night.date.isoformat(), across="on")).content.decode()
    assert "two levels</span>" in across


def test_one_click_arranges_the_proposal_and_the_page_lists_it_with_cancel(client):
    night = forfeit_night()
    client.force_login(night.manager)
    response = client.post(_url(night), _pick(night, "A1", "A3"), follow=True)
    html = response.content.decode()
    fixture = Fixture.objects.get(one_off=True)
    assert "Makeup game arranged" in html
    assert (
        reverse(
            "league:makeup_cancel", args=[night.season.league.slug, night.season.slug, fixture.pk]
        )
        in html
    )


def test_a_bad_pick_is_refused_with_a_message_and_nothing_written(client):
    night = forfeit_night()
    stranger = ready_team(night_season(league=LeagueFactory(), slug="x"), "Abroad")[1]
    client.force_login(night.manager)
    for data, said in (
        (_pick(night, "A1", "A1"), "two different teams"),
        (_pick(night, "A1", "A5"), "already has a game"),
        ({**_pick(night, "A1", "A3"), "team_b": stranger.pk}, "Choose two teams of"),
        ({**_pick(night, "A1", "A3"), "team_b": "1²"}, "from the night's list"),
        ({**_pick(night, "A1", "A3"), "date": "2001-01-01"}, "has passed"),
    ):
        response = client.post(_url(night), data, follow=True)
        assert response.status_code == 200
        errors = [str(m) for m in response.context["messages"] if m.level_tag == "error"]
        assert any(said in error for error in errors), (said, errors)
    assert not Fixture.objects.filter(one_off=True).exists()


@pytest.mark.parametrize("who", ["captain", "other_manager"])
def test_a_captain_or_another_leagues_manager_is_refused(client, who):
    night = forfeit_night()
    user = night.captain("A1") if who == "captain" else manager_user(league=LeagueFactory())
    client.force_login(user)
    assert client.get(_url(night)).status_code == 403
    assert client.post(_url(night), _pick(night, "A1", "A3")).status_code == 403
    assert not Fixture.objects.filter(one_off=True).exists()


def test_cancel_takes_the_makeup_back(client):
    night = forfeit_night()
    fixture = makeup_arrange(
        by=night.manager, team_a=night.teams["A1"], team_b=night.teams["A3"], date=night.date
    )
    url = reverse(
        "league:makeup_cancel", args=[night.season.league.slug, night.season.slug, fixture.pk]
    )
    client.force_login(night.captain("A1"))
    assert client.post(url).status_code == 403
    client.force_login(night.manager)
    assert client.post(url).status_code == 302
    assert not Fixture.objects.filter(pk=fixture.pk).exists()
    assert Notice.objects.filter(subject__contains="cancelled").exists()


def test_the_dashboard_card_shows_the_nights_with_teams_without_a_game(client):
    night = forfeit_night()
    client.force_login(night.manager)
    dashboard = reverse(
        "league:season_dashboard", args=[night.season.league.slug, night.season.slug]
    )
    html = client.get(dashboard).content.decode()
    assert 'id="makeups"' in html and _url(night, date=night.date.isoformat()) in html
    empty = forfeit_night(announce=False)
    client.force_login(empty.manager)
    html = client.get(
        reverse("league:season_dashboard", args=[empty.season.league.slug, empty.season.slug])
    ).content.decode()
    assert 'id="makeups"' not in html


@pytest.mark.parametrize("counts", [True, False])
def test_the_schedule_fixture_and_team_pages_mark_a_makeup_game(client, counts):
    night = forfeit_night(counts=counts)
    fixture = makeup_arrange(
        by=night.manager, team_a=night.teams["A1"], team_b=night.teams["A3"], date=night.date
    )
    season = night.season
    pages = [
        reverse("league:season_schedule", args=[season.league.slug, season.slug]) + "?week=all",
        reverse("league:fixture_detail", args=[fixture.pk]),
        night.teams["A1"].get_absolute_url(),
        reverse("league:night_detail", args=[season.league.slug, season.slug, night.date]),
    ]
    for url in pages:
        html = client.get(url).content.decode()
        assert "akeup game" in html, url
        assert ("(doesn't count in the standings)" in html) is not counts, url
