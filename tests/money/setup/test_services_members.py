"""A league's member list: its managers add players by name or email, paste a list (all or
nothing), remove one; a manager of another league may not."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.seasons.models import Player
from money.models import Member
from money.setup.services import member_add, member_remove, members_paste
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    director_user,
    manager_user,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():  # type: ignore[no-untyped-def]
    return LeagueFactory()


@pytest.fixture
def manager(league):  # type: ignore[no-untyped-def]
    return manager_user(league=league)


def test_an_email_finds_its_player_whatever_its_case(league, manager) -> None:
    player = PlayerFactory(name="Sam Snow", email="sam@example.com")
    member, added = member_add(league=league, by=manager, text="SAM@example.com")
    assert added and member.player == player
    again, added_again = member_add(league=league, by=manager, text="Sam Snow, sam@example.com")
    assert not added_again and again.pk == member.pk
    assert Member.objects.count() == 1


def test_an_unknown_email_needs_a_name_and_then_makes_the_player(league, manager) -> None:
    with pytest.raises(ValidationError, match="type their name too"):
        member_add(league=league, by=manager, text="new@example.com")
    member, _ = member_add(league=league, by=manager, text="Nia New, new@example.com")
    assert member.player.name == "Nia New" and member.player.email == "new@example.com"


def test_a_name_finds_the_one_player_of_that_name_or_makes_one(league, manager) -> None:
    player = PlayerFactory(name="Kit Carter")
    assert member_add(league=league, by=manager, text="kit carter")[0].player == player
    member, _ = member_add(league=league, by=manager, text="Brand New")
    assert Player.objects.filter(name="Brand New").count() == 1 and member.player.email == ""


def test_of_two_players_with_one_name_the_league_s_own_is_taken(league, manager) -> None:
    ours = PlayerFactory(name="Jo Ellis", email="jo@example.com")
    PlayerFactory(name="Jo Ellis", email="jo.two@example.com")
    RosterEntryFactory(team=TeamFactory(season=SeasonFactory(league=league)), player=ours)
    assert member_add(league=league, by=manager, text="Jo Ellis")[0].player == ours


def test_two_strangers_with_one_name_need_an_email(league, manager) -> None:
    PlayerFactory(name="Jo Ellis", email="jo@example.com")
    PlayerFactory(name="Jo Ellis", email="jo.two@example.com")
    with pytest.raises(ValidationError, match="2 players are called Jo Ellis"):
        member_add(league=league, by=manager, text="Jo Ellis")
    assert not Member.objects.exists()


def test_a_pasted_list_adds_everyone_once(league, manager) -> None:
    PlayerFactory(name="Sam Snow", email="sam@example.com")
    text = "name, email\nsam@example.com\nAda Archer, ada@example.com\n\nSam Snow, sam@example.com"
    result = members_paste(league=league, by=manager, text=text)
    assert sorted(m.player.name for m in result.added) == ["Ada Archer", "Sam Snow"]
    result = members_paste(league=league, by=manager, text="Ada Archer, ada@example.com")
    assert not result.added and len(result.already) == 1


def test_a_pasted_list_with_a_bad_line_adds_nobody(league, manager) -> None:
    players = Player.objects.count()
    text = "Ada Archer, ada@example.com\nnobody@example.com\nBea Baker, not-an-email"
    with pytest.raises(ValidationError) as caught:
        members_paste(league=league, by=manager, text=text)
    assert caught.value.messages[0].startswith("Line 2:")
    assert any(m.startswith("Line 3:") for m in caught.value.messages)
    assert not Member.objects.exists() and Player.objects.count() == players


def test_a_member_is_removed(league, manager) -> None:
    member, _ = member_add(league=league, by=manager, text="Sam Snow")
    member_remove(member=member, by=manager)
    assert not Member.objects.exists()


def test_only_this_league_s_managers_keep_its_list(league, manager) -> None:
    member, _ = member_add(league=league, by=manager, text="Sam Snow")
    for user in (manager_user(league=LeagueFactory()), director_user()):
        with pytest.raises(PermissionDenied):
            member_add(league=league, by=user, text="Ada Archer")
        with pytest.raises(PermissionDenied):
            members_paste(league=league, by=user, text="Ada Archer")
        with pytest.raises(PermissionDenied):
            member_remove(member=member, by=user)
    assert list(Member.objects.values_list("player__name", flat=True)) == ["Sam Snow"]
