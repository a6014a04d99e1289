"""The organisers page: site administrators let organisers in (and out); nobody else."""

import pytest
from django.urls import reverse

from accounts import permissions
from accounts.invitations import invitation_accept
from accounts.models import Invitation, Role
from tests.factories import LeagueFactory, UserFactory, director_user, manager_user

pytestmark = pytest.mark.django_db
URL = "/accounts/organisers/"


def test_the_path_is_the_organisers_page():
    assert reverse("organisers") == URL


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("make", [lambda: manager_user(league=LeagueFactory()), director_user])
def test_organisers_and_staff_are_refused(client, make):
    client.force_login(make())  # both are organisers too
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"action": "invite", "contact": "o@example.com"}).status_code == 403
    assert not Invitation.objects.exists()


def test_the_administrator_lets_an_organiser_in(client):
    admin = UserFactory(is_superuser=True)
    client.force_login(admin)
    assert client.get(URL).status_code == 200
    response = client.post(
        URL, {"action": "invite", "kind": "organiser", "contact": "olive@example.com"}, follow=True
    )
    assert "Invitation sent to olive@example.com." in response.content.decode()
    invitation = Invitation.objects.get()
    assert (invitation.kind, invitation.scope_kind, invitation.scope_id) == ("organiser", "site", 0)
    olive = UserFactory(email="olive@example.com")
    assert invitation_accept(invitation=invitation, user=olive) == reverse("manage")
    permissions.forget_roles(olive)
    assert permissions.can_create_league(olive) and permissions.can_create_tournament(olive)
    assert olive.username in client.get(URL).content.decode()


def test_the_administrator_removes_an_organiser(client):
    organiser = UserFactory()
    Role.objects.create(user=organiser, role="organiser", scope_kind="site", scope_id=0)
    client.force_login(UserFactory(is_superuser=True))
    client.post(URL, {"action": "remove", "user": organiser.pk, "role": "organiser"})
    assert not Role.objects.filter(user=organiser).exists()


def test_a_role_that_is_not_on_this_page_is_not_removed_here(client):
    manager = manager_user(league=LeagueFactory())
    client.force_login(UserFactory(is_superuser=True))
    response = client.post(URL, {"action": "remove", "user": manager.pk, "role": "manager"})
    assert response.status_code == 404
    assert Role.objects.filter(user=manager, role="manager").exists()


def test_pending_invitations_are_listed_and_can_be_withdrawn(client):
    client.force_login(UserFactory(is_superuser=True))
    client.post(URL, {"action": "invite", "kind": "organiser", "contact": "416 555 0100"})
    invitation = Invitation.objects.get()
    assert "+14165550100" in client.get(URL).content.decode()
    client.post(URL, {"action": "revoke", "invitation": invitation.pk})
    invitation.refresh_from_db()
    assert invitation.state == "revoked"
