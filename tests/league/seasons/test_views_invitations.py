"""The league's invitation pages: a season's (managers), a team's (its captain), the
league's staff page, and the welcome page after accepting."""

import pytest
from django.urls import reverse

from accounts import permissions
from accounts.invitations import invitation_accept
from accounts.models import Invitation, Role
from activity.models import Activity
from league.seasons import invitations as service
from league.seasons.models import Player, RosterEntry
from notices.models import Notice, Subscription
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    captain_user,
    manager_user,
    player_user,
)
from tests.league.factories import WaiverFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return SeasonFactory(league=LeagueFactory(name="Tuesday League"))


@pytest.fixture
def team(season):
    return TeamFactory(season=season, name="Red Aces")


@pytest.fixture
def manager(season):
    return manager_user(league=season.league)


@pytest.fixture
def captain(team):
    return captain_user(team=team)[0]


@pytest.fixture
def entry(team):
    return RosterEntryFactory(team=team, player=PlayerFactory(name="Anna Smith"))


def _season_url(season) -> str:
    return reverse("league:season_invitations", args=[season.league.slug, season.slug])


def _team_url(team) -> str:
    return reverse("league:team_invitations", args=[team.pk])


def _staff_url(league) -> str:
    return reverse("league:league_staff", args=[league.slug])


# --- the season's page ---


def test_the_season_page_shows_each_players_state(client, season, team, manager, entry):
    service.team_invitation_send(by=manager, team=team, entry_id=entry.pk)
    RosterEntryFactory(team=team, player=PlayerFactory(name="Ned NoContact", email=""))
    client.force_login(manager)
    page = client.get(_season_url(season)).content.decode()
    assert "Anna Smith" in page and "Invited" in page
    assert "No email or phone" in page
    assert 'id="send-all"' in page


def test_the_season_page_is_for_this_leagues_managers_only(client, season, captain):
    url = _season_url(season)
    assert client.get(url).status_code == 302  # to log in
    client.force_login(manager_user(league=LeagueFactory()))
    assert client.get(url).status_code == 403
    client.force_login(captain)
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "send_all"}).status_code == 403
    assert not Invitation.objects.exists()


def test_send_every_invitation_from_the_season_page(client, season, team, manager, entry):
    client.force_login(manager)
    response = client.post(_season_url(season), {"action": "send_all"}, follow=True)
    assert "1 invitation sent." in response.content.decode()
    assert Invitation.objects.get().player_id == entry.player_id


def test_invite_resend_and_withdraw_one_player(client, season, team, manager, entry):
    client.force_login(manager)
    url = _season_url(season)
    client.post(url, {"action": "invite", "team": team.pk, "entry": entry.pk})
    invitation = Invitation.objects.get()
    client.post(url, {"action": "resend", "team": team.pk, "invitation": invitation.pk})
    invitation.refresh_from_db()
    assert invitation.send_count == 2
    client.post(url, {"action": "revoke", "team": team.pk, "invitation": invitation.pk})
    invitation.refresh_from_db()
    assert invitation.state == "revoked"


def test_a_team_of_another_season_is_not_reached_from_this_page(client, season, manager):
    foreign = RosterEntryFactory(team=TeamFactory(season=SeasonFactory(league=season.league)))
    client.force_login(manager)
    response = client.post(
        _season_url(season),
        {"action": "invite", "team": foreign.team_id, "entry": foreign.pk},
        follow=True,
    )
    assert "Pick a player from the list." in response.content.decode()
    assert not Invitation.objects.exists()


def test_nonsense_posts_get_a_message_not_an_error(client, season, manager):
    client.force_login(manager)
    for data in ({"action": "invite", "team": "x"}, {"action": "resend", "team": ""}, {}):
        assert client.post(_season_url(season), data).status_code in (200, 302)


# --- the team's page ---


def test_the_captain_invites_a_player_from_the_team_page(client, team, captain, entry):
    client.force_login(captain)
    assert client.get(_team_url(team)).status_code == 200
    client.post(_team_url(team), {"action": "invite", "entry": entry.pk, "contact": ""})
    assert Invitation.objects.get().invited_by == captain


def test_the_captain_of_another_team_cannot_open_the_team_page(client, season, team, entry):
    other, _ = captain_user(team=TeamFactory(season=season))
    client.force_login(other)
    assert client.get(_team_url(team)).status_code == 403
    assert client.post(_team_url(team), {"action": "invite", "entry": entry.pk}).status_code == 403
    assert not Invitation.objects.exists()


