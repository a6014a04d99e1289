"""The page where a person chooses what their profile shows."""

import pytest
from django.urls import reverse

from people.models import ProfileChoice
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db
URL = reverse("people:my_profile")


def test_it_sends_the_anonymous_to_sign_in(client):
    response = client.get(URL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_shows_three_boxes_unticked_by_default_and_a_link_to_the_profile(client):
    user = UserFactory()
    player = PlayerFactory(user=user)
    client.force_login(user)
    page = client.get(URL).content.decode()
    for name in ("show_results", "show_statistics", "show_rating"):
        assert f'name="{name}"' in page
    assert "checked" not in page
    assert reverse("people:profile", args=[player.pk]) in page


def test_it_saves_the_choice_and_unticking_every_box_saves_too(client):
    user = UserFactory()
    player = PlayerFactory(user=user)
    client.force_login(user)
    response = client.post(URL, {"show_results": "on", "show_rating": "on"})
    assert response.status_code == 302
    choice = ProfileChoice.objects.get(player=player)
    assert choice.show_results and choice.show_rating and not choice.show_statistics
    client.post(URL, {})
    choice.refresh_from_db()
    assert not (choice.show_results or choice.show_statistics or choice.show_rating)


def test_a_user_without_a_player_record_is_told_where_it_comes_from(client):
    client.force_login(UserFactory())
    response = client.post(URL, {"show_results": "on"})
    assert response.status_code == 200 and 'id="no-player"' in response.content.decode()
    assert not ProfileChoice.objects.exists()


def test_the_account_menu_links_to_it(client):
    user = UserFactory()
    PlayerFactory(user=user)
    client.force_login(user)
    assert URL in client.get(reverse("account")).content.decode()
