"""Captains' and players' invitations: who may invite, bulk sending, and what accepting
does to the roster."""

from dataclasses import dataclass

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import permissions
from accounts.invitations import invitation_accept, invitation_revoke
from accounts.models import Invitation
from league.seasons import invitations as service
from league.seasons.models import Player, RosterEntry, Team
from notices.models import Notice, OutboxMessage
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    captain_user,
    manager_user,
)
from tests.league.factories import WaiverFactory

pytestmark = pytest.mark.django_db


@dataclass
class World:
    season: object
    team: Team
    other_team: Team
    manager: object
    captain: object
    other_captain: object
    captain_entry: RosterEntry  # team's second captain, no account yet
    player_entry: RosterEntry  # no account yet, an email on file


@pytest.fixture
def w() -> World:
    season = SeasonFactory(name="Fall 2030", league=LeagueFactory(name="Tuesday League"))
    team = TeamFactory(season=season, name="Red Aces")
    other_team = TeamFactory(season=season, name="Blue Jacks")
    captain, _ = captain_user(team=team)
    other_captain, _ = captain_user(team=other_team)
    return World(
        season=season,
        team=team,
        other_team=other_team,
        manager=manager_user(league=season.league, first_name="Pat"),
        captain=captain,
        other_captain=other_captain,
        captain_entry=RosterEntryFactory(
            team=team, role=RosterEntry.Role.CAPTAIN, player=PlayerFactory(name="Cora Cap")
        ),
        player_entry=RosterEntryFactory(team=team, player=PlayerFactory(name="Anna Smith")),
    )


def _send(by, w: World, entry=None, contact=""):
    entry = entry or w.player_entry
    return service.team_invitation_send(by=by, team=entry.team, entry_id=entry.pk, contact=contact)


# --- who may invite ---


def test_a_manager_of_this_league_invites_a_teams_captain(w):
    invitation = _send(w.manager, w, w.captain_entry)
    assert (invitation.kind, invitation.scope_kind, invitation.scope_id) == (
        "captain",
        "team",
        w.team.pk,
    )
    assert invitation.player_id == w.captain_entry.player_id
    assert invitation.email == "cora.cap@example.com"
    assert invitation.label == "Red Aces (Tuesday League, Fall 2030)"
    notice = Notice.objects.get(kind=Notice.Kind.INVITATION)
    assert notice.season == w.season  # the outbox's League filter finds it
    assert notice.subject == "Pat invited you to captain Red Aces (Tuesday League, Fall 2030)"
    assert OutboxMessage.objects.get(notice=notice).player_id == w.captain_entry.player_id


def test_a_manager_of_another_league_may_not(w):
    stranger = manager_user(league=LeagueFactory())
    with pytest.raises(PermissionDenied):
        _send(stranger, w)
    assert not Invitation.objects.exists()


def test_the_captain_invites_the_players_on_their_roster(w):
    invitation = _send(w.captain, w)
    assert (invitation.kind, invitation.invited_by) == ("player", w.captain)


def test_the_captain_of_another_team_may_not(w):
    with pytest.raises(PermissionDenied):
        _send(w.other_captain, w)
    with pytest.raises(PermissionDenied):
        service.team_invitations_send_all(by=w.other_captain, team=w.team)
    assert not Invitation.objects.exists()


def test_a_player_of_the_team_may_not(w):
    user = UserFactory()
    RosterEntryFactory(team=w.team, player=PlayerFactory(user=user))
    with pytest.raises(PermissionDenied):
        _send(user, w)


def test_a_captain_cannot_reach_another_teams_player_through_their_own_team(w):
    foreign = RosterEntryFactory(team=w.other_team)
    with pytest.raises(ValidationError, match="isn't on this team's roster"):
        service.team_invitation_send(by=w.captain, team=w.team, entry_id=foreign.pk)