def test_a_captain_cannot_withdraw_another_teams_invitation(client, season, team, captain):
    other_team = TeamFactory(season=season)
    other_entry = RosterEntryFactory(team=other_team)
    other_captain, _ = captain_user(team=other_team)
    invitation = service.team_invitation_send(
        by=other_captain, team=other_team, entry_id=other_entry.pk
    )
    client.force_login(captain)
    client.post(_team_url(team), {"action": "revoke", "invitation": invitation.pk})
    invitation.refresh_from_db()
    assert invitation.state == "pending"


# --- the league's staff page ---


def test_the_staff_page_is_for_this_leagues_managers(client, season, captain):
    url = _staff_url(season.league)
    client.force_login(manager_user(league=LeagueFactory()))
    assert client.get(url).status_code == 403
    client.force_login(captain)
    assert client.get(url).status_code == 403
    client.force_login(UserFactory(is_superuser=True))
    assert client.get(url).status_code == 200


def test_a_manager_invites_a_co_manager_who_accepts(client, season, manager):
    client.force_login(manager)
    page = client.get(_staff_url(season.league)).content.decode()
    assert manager.username in page
    client.post(
        _staff_url(season.league),
        {"action": "invite", "kind": "manager", "contact": "co@example.com", "name": "Co"},
    )
    invitation = Invitation.objects.get()
    assert (invitation.kind, invitation.scope_id) == ("manager", season.league_id)
    assert Notice.objects.filter(kind="invitation").count() == 1
    co = UserFactory(email="co@example.com")
    invitation_accept(invitation=invitation, user=co)
    permissions.forget_roles(co)
    assert permissions.can_manage_league(co, season.league)


def test_a_bad_address_on_the_staff_page_is_refused_with_a_message(client, season, manager):
    client.force_login(manager)
    response = client.post(
        _staff_url(season.league), {"action": "invite", "kind": "manager", "contact": "nope"}
    )
    assert response.status_code == 200
    assert "mobile number" in response.content.decode()
    assert not Invitation.objects.exists()


def test_a_manager_removes_a_co_manager_but_never_the_last(client, season, manager):
    co = manager_user(league=season.league)
    Role.objects.filter(user=co, scope_kind="site").delete()
    client.force_login(manager)
    url = _staff_url(season.league)
    client.post(url, {"action": "remove", "user": co.pk, "role": "manager"})
    assert not Role.objects.filter(user=co, scope_kind="league").exists()
    response = client.post(url, {"action": "remove", "user": manager.pk, "role": "manager"})
    assert "someone else must hold it first" in response.content.decode()
    assert Role.objects.filter(user=manager, scope_kind="league").exists()


def test_removing_someone_who_holds_no_role_here_says_so_and_names_nobody(client, season, manager):
    other_league = LeagueFactory()
    stranger = manager_user(league=other_league, first_name="Quentin", last_name="Stranger")
    client.force_login(manager)
    url = _staff_url(season.league)
    roles = set(Role.objects.values_list("user_id", "role", "scope_kind", "scope_id"))
    answers = [
        client.post(url, {"action": "remove", "user": user, "role": "manager"}, follow=True)
        for user in (stranger.pk, 999999, "²", "\x00", "9" * 40, "")
    ]
    pages = [response.content.decode() for response in answers]
    assert all(response.status_code == 200 for response in answers)
    assert all("Nobody was removed" in page for page in pages)
    assert not any("Quentin" in page or stranger.get_username() in page for page in pages)
    assert set(Role.objects.values_list("user_id", "role", "scope_kind", "scope_id")) == roles
    assert Activity.objects.filter(verb="role_revoked").count() == 0


def test_the_staff_page_gives_no_other_role_here(client, season, manager):
    client.force_login(manager)
    client.post(
        _staff_url(season.league), {"action": "invite", "kind": "director", "contact": "d@x.org"}
    )
    assert not Invitation.objects.exists()


# --- the welcome page after accepting ---


def _accepted(team, entry):
    invitation = service.team_invitation_send(
        by=manager_user(league=team.season.league), team=team, entry_id=entry.pk
    )
    user = UserFactory(email="")
    invitation_accept(invitation=invitation, user=user)
    return user


def test_the_welcome_page_takes_notice_choices_then_goes_to_the_waiver(client, team, entry):
    user = _accepted(team, entry)
    client.force_login(user)
    url = reverse("league:team_welcome", args=[team.pk])
    assert "Welcome to Red Aces" in client.get(url).content.decode()
    response = client.post(url, {"by_email": "on", "by_sms": "on", "phone": "555 555 0123"})
    assert response.status_code == 200
    assert "area code" in response.content.decode()
    response = client.post(url, {"by_email": "on", "by_sms": "on", "phone": "(416) 555-0123"})
    season = team.season
    assert response.url == reverse("league:waiver_sign", args=[season.league.slug, season.slug])
    player = Player.objects.get(user=user)
    assert (player.phone, player.sms_opt_in) == ("+14165550123", True)
    assert Subscription.objects.get(player=player, league=season.league).by_sms


