"""The member list page: the league's managers add, paste and remove; others get 403."""

import pytest
from django.urls import reverse

from money.models import Member
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    UserFactory,
    director_user,
    manager_user,
)

pytestmark = pytest.mark.django_db


def test_a_manager_adds_pastes_and_removes_members(client) -> None:
    league = LeagueFactory()
    client.force_login(manager_user(league=league))
    url = reverse("money:league_members", args=[league.slug])
    assert client.get(url).status_code == 200
    response = client.post(url, {"action": "add", "add-text": "Sam Snow, sam@example.com"})
    assert response.status_code == 302
    response = client.post(url, {"action": "paste", "paste-text": "Ada Archer\nsam@example.com"})
    assert response.status_code == 302
    assert sorted(Member.objects.values_list("player__name", flat=True)) == [
        "Ada Archer",
        "Sam Snow",
    ]
    response = client.post(url, {"action": "paste", "paste-text": "Bea Baker\nwho@example.com"})
    page = response.content.decode()
    assert response.status_code == 200 and "Nobody was added." in page and "Line 2:" in page
    assert Member.objects.count() == 2
    member = Member.objects.get(player__name="Sam Snow")
    client.post(reverse("money:member_remove", args=[league.slug, member.pk]))
    assert Member.objects.count() == 1
    assert client.post(url, {"action": "other"}).status_code == 200


@pytest.mark.parametrize("who", ["plain", "other_manager", "director"])
def test_others_may_not_keep_the_list(client, who) -> None:
    league = LeagueFactory()
    member = Member.objects.create(league=league, player=PlayerFactory())
    user = {
        "plain": UserFactory,
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "director": director_user,
    }[who]()
    client.force_login(user)
    url = reverse("money:league_members", args=[league.slug])
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "add", "add-text": "Sam Snow"}).status_code == 403
    remove = reverse("money:member_remove", args=[league.slug, member.pk])
    assert client.post(remove).status_code == 403
    assert Member.objects.count() == 1


def test_a_member_of_another_league_is_not_found(client) -> None:
    league = LeagueFactory()
    client.force_login(manager_user(league=league))
    theirs = Member.objects.create(league=LeagueFactory(), player=PlayerFactory())
    remove = reverse("money:member_remove", args=[league.slug, theirs.pk])
    assert client.post(remove).status_code == 404
    assert client.get(remove).status_code == 405
