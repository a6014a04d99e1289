"""League 0008 moves "published by" and "created by" into the activity log without loss."""

import datetime

import pytest
from django.utils import timezone

from tests.migration_database import migrate, own_database

BEFORE = [("league", "0007_playoffs"), ("activity", "0001_activity_log")]
AFTER = [("league", "0008_who_published_and_created_moves_to_the_activity_log")]


@pytest.mark.django_db(transaction=True)
def test_the_fields_are_copied_into_the_log_and_back():
    with own_database():
        apps = migrate(BEFORE)
        User = apps.get_model("auth", "User")
        League = apps.get_model("league", "League")
        Season = apps.get_model("league", "Season")
        Snapshot = apps.get_model("league", "StandingsSnapshot")
        Bracket = apps.get_model("league", "PlayoffBracket")
        alice = User.objects.create(username="alice")
        league = League.objects.create(name="Monday", slug="monday-migration")
        season = Season.objects.create(league=league, name="Fall", slug="fall")
        snapshot = Snapshot.objects.create(season=season, week=2, published_by=alice, note="Rain")
        nobody = Snapshot.objects.create(season=season, week=3, published_by=None)
        bracket = Bracket.objects.create(season=season, name="A bracket", created_by=alice)
        published_at = timezone.now() - datetime.timedelta(days=3)
        Snapshot.objects.filter(pk=snapshot.pk).update(published_at=published_at)

        apps = migrate(AFTER)
        Activity = apps.get_model("activity", "Activity")
        rows = {
            (a.verb, a.object_id): a
            for a in Activity.objects.filter(scope_kind="league", scope_id=league.pk)
        }
        assert set(rows) == {
            ("standings_published", snapshot.pk),
            ("standings_published", nobody.pk),
            ("playoffs_created", bracket.pk),
        }
        week2 = rows[("standings_published", snapshot.pk)]
        assert (week2.actor_id, week2.actor_label, week2.at) == (alice.pk, "alice", published_at)
        assert (week2.target_label, week2.detail) == ("Fall · week 2 standings", "Rain")
        assert rows[("standings_published", nobody.pk)].actor_id is None
        created = rows[("playoffs_created", bracket.pk)]
        assert (created.actor_label, created.target_label) == ("alice", "Fall · A bracket")

        apps = migrate(BEFORE)
        Snapshot = apps.get_model("league", "StandingsSnapshot")
        Bracket = apps.get_model("league", "PlayoffBracket")
        assert Snapshot.objects.get(pk=snapshot.pk).published_by_id == alice.pk
        assert Bracket.objects.get(pk=bracket.pk).created_by_id == alice.pk
