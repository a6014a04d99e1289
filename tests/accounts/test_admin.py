"""The admin's user pages say an address is taken instead of failing."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_editing_an_account_to_another_accounts_address_is_refused(admin_client):
    UserFactory(email="ann@example.com")
    bo = UserFactory(username="bo", email="bo@example.com")
    url = reverse("admin:auth_user_change", args=[bo.pk])
    data = {
        "username": "bo",
        "email": "ANN@example.com",
        "is_active": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
    }
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "Another account uses that email address" in response.content.decode()
    bo.refresh_from_db()
    assert bo.email == "bo@example.com"


def test_adding_an_account_with_a_taken_address_is_refused(admin_client):
    UserFactory(email="ann@example.com")
    data = {
        "username": "newbie",
        "email": "Ann@Example.com",
        "usable_password": "true",
        "password1": PASSWORD + "x9",
        "password2": PASSWORD + "x9",
    }
    response = admin_client.post(reverse("admin:auth_user_add"), data)
    assert response.status_code == 200
    assert "Another account uses that email address" in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()
