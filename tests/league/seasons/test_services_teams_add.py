"""A manager adds a team and invites its captain in the same step."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from accounts.models import Invitation
from league.seasons.models import Player, RosterEntry, Team
from league.seasons.services.teams import team_add
from notices.models import OutboxMessage
from tests.factories import LeagueFactory, SeasonFactory, manager_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return SeasonFactory(name="Fall 2030", league=LeagueFactory(name="Tuesday League"))


def test_a_team_added_with_its_captains_email_invites_the_captain(season):
    manager = manager_user(league=season.league)
    added = team_add(
        season=season,
        name="Red Aces",
        by=manager,
        captain_name="Casey Cap",
        captain_contact="Casey@Example.com",
    )
    captain = RosterEntry.objects.get(team=added.team)
    assert (captain.role, captain.player.name, captain.player.email) == (
        "captain",
        "Casey Cap",
        "casey@example.com",
    )
    invitation = added.invitation
    assert (invitation.kind, invitation.scope_id, invitation.email) == (
        "captain",
        added.team.pk,
        "casey@example.com",
    )
    assert OutboxMessage.objects.filter(channel="email", address="casey@example.com").exists()


def test_a_captains_mobile_number_is_checked_and_gets_a_text(season):
    added = team_add(
        season=season,
        name="Red Aces",
        by=manager_user(league=season.league),
        captain_name="Casey Cap",
        captain_contact="(416) 555-0177",
    )
    assert added.invitation.phone == "+14165550177"
    assert OutboxMessage.objects.filter(channel="sms", address="+14165550177").exists()


@pytest.mark.parametrize(
    ("captain_name", "contact", "message"),
    [
        ("", "casey@example.com", "captain's full name"),
        ("Casey Cap", "casey@", "is not an email address"),
        ("Casey Cap", "12", "mobile number with its area code"),
    ],
)
def test_a_bad_captain_adds_nothing(season, captain_name, contact, message):
    with pytest.raises(ValidationError, match=message):
        team_add(
            season=season,
            name="Red Aces",
            by=manager_user(league=season.league),
            captain_name=captain_name,
            captain_contact=contact,
        )
    assert not Team.objects.exists() and not Invitation.objects.exists()


def test_a_team_without_a_captain_is_added_alone(season):
    added = team_add(season=season, name="Red Aces", by=manager_user(league=season.league))
    assert added.invitation is None and not added.team.roster.exists()


def test_the_manager_of_another_league_cannot_add_a_team(season):
    other = manager_user(league=LeagueFactory(name="Thursday League"))
    with pytest.raises(PermissionDenied):
        team_add(season=season, name="Red Aces", by=other)
    assert not Team.objects.exists()


def test_a_captain_whose_address_is_someones_is_invited_without_showing_them(season):
    owner = Player.objects.create(name="Olivia Owner", email="olivia@example.com", phone="555")
    added = team_add(
        season=season,
        name="Red Aces",
        by=manager_user(league=season.league),
        captain_name="Liv",
        captain_contact="olivia@example.com",
    )
    place = added.team.roster.get()
    assert (place.player.name, place.player.email, place.role) == ("Liv", "", "captain")
    assert added.invitation.player_id == place.player_id
    owner.refresh_from_db()
    assert (owner.name, owner.phone) == ("Olivia Owner", "555")
