"""Who a user is on the league's teams: a sub counts only within their dates."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from league.seasons.models import RosterEntry
from league.seasons.selectors import membership_for_user
from tests.factories import PlayerFactory, RosterEntryFactory, UserFactory
from tests.league.factories import FixtureFactory, make_season

pytestmark = pytest.mark.django_db

DAY = datetime.timedelta(days=1)


@pytest.fixture
def season():
    return make_season(teams_per_level=(2,))


def _sub(season, *, on, ends_on=None, approved=True):
    """A user subbing for the home team in a fixture on `on` (their dates end `ends_on`)."""
    home, away = season.teams.all()
    fixture = FixtureFactory(season=season, home=home, away=away, date=on)
    user = UserFactory()
    RosterEntryFactory(
        team=home,
        player=PlayerFactory(user=user),
        role=RosterEntry.Role.SUB,
        fixture=fixture,
        starts_on=on if ends_on is None else min(on, ends_on),
        ends_on=ends_on or on,
        approved=approved,
    )
    return user, home


def test_a_sub_is_on_the_team_until_their_night_is_over(season):
    today = timezone.localdate()
    for on in (today + 3 * DAY, today):
        user, home = _sub(season, on=on)
        assert membership_for_user(user.pk)[1] == {home.pk: "sub"}


def test_a_sub_after_their_dates_is_nobody_on_the_team(season):
    user, _ = _sub(season, on=timezone.localdate() - DAY)
    player_id, teams = membership_for_user(user.pk)
    assert player_id is not None and teams == {}


def test_a_sub_whose_fixture_moved_later_keeps_access_until_it_is_played(season):
    today = timezone.localdate()
    user, home = _sub(season, on=today + 7 * DAY, ends_on=today - DAY)
    assert membership_for_user(user.pk)[1] == {home.pk: "sub"}


def test_a_sub_waiting_for_approval_is_not_on_the_team_yet(season):
    user, _ = _sub(season, on=timezone.localdate() + DAY, approved=False)
    assert membership_for_user(user.pk)[1] == {}


def test_a_regular_with_past_sub_entries_keeps_their_role(season):
    team = season.teams.first()
    captain = team.roster.get(role=RosterEntry.Role.CAPTAIN)
    user = UserFactory()
    captain.player.user = user
    captain.player.save()
    assert membership_for_user(user.pk)[1] == {team.pk: "captain"}


@pytest.mark.parametrize(("days", "status"), [(2, 200), (0, 200), (-1, 403)])
def test_a_subs_access_to_the_teams_private_pages_ends_with_their_dates(
    client, season, days, status
):
    user, home = _sub(season, on=timezone.localdate() + days * DAY)
    client.force_login(user)
    response = client.get(reverse("league:team_roster_csv", args=[home.pk]))
    assert response.status_code == status
    assert permissions.can_view_team_private(user, home) is (status == 200)
