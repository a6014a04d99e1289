"""The admin lists every league-night model; published standings can't be edited there."""

import pytest
from django.contrib import admin
from django.urls import reverse

from league.nights.models import FixtureClosure, FixtureGame, Forfeit, PlayoffReview
from league.nights.services.forfeits import forfeit_record
from league.playoffs.models import PlayoffBracket
from league.standings.models import StandingsSnapshot
from league.standings.services import standings_publish
from tests.factories import UserFactory, manager_user
from tests.league.night_factories import night, play

pytestmark = pytest.mark.django_db

MODELS = [FixtureGame, FixtureClosure, Forfeit, PlayoffReview, StandingsSnapshot, PlayoffBracket]


@pytest.fixture
def superuser_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_model_has_a_working_admin_list(superuser_client, model):
    n = night()
    play(n.fixture, (10, 2))
    other = night(n.season)
    forfeit_record(fixture=other.fixture, team=other.away, by=other.home_captain, minutes_late=20)
    standings_publish(season=n.season, week=1, by=manager_user())
    url = reverse(f"admin:league_{model._meta.model_name}_changelist")
    assert superuser_client.get(url).status_code == 200


def test_a_published_snapshot_is_read_only_in_the_admin(superuser_client):
    n = night()
    play(n.fixture, (10, 2), (10, 3), (10, 4))
    snapshot = standings_publish(season=n.season, week=1, by=manager_user())
    model_admin = admin.site._registry[StandingsSnapshot]
    assert not model_admin.has_add_permission(None)
    page = superuser_client.get(
        reverse("admin:league_standingssnapshot_change", args=[snapshot.pk])
    ).content.decode()
    assert 'name="week"' not in page and n.home.name in page
