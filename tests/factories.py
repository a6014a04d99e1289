"""factory_boy factories shared by the whole suite."""

import factory
from django.contrib.auth import get_user_model

from accounts import permissions
from accounts.models import Role, RoleName, Scope
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


# Users made staff "everywhere" by the helpers below also get the role on every league or
# tournament a factory makes later in the same test (tests/conftest.py empties these).
EVERYWHERE: dict[str, list] = {RoleName.MANAGER: [], RoleName.DIRECTOR: []}


def grant_role(user, role: str, scope_kind: str, scope_id: int) -> None:
    Role.objects.get_or_create(user=user, role=role, scope_kind=scope_kind, scope_id=scope_id)
    permissions.forget_roles(user)  # a user object kept by a test sees its new role


def manager_user(league=None, **kwargs):
    """An organiser who manages `league`, or (None) every league of the test."""
    user = UserFactory(**kwargs)
    grant_role(user, RoleName.ORGANISER, Scope.SITE, 0)
    leagues = [league] if league is not None else list(League.objects.all())
    for each in leagues:
        grant_role(user, RoleName.MANAGER, Scope.LEAGUE, each.pk)
    if league is None:
        EVERYWHERE[RoleName.MANAGER].append(user)
    return user


def director_user(tournament=None, **kwargs):
    """An organiser who directs `tournament`, or (None) every tournament of the test."""
    user = UserFactory(**kwargs)
    grant_role(user, RoleName.ORGANISER, Scope.SITE, 0)
    events = [tournament] if tournament is not None else list(Tournament.objects.all())
    for each in events:
        grant_role(user, RoleName.DIRECTOR, Scope.TOURNAMENT, each.pk)
    if tournament is None:
        EVERYWHERE[RoleName.DIRECTOR].append(user)
    return user


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = League
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"League {n}")
    slug = factory.Sequence(lambda n: f"league-{n}")

    @factory.post_generation
    def staff(obj, create, extracted, **kwargs):  # noqa: N805
        for user in EVERYWHERE[RoleName.MANAGER] if create else ():
            grant_role(user, RoleName.MANAGER, Scope.LEAGUE, obj.pk)


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
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Tournament {n}")
    slug = factory.Sequence(lambda n: f"tournament-{n}")
    date = factory.Faker("date_this_year")

    @factory.post_generation
    def staff(obj, create, extracted, **kwargs):  # noqa: N805
        """Its recorded director runs it, as does anyone made a director everywhere."""
        if not create:
            return
        for user in [*EVERYWHERE[RoleName.DIRECTOR], *([obj.director] if obj.director else [])]:
            grant_role(user, RoleName.DIRECTOR, Scope.TOURNAMENT, obj.pk)


def admin_user(**kwargs):
    """A site administrator: may act on every league, tournament and game."""
    return UserFactory(is_superuser=True, **kwargs)
