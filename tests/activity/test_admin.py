"""The log in the admin is read-only; lists that kept their own "by" column read the log."""

import pytest
from django.contrib import admin
from django.urls import reverse

from activity.models import Activity, Scope
from league.standings.models import StandingsSnapshot
from league.standings.services import standings_publish
from tests.activity.factories import entry
from tests.factories import UserFactory, manager_user
from tests.league.night_factories import night, night_season, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_the_log_is_listed_and_never_edited_in_the_admin(superuser_client):
    line = entry(scope_id=1, scope_kind=Scope.TOURNAMENT, label="Round 2")
    model_admin = admin.site._registry[Activity]
    assert not model_admin.has_add_permission(None)
    assert not model_admin.has_change_permission(None, line)
    assert not model_admin.has_delete_permission(None, line)
    page = superuser_client.get(reverse("admin:activity_activity_changelist"))
    assert page.status_code == 200 and "Round 2" in page.content.decode()


def test_the_snapshot_admin_shows_who_published_from_the_log(superuser_client):
    season = night_season(weeks=4)
    play(night(season).fixture, (10, 2), (10, 3), (10, 4))
    standings_publish(season=season, week=1, by=manager_user(username="marge"))
    snapshot = StandingsSnapshot.objects.get()
    changelist = superuser_client.get(reverse("admin:league_standingssnapshot_changelist"))
    assert "marge" in changelist.content.decode()
    change = superuser_client.get(
        reverse("admin:league_standingssnapshot_change", args=[snapshot.pk])
    )
    assert "marge" in change.content.decode()
