"""Accounts 0003: the old global groups become roles on the objects that exist."""

import pytest

from tests.migration_database import migrate, own_database

BEFORE = [
    ("accounts", "0002_object_roles"),
    ("league", "0008_who_published_and_created_moves_to_the_activity_log"),
    ("tournaments", "0003_entry_seed_stage_data"),
]
AFTER = [("accounts", "0003_roles_from_groups")]


@pytest.mark.django_db(transaction=True)
def test_managers_manage_every_league_and_directors_direct_their_events():
    with own_database():
        apps = migrate(BEFORE)
        User = apps.get_model("auth", "User")
        Group = apps.get_model("auth", "Group")
        League = apps.get_model("league", "League")
        Tournament = apps.get_model("tournaments", "Tournament")
        RuleSet = apps.get_model("scoring", "RuleSet")
        managers, _ = Group.objects.get_or_create(name="League managers")
        directors, _ = Group.objects.get_or_create(name="Tournament directors")
        mona = User.objects.create(username="mona")
        dirk = User.objects.create(username="dirk")
        outsider = User.objects.create(username="outsider")
        managers.user_set.add(mona)
        directors.user_set.add(dirk)
        monday = League.objects.create(name="Monday", slug="monday-m")
        friday = League.objects.create(name="Friday", slug="friday-m")
        rules = RuleSet.objects.first()
        own = Tournament.objects.create(
            name="Own", slug="own-m", date="2026-01-01", director=dirk, rule_set=rules
        )
        nobodys = Tournament.objects.create(
            name="Open", slug="open-m", date="2026-01-02", rule_set=rules
        )
        theirs = Tournament.objects.create(
            name="Theirs", slug="theirs-m", date="2026-01-03", director=outsider, rule_set=rules
        )

        apps = migrate(AFTER)
        Role = apps.get_model("accounts", "Role")
        held = set(Role.objects.values_list("user__username", "scope_kind", "scope_id", "role"))
        assert held == {
            ("mona", "site", 0, "organiser"),
            ("mona", "league", monday.pk, "manager"),
            ("mona", "league", friday.pk, "manager"),
            ("dirk", "site", 0, "organiser"),
            ("dirk", "tournament", own.pk, "director"),
            ("dirk", "tournament", nobodys.pk, "director"),
            ("outsider", "tournament", theirs.pk, "director"),
        }
        Group = apps.get_model("auth", "Group")
        assert not Group.objects.filter(name__in=["League managers", "Tournament directors"])

        apps = migrate(BEFORE)
        Group = apps.get_model("auth", "Group")
        assert set(
            Group.objects.get(name="League managers").user_set.values_list("username", flat=True)
        ) == {"mona"}


EMAIL_BEFORE = [("accounts", "0006_throttle_counter")]
EMAIL_AFTER = [("accounts", "0007_user_email_unique")]


@pytest.mark.django_db(transaction=True)
def test_a_shared_address_stays_on_the_account_used_last_and_then_is_unique():
    from datetime import UTC, datetime

    from django.db import IntegrityError, transaction

    with own_database():
        apps = migrate(EMAIL_BEFORE)
        User = apps.get_model("auth", "User")
        User.objects.create(username="old", email="Ann@Example.com")
        User.objects.create(
            username="used", email="ann@example.com", last_login=datetime(2026, 5, 1, tzinfo=UTC)
        )
        User.objects.create(
            username="once", email="ANN@example.com", last_login=datetime(2026, 1, 1, tzinfo=UTC)
        )
        User.objects.create(username="alone", email="Bo@Example.com")
        User.objects.create(username="none", email="")
        User.objects.create(username="none2", email="")
        apps = migrate(EMAIL_AFTER)
        User = apps.get_model("auth", "User")
        emails = dict(User.objects.values_list("username", "email"))
        assert emails == {
            "old": "",
            "used": "ann@example.com",
            "once": "",
            "alone": "bo@example.com",
            "none": "",
            "none2": "",
        }
        with pytest.raises(IntegrityError), transaction.atomic():
            User.objects.create(username="again", email="BO@example.COM")
