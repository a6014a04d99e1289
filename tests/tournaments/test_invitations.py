"""A director invites an event's players; the event's staff page invites directors and
scorekeepers."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from accounts import permissions
from accounts.invitations import invitation_accept
from accounts.models import Invitation, Role
from league.seasons.models import Player
from notices.models import Notice
from tests.factories import (
    PlayerFactory,
    TournamentFactory,
    UserFactory,
    captain_user,
    director_user,
)
from tournaments.models import Entry, Tournament
from tournaments.services import entry_register
from tournaments.services import invitations as service

pytestmark = pytest.mark.django_db


@pytest.fixture
def director():
    return UserFactory(first_name="Dee")


@pytest.fixture
def event(director):
    tournament = TournamentFactory(
        name="Spring Progressive", format=Tournament.Format.PROGRESSIVE, director=director
    )
    for name in ("Anna Smith", "Ben Jones"):
        entry_register(tournament=tournament, player_name=name)
    Player.objects.filter(name="Anna Smith").update(email="anna@example.com")
    return tournament


def _player(name: str) -> Player:
    return Player.objects.get(name=name)


def _send(by, event, name="Anna Smith", contact=""):
    return service.entrant_invitation_send(
        by=by, tournament=event, player_id=_player(name).pk, contact=contact
    )


# --- services ---


def test_the_director_invites_an_entered_player(event, director):
    invitation = _send(director, event)
    assert (invitation.kind, invitation.scope_kind, invitation.scope_id) == (
        "entrant",
        "tournament",
        event.pk,
    )
    assert invitation.label.startswith("Spring Progressive (")
    notice = Notice.objects.get(source__invitation=invitation.pk)
    assert notice.subject.startswith("Dee invited you to play in Spring")


def test_the_director_of_another_event_may_not(event):
    other = director_user(tournament=TournamentFactory())
    with pytest.raises(PermissionDenied):
        _send(other, event)
    with pytest.raises(PermissionDenied):
        service.tournament_invitations_send_all(by=other, tournament=event)


def test_a_scorekeeper_or_a_captain_may_not(event):
    keeper = UserFactory()
    Role.objects.create(user=keeper, scope_kind="tournament", scope_id=event.pk, role="scorekeeper")
    for user in (keeper, captain_user()[0]):
        with pytest.raises(PermissionDenied):
            _send(user, event)
    assert not Invitation.objects.exists()


def test_a_player_not_entered_cannot_be_invited_through_the_event(event, director):
    stranger = PlayerFactory()
    with pytest.raises(ValidationError, match="isn't entered"):
        service.entrant_invitation_send(by=director, tournament=event, player_id=stranger.pk)


def test_a_player_without_an_address_needs_one_typed(event, director):
    with pytest.raises(ValidationError, match="no email or mobile"):
        _send(director, event, "Ben Jones")
    assert _send(director, event, "Ben Jones", contact="416 555 0142").phone == "+14165550142"


def test_send_every_invitation_reaches_those_with_an_address(event, director):
    assert service.tournament_invitations_send_all(by=director, tournament=event) == 1
    assert service.tournament_invitations_send_all(by=director, tournament=event) == 0
    assert Invitation.objects.get().player_id == _player("Anna Smith").pk


def test_register_and_invite_a_new_player_at_once(event, director):
    invitation = service.entrant_invite_new(
        by=director, tournament=event, name="Cora New", contact="cora@example.com"
    )
    assert Entry.objects.filter(tournament=event, player__name="Cora New").exists()
    assert invitation.player_id == _player("Cora New").pk


def test_a_bad_address_registers_nobody(event, director):
    with pytest.raises(ValidationError):
        service.entrant_invite_new(by=director, tournament=event, name="Cora New", contact="x@")
    assert not Entry.objects.filter(player__name="Cora New").exists()


def test_accepting_links_the_account_to_the_entered_player(event, director):
    invitation = _send(director, event)
    user = UserFactory()
    assert invitation_accept(invitation=invitation, user=user) == f"/tournaments/{event.slug}/"
    assert _player("Anna Smith").user == user


def test_someone_who_already_plays_takes_the_entry_under_their_own_record(event, director):
    invitation = _send(director, event)
    user = UserFactory()
    own = PlayerFactory(user=user)
    invitation_accept(invitation=invitation, user=user)
    assert Entry.objects.filter(tournament=event, player=own).exists()
    assert _player("Anna Smith").user is None


def test_a_withdrawn_entry_record_gone_means_no_acceptance(event, director):
    invitation = _send(director, event)
    Entry.objects.filter(player=_player("Anna Smith")).delete()
    with pytest.raises(ValidationError, match="no longer entered"):
        invitation_accept(invitation=invitation, user=UserFactory())


# --- pages ---


def test_the_invitations_page_is_the_directors(client, event, director):
    url = reverse("tournaments:invitations", args=[event.slug])
    client.force_login(director_user(tournament=TournamentFactory()))
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "send_all"}).status_code == 403
    client.force_login(director)
    page = client.get(url).content.decode()
    assert "Anna Smith" in page and "Not yet invited" in page
    response = client.post(url, {"action": "send_all"}, follow=True)
    assert "1 invitation sent." in response.content.decode()


def test_resend_and_withdraw_from_the_invitations_page(client, event, director):
    invitation = _send(director, event)
    url = reverse("tournaments:invitations", args=[event.slug])
    client.force_login(director)
    client.post(url, {"action": "resend", "invitation": invitation.pk})
    client.post(url, {"action": "revoke", "invitation": invitation.pk})
    invitation.refresh_from_db()
    assert (invitation.send_count, invitation.state) == (2, "revoked")
    response = client.post(url, {"action": "invite", "player": "x"}, follow=True)
    assert "Pick a player" in response.content.decode()


def test_the_staff_page_invites_a_scorekeeper_who_can_then_keep_score(client, event, director):
    url = reverse("tournaments:staff", args=[event.slug])
    client.force_login(director)
    client.post(url, {"action": "invite", "kind": "scorekeeper", "contact": "sk@example.com"})
    invitation = Invitation.objects.get(kind="scorekeeper")
    keeper = UserFactory(email="sk@example.com")
    invitation_accept(invitation=invitation, user=keeper)
    permissions.forget_roles(keeper)
    assert permissions.can_keep_score(keeper, event)
    assert not permissions.can_run_tournament(keeper, event)
    client.force_login(keeper)  # a scorekeeper doesn't add staff
    assert client.get(url).status_code == 403


def test_a_scorekeeper_who_accepts_lands_on_score_entry_and_a_director_on_the_control_page(
    client, event, director
):
    url = reverse("tournaments:staff", args=[event.slug])
    client.force_login(director)
    client.post(url, {"action": "invite", "kind": "scorekeeper", "contact": "sk@example.com"})
    client.post(url, {"action": "invite", "kind": "director", "contact": "co@example.com"})
    keeper = UserFactory(email="sk@example.com")
    landing = invitation_accept(invitation=Invitation.objects.get(kind="scorekeeper"), user=keeper)
    assert landing == reverse("tournaments:scorekeeping", args=[event.slug])
    client.force_login(keeper)
    assert client.get(landing).status_code == 200
    co = UserFactory(email="co@example.com")
    landing = invitation_accept(invitation=Invitation.objects.get(kind="director"), user=co)
    assert landing == reverse("tournaments:manage", args=[event.slug])


def test_the_staff_page_is_not_for_another_events_director(client, event):
    client.force_login(director_user(tournament=TournamentFactory()))
    assert client.get(reverse("tournaments:staff", args=[event.slug])).status_code == 403


def test_the_last_director_cannot_be_removed(client, event, director):
    url = reverse("tournaments:staff", args=[event.slug])
    client.force_login(director)
    response = client.post(url, {"action": "remove", "user": director.pk, "role": "director"})
    assert "someone else must hold it first" in response.content.decode()
    assert Role.objects.filter(user=director, scope_id=event.pk, role="director").exists()


def test_a_new_players_name_too_long_is_answered_with_its_length_not_cut(client, event, director):
    url = reverse("tournaments:invitations", args=[event.slug])
    client.force_login(director)
    data = {"action": "invite_new", "name": "N" * 250, "contact": "n@example.com"}
    response = client.post(url, data, follow=True)
    assert (
        "Keep the player&#x27;s name to 120 characters (it has 250)." in response.content.decode()
    )
    assert not Entry.objects.filter(player__name__startswith="NNN").exists()


def test_the_director_emails_an_entered_player_a_sign_in_link(
    client, event, director, django_capture_on_commit_callbacks
):
    from django.core import mail

    user = UserFactory(email="anna.s@example.com")
    Player.objects.filter(name="Anna Smith").update(user=user)
    url = reverse("tournaments:invitations", args=[event.slug])
    client.force_login(director)
    assert "Send Anna Smith a sign-in link by email" in client.get(url).content.decode()
    data = {"action": "sign_in_link", "player": _player("Anna Smith").pk, "channel": "email"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, data, follow=True)
    assert "A sign-in link is on its way to Anna Smith" in response.content.decode()
    assert [m.to for m in mail.outbox] == [["anna.s@example.com"]]
    client.force_login(director_user(tournament=TournamentFactory()))
    assert client.post(url, data).status_code == 403
