"""Who sees a whole profile: the person and the staff of their leagues and events; everyone
else the name, and what the person chose to show."""

import pytest
from django.urls import reverse

from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    director_user,
    manager_user,
)
from tests.people.factories import choose, line, rating
from tests.tournaments.factories import progressive
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
SECTIONS = ('id="results"', 'id="statistics"', 'id="rating"')


@pytest.fixture
def world():
    user = UserFactory()
    player = PlayerFactory(user=user, name="Ann Bower")
    season = SeasonFactory()
    RosterEntryFactory(team=TeamFactory(season=season), player=player)
    event = progressive(players=4, rounds=1)
    Entry.objects.create(tournament=event, number=99, player=player)
    other_event = progressive(players=4, rounds=1)
    line(player, season=season, by_hand=True, hands=6)
    rating(player, history=3)
    return {
        "player": player,
        "anonymous": None,
        "the person": user,
        "manager of their league": manager_user(league=season.league),
        "manager of another league": manager_user(league=LeagueFactory()),
        "director of their event": director_user(tournament=event),
        "director of another event": director_user(tournament=other_event),
    }


def _page(client, world, role: str) -> str:
    if world[role] is not None:
        client.force_login(world[role])
    response = client.get(reverse("people:profile", args=[world["player"].pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "role", ["the person", "manager of their league", "director of their event"]
)
def test_the_person_and_their_staff_see_everything(client, world, role):
    page = _page(client, world, role)
    assert all(section in page for section in SECTIONS)


@pytest.mark.parametrize(
    "role", ["anonymous", "manager of another league", "director of another event"]
)
def test_everyone_else_sees_only_the_name_by_default(client, world, role):
    page = _page(client, world, role)
    assert "Ann Bower" in page and not any(section in page for section in SECTIONS)


@pytest.mark.parametrize(
    "role", ["anonymous", "manager of another league", "director of another event"]
)
def test_everyone_else_sees_what_the_person_chose(client, world, role):
    choose(world["player"], show_results=True, show_rating=True)
    page = _page(client, world, role)
    assert 'id="results"' in page and 'id="rating"' in page and 'id="statistics"' not in page


@pytest.mark.parametrize(
    "role",
    [
        "anonymous",
        "the person",
        "manager of their league",
        "manager of another league",
        "director of their event",
        "director of another event",
    ],
)
def test_statistics_pages_are_public_for_every_role(client, world, role):
    if world[role] is not None:
        client.force_login(world[role])
    season_id = world["player"].game_lines.first().season_id
    page = client.get(reverse("people:season_statistics", args=[season_id])).content.decode()
    assert "Ann Bower" in page


@pytest.mark.parametrize(
    "role", ["manager of their league", "director of their event", "manager of another league"]
)
def test_nobody_but_the_person_saves_their_choice(client, world, role):
    """Staff open /people/me/ for their own record only: the person's choice stays theirs."""
    client.force_login(world[role])
    client.post(reverse("people:my_profile"), {"show_results": "on"})
    assert not hasattr(world["player"], "profile_choice") or not (
        world["player"].profile_choice.show_results
    )
