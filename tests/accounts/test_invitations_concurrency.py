"""Two taps on one invitation at the same moment, each on its own connection: one accepts,
the other is told it was used; one role, one linked player."""

import pytest
from django.core.exceptions import ValidationError

from accounts.invitations import invitation_accept, invitation_create
from accounts.models import Invitation, Role
from league.seasons import invitations as team_invitations
from league.seasons.models import Player
from tests.concurrency import at_once
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    TeamFactory,
    UserFactory,
    manager_user,
)

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _accept(pk, user):
    return lambda: invitation_accept(invitation=Invitation.objects.get(pk=pk), user=user)


def test_two_people_accepting_one_staff_invitation_at_once_make_one_manager():
    league = LeagueFactory()
    manager = manager_user(league=league)
    invitation = invitation_create(
        by=manager, kind="manager", scope_id=league.pk, label=league.name, email="a@example.com"
    )
    first, second = UserFactory(email=""), UserFactory(email="")
    outcomes = at_once(_accept(invitation.pk, first), _accept(invitation.pk, second))
    assert sum(isinstance(o, str) for o in outcomes) == 1, outcomes
    assert sum(isinstance(o, ValidationError) for o in outcomes) == 1, outcomes
    winner = Invitation.objects.get(pk=invitation.pk).accepted_by
    managers = set(
        Role.objects.filter(scope_kind="league", scope_id=league.pk).values_list("user", flat=True)
    )
    assert managers == {manager.pk, winner.pk}


def test_a_double_tap_on_a_players_invitation_links_one_account_once():
    team = TeamFactory()
    entry = RosterEntryFactory(team=team, player=PlayerFactory())
    invitation = team_invitations.team_invitation_send(
        by=manager_user(league=team.season.league), team=team, entry_id=entry.pk
    )
    user = UserFactory(email="")
    outcomes = at_once(_accept(invitation.pk, user), _accept(invitation.pk, user))
    assert sum(isinstance(o, str) for o in outcomes) == 1, outcomes
    assert Player.objects.get(pk=entry.player_id).user == user
    assert Player.objects.filter(user=user).count() == 1


def test_two_invitations_sent_at_once_to_one_person_make_one():
    league = LeagueFactory()
    manager = manager_user(league=league)

    def invite():
        return invitation_create(
            by=manager, kind="manager", scope_id=league.pk, label="L", email="b@example.com"
        ).pk

    outcomes = at_once(invite, invite)
    assert all(isinstance(o, int) for o in outcomes), outcomes
    assert Invitation.objects.count() == 1
