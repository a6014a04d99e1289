"""Accepting an invitation on a phone: a new account, signing in to an existing one, the
wrong person signed in, and links that no longer work."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts import permissions
from accounts.invitations import invitation_create, invitation_revoke, invitation_token
from accounts.models import Invitation
from tests.factories import PASSWORD, LeagueFactory, UserFactory, manager_user

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "a-fresh-long-password-42"


@pytest.fixture
def league():
    return LeagueFactory(name="Tuesday League")


@pytest.fixture
def manager(league):
    return manager_user(league=league, first_name="Pat")


@pytest.fixture
def invitation(manager, league):
    return invitation_create(
        by=manager,
        kind="manager",
        scope_id=league.pk,
        label=league.name,
        email="anna@example.com",
        name="Anna Smith",
        link_after=f"/leagues/{league.slug}/",
    )


def _url(invitation) -> str:
    return reverse("invitation_accept", args=[invitation_token(invitation)])


def _signup(client, invitation, **overrides):
    data = {
        "action": "signup",
        "name": "Anna Smith",
        "username": "anna",
        "email": "anna@example.com",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
    } | overrides
    return client.post(_url(invitation), data)


def _manages(user, league) -> bool:
    permissions.forget_roles(user)
    return permissions.can_manage_league(user, league)


def test_the_page_says_what_is_offered_and_offers_both_ways_in(client, invitation):
    response = client.get(_url(invitation))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="offer">manage Tuesday League</strong>' in page
    assert 'id="signup"' in page and 'id="signin"' in page
    assert "a•••@example.com" in page  # where it went, not the whole address


def test_a_new_account_is_made_signed_in_and_given_the_role(client, invitation, league):
    response = _signup(client, invitation)
    assert response.status_code == 302
    assert response.url == f"/leagues/{league.slug}/"
    user = User.objects.get(username="anna")
    assert (user.first_name, user.last_name, user.email) == ("Anna", "Smith", "anna@example.com")
    assert user.check_password(NEW_PASSWORD)
    assert _manages(user, league)
    assert int(client.session["_auth_user_id"]) == user.pk
    invitation.refresh_from_db()
    assert (invitation.state, invitation.accepted_by) == ("accepted", user)


def test_a_bad_sign_up_makes_no_account_and_keeps_the_invitation(client, invitation):
    response = _signup(client, invitation, password2="something-else-entirely")
    assert response.status_code == 200
    assert not User.objects.filter(username="anna").exists()
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_a_taken_username_is_refused_with_a_message(client, invitation):
    UserFactory(username="anna", email="other@example.com")
    response = _signup(client, invitation)
    assert response.status_code == 200
    assert "username already exists" in response.content.decode()
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_an_email_that_has_an_account_is_asked_to_sign_in(client, invitation, league):
    owner = UserFactory(username="anna-old", email="Anna@Example.com")
    page = client.get(_url(invitation)).content.decode()
    assert 'id="email-taken"' in page
    assert 'id="signup"' not in page
    # a sign-up posted anyway, with another address, can't take the invitation
    _signup(client, invitation, email="anna2@example.com")
    assert not User.objects.filter(username="anna").exists()
    response = client.post(
        _url(invitation), {"action": "signin", "username": "anna-old", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert _manages(owner, league)


def test_an_existing_account_signs_in_and_accepts(client, invitation, league):
    user = UserFactory(username="anna-here", email="")
    response = client.post(
        _url(invitation), {"action": "signin", "username": "anna-here", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert _manages(user, league)


def test_a_wrong_password_signs_nobody_in_and_accepts_nothing(client, invitation):
    UserFactory(username="anna-here")
    response = client.post(
        _url(invitation), {"action": "signin", "username": "anna-here", "password": "nope"}
    )
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_signing_in_on_the_invitation_page_is_throttled_like_the_login_page(client, invitation):
    UserFactory(username="anna-here")
    signin = {"action": "signin", "username": "anna-here"}
    for _ in range(100):
        client.post(_url(invitation), {**signin, "password": "wrong-guess"})
    response = client.post(_url(invitation), {**signin, "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert "Too many failed sign-ins for this account" in response.content.decode()
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_someone_signed_in_accepts_with_one_tap(client, invitation, league):
    user = UserFactory(email="")
    client.force_login(user)
    page = client.get(_url(invitation)).content.decode()
    assert 'value="accept"' in page
    response = client.post(_url(invitation), {"action": "accept"})
    assert response.status_code == 302
    assert _manages(user, league)


def test_the_wrong_person_signed_in_is_told_and_cannot_accept(client, invitation, league):
    UserFactory(email="anna@example.com")  # the invitation's address is this account's
    intruder = UserFactory()
    client.force_login(intruder)
    page = client.get(_url(invitation)).content.decode()
    assert 'id="refusal"' in page
    assert 'value="accept"' not in page
    assert "Sign out" in page
    client.post(_url(invitation), {"action": "accept"})
    assert not _manages(intruder, league)
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_the_inviter_signed_in_cannot_accept_their_own_link(client, invitation, manager):
    client.force_login(manager)
    page = client.get(_url(invitation)).content.decode()
    assert "You sent this invitation" in page
    client.post(_url(invitation), {"action": "accept"})
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_a_second_tap_is_told_the_invitation_was_used(client, invitation):
    user = UserFactory(email="")
    client.force_login(user)
    client.post(_url(invitation), {"action": "accept"})
    response = client.post(_url(invitation), {"action": "accept"}, follow=True)
    assert "already accepted" in response.content.decode()
    assert Invitation.objects.get(pk=invitation.pk).accepted_by == user


def test_a_mangled_link_is_not_found(client, invitation):
    response = client.get(_url(invitation)[:-5] + "zzzz/")
    assert response.status_code == 404
    assert "doesn't work" in response.content.decode()


def test_a_withdrawn_invitation_says_so(client, invitation, manager):
    invitation_revoke(invitation=invitation, by=manager)
    response = client.get(_url(invitation))
    assert "was withdrawn" in response.content.decode()
    _signup(client, invitation)
    assert not User.objects.filter(username="anna").exists()


def test_an_expired_invitation_says_so(client, invitation):
    Invitation.objects.filter(pk=invitation.pk).update(state="expired")
    response = client.get(_url(invitation))
    assert "has expired" in response.content.decode()
    assert "Pat" in response.content.decode()  # who to ask


def test_an_address_taken_by_another_account_a_moment_ago_is_named_not_a_500(
    client, invitation, monkeypatch
):
    from accounts.forms_invitations import SignupForm

    # The form's own check passes, then someone else's account takes the address.
    real_clean = SignupForm.clean_email

    def clean_then_taken(form):
        email = real_clean(form)
        UserFactory(username="quick", email="ANNA@example.com")
        return email

    monkeypatch.setattr(SignupForm, "clean_email", clean_then_taken)
    response = _signup(client, invitation, email="anna@example.com")
    assert response.status_code == 200
    assert "An account already uses this email address" in response.content.decode()
    assert not User.objects.filter(username="anna").exists()
    invitation.refresh_from_db()
    assert invitation.state == "pending"
