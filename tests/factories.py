"""factory_boy factories shared by the whole suite."""

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from accounts.permissions import DIRECTORS_GROUP, MANAGERS_GROUP
from league.seasons.models import League, Player, RosterEntry, Season, Team
from tournaments.models import Tournament

PASSWORD = "a-long-test-password"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)


def manager_user(**kwargs):
    user = UserFactory(**kwargs)
    user.groups.add(Group.objects.get(name=MANAGERS_GROUP))
    return user


def director_user(**kwargs):
    user = UserFactory(**kwargs)
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return user


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = League

    name = factory.Sequence(lambda n: f"League {n}")
    slug = factory.Sequence(lambda n: f"league-{n}")


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Season {n}")
    slug = factory.Sequence(lambda n: f"season-{n}")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    season = factory.SubFactory(SeasonFactory)
    name = factory.Sequence(lambda n: f"Team {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")
    email = factory.LazyAttribute(lambda p: f"{p.name.lower().replace(' ', '.')}@example.com")


class RosterEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RosterEntry

    team = factory.SubFactory(TeamFactory)
    player = factory.SubFactory(PlayerFactory)
    role = RosterEntry.Role.PLAYER


def captain_user(team=None, **kwargs):
    """A user whose player captains `team` (a new team when None)."""
    user = UserFactory(**kwargs)
    entry = RosterEntryFactory(
        team=team or TeamFactory(), player=PlayerFactory(user=user), role=RosterEntry.Role.CAPTAIN
    )
    return user, entry.team


def player_user(team=None, **kwargs):
    user = UserFactory(**kwargs)
    entry = RosterEntryFactory(team=team or TeamFactory(), player=PlayerFactory(user=user))
    return user, entry.team


def user_for(role: str):
    """A new user in `role`: "player", "captain", "director" or "manager"."""
    return {
        "player": lambda: player_user()[0],
        "captain": lambda: captain_user()[0],
        "director": director_user,
        "manager": manager_user,
    }[role]()


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Tournament {n}")
    slug = factory.Sequence(lambda n: f"tournament-{n}")
    date = factory.Faker("date_this_year")