def test_a_signed_player_goes_to_the_team_page(client, team, entry):
    user = _accepted(team, entry)
    WaiverFactory(player=entry.player, season=team.season)
    client.force_login(user)
    response = client.post(reverse("league:team_welcome", args=[team.pk]), {"by_email": "on"})
    assert response.url == team.get_absolute_url()


def test_the_welcome_page_is_for_the_teams_own_players(client, season, team):
    client.force_login(player_user(team=TeamFactory(season=season))[0])
    assert client.get(reverse("league:team_welcome", args=[team.pk])).status_code == 403


def test_the_roster_entry_is_unchanged_by_the_welcome_page(client, team, entry):
    user = _accepted(team, entry)
    client.force_login(user)
    client.post(reverse("league:team_welcome", args=[team.pk]), {"by_email": "on"})
    assert RosterEntry.objects.get(pk=entry.pk).player.user == user


def _accepted_by_text(team, entry, phone="(416) 555-0142"):
    invitation = service.team_invitation_send(
        by=manager_user(league=team.season.league), team=team, entry_id=entry.pk, contact=phone
    )
    user = UserFactory(email="")
    invitation_accept(invitation=invitation, user=user)
    return user


def test_a_number_typed_on_the_invitations_page_stays_with_the_player(team, entry):
    Player.objects.filter(pk=entry.player_id).update(email="", phone="")
    user = _accepted_by_text(team, entry)
    assert Player.objects.get(user=user).phone == "+14165550142"


def test_a_number_already_on_the_record_is_kept(team, entry):
    Player.objects.filter(pk=entry.player_id).update(phone="+14165550100")
    user = _accepted_by_text(team, entry)
    assert Player.objects.get(user=user).phone == "+14165550100"


def test_someone_invited_by_text_finds_texts_ticked_with_their_number(client, team, entry):
    Player.objects.filter(pk=entry.player_id).update(email="", phone="")
    client.force_login(_accepted_by_text(team, entry))
    page = client.get(reverse("league:team_welcome", args=[team.pk])).content.decode()
    assert 'name="by_sms" id="id_by_sms" checked' in page
    assert 'name="by_email" id="id_by_email" checked' not in page
    assert 'value="+14165550142"' in page


def test_saving_with_nothing_ticked_asks_first_and_changes_nothing(client, team, entry):
    user = _accepted(team, entry)
    client.force_login(user)
    url = reverse("league:team_welcome", args=[team.pk])
    response = client.post(url, {"phone": ""})
    page = response.content.decode()
    assert response.status_code == 200 and "neither email nor text" in page
    assert 'name="nothing"' in page
    assert not Subscription.objects.filter(player__user=user).exists()
    response = client.post(url, {"phone": "", "nothing": "on"}, follow=True)
    assert "the league sends you nothing" in response.content.decode()
    chosen = Subscription.objects.filter(player__user=user).values_list("by_email", "by_sms")
    assert set(chosen) <= {(False, False)}
    assert not Player.objects.get(user=user).sms_opt_in


def test_the_season_page_sends_a_player_with_an_account_a_sign_in_link(
    client, season, team, manager, entry, django_capture_on_commit_callbacks
):
    import sms

    from accounts.sign_in_links import account_phone_set

    user = UserFactory(email="")
    Player.objects.filter(pk=entry.player_id).update(user=user)
    account_phone_set(user=user, phone="(416) 555-0142")
    sms.outbox = []
    client.force_login(manager)
    page = client.get(_season_url(season)).content.decode()
    assert "Send Anna Smith a sign-in link by text" in page
    data = {"action": "sign_in_link", "team": team.pk, "entry": entry.pk, "channel": "text"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_season_url(season), data, follow=True)
    assert "A sign-in link is on its way to Anna Smith (••• 0142)" in response.content.decode()
    assert [t.recipients for t in sms.outbox] == [["+14165550142"]]
    response = client.post(_season_url(season), data | {"channel": "email"}, follow=True)
    assert "no email address on their account" in response.content.decode()


def test_a_captain_cannot_send_sign_in_links_from_the_team_page(client, team, captain, entry):
    user = UserFactory(email="")
    Player.objects.filter(pk=entry.player_id).update(user=user)
    client.force_login(captain)
    assert "sign-in link" not in client.get(_team_url(team)).content.decode()
    data = {"action": "sign_in_link", "team": team.pk, "entry": entry.pk, "channel": "email"}
    assert client.post(_team_url(team), data).status_code == 403