def test_a_typed_number_is_used_when_none_is_on_file(w):
    Player.objects.filter(pk=w.player_entry.player_id).update(email="")
    with pytest.raises(ValidationError, match="no email or mobile"):
        _send(w.captain, w)
    invitation = _send(w.captain, w, contact="416-555-0188")
    assert (invitation.email, invitation.phone) == ("", "+14165550188")
    assert OutboxMessage.objects.get(notice__season=w.season).channel == "sms"


# --- bulk ---


def test_send_every_invitation_reaches_each_player_without_an_account_once(w):
    no_contact = RosterEntryFactory(team=w.other_team, player=PlayerFactory(email=""))
    by_phone = RosterEntryFactory(
        team=w.other_team, player=PlayerFactory(email="", phone="416 555 0199")
    )
    RosterEntryFactory(team=w.other_team, role=RosterEntry.Role.SUB, fixture=None)
    sent = service.season_invitations_send_all(by=w.manager, season=w.season)
    ours = Invitation.objects.filter(scope_id__in=[w.team.pk, w.other_team.pk])
    invited = set(ours.values_list("player_id", flat=True))
    notices = Notice.objects.filter(season=w.season)
    assert invited >= {w.captain_entry.player_id, w.player_entry.player_id, by_phone.player_id}
    assert no_contact.player_id not in invited
    assert not invited & {p.pk for p in Player.objects.exclude(user=None)}  # captains have logins
    assert sent == len(invited) == notices.count()
    assert service.season_invitations_send_all(by=w.manager, season=w.season) == 0
    assert notices.count() == sent


def test_send_every_invitation_skips_one_withdrawn_on_purpose(w):
    invitation = _send(w.manager, w)
    invitation_revoke(invitation=invitation, by=w.manager)
    service.season_invitations_send_all(by=w.manager, season=w.season)
    assert not Invitation.objects.filter(player_id=w.player_entry.player_id, state="pending")


def test_only_managers_send_every_invitation_of_a_season(w):
    with pytest.raises(PermissionDenied):
        service.season_invitations_send_all(by=w.captain, season=w.season)
    with pytest.raises(PermissionDenied):
        service.season_invitations_send_all(
            by=manager_user(league=LeagueFactory()), season=w.season
        )


def test_a_captain_sends_every_invitation_of_their_team(w):
    assert service.team_invitations_send_all(by=w.captain, team=w.team) == 2
    assert set(Invitation.objects.values_list("scope_id", flat=True)) == {w.team.pk}


def test_the_rows_show_who_has_an_account_who_is_invited_and_who_is_not(w):
    _send(w.manager, w)
    RosterEntryFactory(team=w.team, player=PlayerFactory(email=""))
    with CaptureQueriesContext(connection) as queries:
        rows = service.invitation_rows(w.season, w.team)
        statuses = sorted(row.status for row in rows)
    assert len(queries) == 2
    assert statuses == ["account", "no_contact", "none", "pending"]


def test_the_rows_of_a_season_take_two_queries_however_many_teams(w):
    for _ in range(5):
        RosterEntryFactory(team=TeamFactory(season=w.season))
    service.season_invitations_send_all(by=w.manager, season=w.season)
    with CaptureQueriesContext(connection) as queries:
        rows = service.invitation_rows(w.season)
        [(row.status, row.entry.team.name, row.entry.player.name) for row in rows]
    assert len(queries) == 2
    assert len(rows) == 9


# --- accepting ---


def test_accepting_links_the_account_to_the_player_record(w):
    invitation = _send(w.captain, w)
    user = UserFactory(email="")
    next_url = invitation_accept(invitation=invitation, user=user)
    assert next_url == f"/leagues/teams/{w.team.pk}/welcome/"
    assert Player.objects.get(pk=w.player_entry.player_id).user == user
    permissions.forget_roles(user)
    assert permissions.team_ids_for(user) == {w.team.pk}


def test_a_captains_invitation_makes_a_captain_who_can_act_for_the_team(w):
    invitation = _send(w.manager, w, w.captain_entry)
    user = UserFactory()
    invitation_accept(invitation=invitation, user=user)
    permissions.forget_roles(user)
    assert permissions.can_act_for_team(user, w.team)


