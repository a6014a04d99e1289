"""The buttons as rendered: posting what each page's form carries answers (nothing leaks in)."""

import pytest
from django.urls import reverse

from league.availability.links import answer_path
from league.availability.models import Availability
from tests.config.html_forms import post_forms
from tests.league.availability.factories import player_with_login, upcoming

pytestmark = pytest.mark.django_db


def _submit(client, page, action):
    [form] = [f for f in post_forms(client.get(page).content.decode()) if f.action == action]
    data = {name: f.value for name, f in form.fields.items() if f.kind == "hidden"}
    return client.post(action or page, {**data, "answer": "not_coming"})


@pytest.mark.parametrize("page", ["home", "my_team"])
def test_the_start_pages_buttons_answer(client, page):
    u = upcoming()
    user = player_with_login(u.home)
    client.force_login(user)
    action = reverse("league:availability_answer", args=[u.fixture.pk])
    assert _submit(client, reverse(page), action).status_code == 302
    assert Availability.objects.get(player=user.player).answer == "not_coming"


def test_the_team_pages_buttons_answer_for_that_player(client):
    u = upcoming()
    client.force_login(u.home_captain)
    mate = u.mate(u.home)
    page = reverse("league:team_availability", args=[u.home.pk])
    forms = [f for f in post_forms(client.get(page).content.decode()) if f.action == page]
    [form] = [f for f in forms if f.fields["player"].value == str(mate.pk)]
    data = {name: f.value for name, f in form.fields.items() if f.kind == "hidden"}
    client.post(page, {**data, "answer": "maybe"})
    assert Availability.objects.get(player=mate).answer == "maybe"


def test_the_link_pages_buttons_answer(client):
    u = upcoming()
    path = answer_path(u.fixture, u.mate(u.home))
    assert _submit(client, path, path).status_code == 200
    assert Availability.objects.get().answer == "not_coming"
