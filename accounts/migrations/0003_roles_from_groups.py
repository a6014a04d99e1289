"""Global groups become roles on objects.

- A member of "League managers" becomes an organiser (may create leagues) and a manager of
  every league that exists now.
- A member of "Tournament directors" becomes an organiser and a director of every tournament
  they direct, and of those with no director yet.
- A tournament's recorded director becomes its director even outside the group.
The two groups are then deleted: nothing asks about them any more.
"""

from django.db import migrations
from django.db.models import Q

MANAGERS = "League managers"
DIRECTORS = "Tournament directors"


def groups_to_roles(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Role = apps.get_model("accounts", "Role")
    League = apps.get_model("league", "League")
    Tournament = apps.get_model("tournaments", "Tournament")
    rows = set()
    managers = Group.objects.filter(name=MANAGERS).values_list("user", flat=True)
    directors = Group.objects.filter(name=DIRECTORS).values_list("user", flat=True)
    league_ids = list(League.objects.values_list("pk", flat=True))
    for user_id in filter(None, managers):
        rows.add((user_id, "site", 0, "organiser"))
        rows.update((user_id, "league", pk, "manager") for pk in league_ids)
    for user_id in filter(None, directors):
        rows.add((user_id, "site", 0, "organiser"))
        theirs = Q(director_id=user_id) | Q(director__isnull=True)
        for pk in Tournament.objects.filter(theirs).values_list("pk", flat=True):
            rows.add((user_id, "tournament", pk, "director"))
    for pk, user_id in Tournament.objects.exclude(director=None).values_list("pk", "director"):
        rows.add((user_id, "tournament", pk, "director"))
    Role.objects.bulk_create(
        [Role(user_id=u, scope_kind=k, scope_id=i, role=r) for u, k, i, r in sorted(rows)],
        ignore_conflicts=True,
    )
    Group.objects.filter(name__in=[MANAGERS, DIRECTORS]).delete()


def roles_to_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Role = apps.get_model("accounts", "Role")
    managers, _ = Group.objects.get_or_create(name=MANAGERS)
    directors, _ = Group.objects.get_or_create(name=DIRECTORS)
    for user_id in Role.objects.filter(role="manager").values_list("user", flat=True).distinct():
        managers.user_set.add(user_id)
    for user_id in Role.objects.filter(role="director").values_list("user", flat=True).distinct():
        directors.user_set.add(user_id)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_object_roles"),
        ("league", "0008_who_published_and_created_moves_to_the_activity_log"),
        ("tournaments", "0003_entry_seed_stage_data"),
    ]
    operations = [migrations.RunPython(groups_to_roles, roles_to_groups)]