def test_someone_who_already_plays_keeps_their_record_and_takes_the_place(w):
    invitation = _send(w.captain, w)
    paper = WaiverFactory(player=w.player_entry.player, season=w.season)
    veteran = UserFactory()
    own = PlayerFactory(user=veteran, name="Anna S.")
    RosterEntryFactory(team=TeamFactory(season=SeasonFactory()), player=own)  # last season
    invitation_accept(invitation=invitation, user=veteran)
    entry = RosterEntry.objects.get(pk=w.player_entry.pk)
    assert entry.player == own
    paper.refresh_from_db()
    assert paper.player == own
    assert Player.objects.get(pk=w.player_entry.player_id).user is None


def test_someone_already_on_the_team_is_not_put_on_it_twice(w):
    invitation = _send(w.manager, w, w.captain_entry)
    user = UserFactory()
    own = RosterEntryFactory(team=w.team, player=PlayerFactory(user=user))
    invitation_accept(invitation=invitation, user=user)
    assert RosterEntry.objects.filter(team=w.team, player=own.player).get().role == "captain"
    assert not RosterEntry.objects.filter(pk=w.captain_entry.pk).exists()


def test_someone_on_another_team_of_the_season_is_refused_and_nothing_changes(w):
    invitation = _send(w.captain, w)
    user = UserFactory()
    RosterEntryFactory(team=w.other_team, player=PlayerFactory(user=user))
    with pytest.raises(ValidationError, match="another team"):
        invitation_accept(invitation=invitation, user=user)
    invitation.refresh_from_db()
    assert invitation.state == "pending"
    assert RosterEntry.objects.get(pk=w.player_entry.pk).player_id == w.player_entry.player_id


def test_a_record_linked_to_another_account_is_not_taken(w):
    invitation = _send(w.captain, w)
    Player.objects.filter(pk=w.player_entry.player_id).update(user=UserFactory())
    with pytest.raises(ValidationError, match="another account"):
        invitation_accept(invitation=invitation, user=UserFactory())


def test_a_player_removed_from_the_roster_cannot_accept(w):
    invitation = _send(w.captain, w)
    RosterEntry.objects.filter(pk=w.player_entry.pk).delete()
    user = UserFactory()
    with pytest.raises(ValidationError, match="no longer on Red Aces"):
        invitation_accept(invitation=invitation, user=user)
    assert not Player.objects.filter(user=user).exists()


def test_a_sign_up_email_reaches_a_player_who_had_none(w):
    Player.objects.filter(pk=w.player_entry.player_id).update(email="")
    invitation = _send(w.captain, w, contact="416 555 0111")
    invitation_accept(invitation=invitation, user=UserFactory(email="Anna@Mail.org"))
    assert Player.objects.get(pk=w.player_entry.player_id).email == "anna@mail.org"


def test_inviting_again_to_a_new_address_sends_the_waiting_invitation_there(w):
    first = _send(w.captain, w)
    again = _send(w.captain, w, contact="416 555 0177")
    assert again.pk == first.pk
    assert (again.email, again.phone, again.send_count) == ("", "+14165550177", 2)
    assert OutboxMessage.objects.filter(channel="sms", address="+14165550177").exists()


def test_the_owner_of_the_address_keeps_their_own_record_when_invited_to_a_stand_in(w):
    owner = PlayerFactory(name="Olga Owner", email="olga@example.com")  # no account yet
    stand_in = RosterEntryFactory(team=w.team, player=PlayerFactory(name="Olga", email=""))
    invitation = service.team_invitation_send(
        by=w.captain, team=w.team, entry_id=stand_in.pk, contact="olga@example.com"
    )
    user = UserFactory(email="")
    invitation_accept(invitation=invitation, user=user)
    owner.refresh_from_db()
    assert owner.user == user
    assert RosterEntry.objects.get(pk=stand_in.pk).player == owner
