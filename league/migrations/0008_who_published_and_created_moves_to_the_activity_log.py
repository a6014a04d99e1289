"""Who published a week's standings and who created a playoff bracket now live in the
activity log. Existing rows are copied into the log first (with their time and the user's
name), so nothing is lost; going back copies the user from the log into the fields."""

from django.conf import settings
from django.db import migrations

PUBLISHED = "standings_published"
CREATED = "playoffs_created"


def _username(user):
    return getattr(user, "username", "") if user is not None else ""


def _copy_into_the_log(apps, schema_editor):
    Activity = apps.get_model("activity", "Activity")
    ContentType = apps.get_model("contenttypes", "ContentType")
    Snapshot = apps.get_model("league", "StandingsSnapshot")
    Bracket = apps.get_model("league", "PlayoffBracket")
    entries = []
    for model, verb, rows in (
        (Snapshot, PUBLISHED, Snapshot.objects.select_related("season", "published_by")),
        (Bracket, CREATED, Bracket.objects.select_related("season", "created_by")),
    ):
        content_type, _ = ContentType.objects.get_or_create(
            app_label="league", model=model._meta.model_name
        )
        logged = set(
            Activity.objects.filter(content_type=content_type, verb=verb).values_list(
                "object_id", flat=True
            )
        )
        for row in rows.iterator():
            if row.pk in logged:
                continue
            if verb == PUBLISHED:
                actor, at = row.published_by, row.published_at
                label, detail = f"{row.season.name} · week {row.week} standings", row.note
            else:
                actor, at = row.created_by, row.created_at
                label, detail = f"{row.season.name} · {row.name}", f"best of {row.best_of}"
            entries.append(
                Activity(
                    at=at,
                    actor=actor,
                    actor_label=_username(actor),
                    verb=verb,
                    content_type=content_type,
                    object_id=row.pk,
                    target_label=label[:200],
                    scope_kind="league",
                    scope_id=row.season.league_id,
                    detail=detail[:500],
                )
            )
    Activity.objects.bulk_create(entries, batch_size=500)


def _copy_back_from_the_log(apps, schema_editor):
    Activity = apps.get_model("activity", "Activity")
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model_name, verb, field in (
        ("standingssnapshot", PUBLISHED, "published_by_id"),
        ("playoffbracket", CREATED, "created_by_id"),
    ):
        model = apps.get_model("league", model_name)
        content_type = ContentType.objects.filter(app_label="league", model=model_name).first()
        if content_type is None:
            continue
        actors = (
            Activity.objects.filter(content_type=content_type, verb=verb, actor__isnull=False)
            .order_by("at", "pk")
            .values_list("object_id", "actor_id")
        )
        for object_id, actor_id in actors:
            model.objects.filter(pk=object_id, **{f"{field}__isnull": True}).update(
                **{field: actor_id}
            )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0007_playoffs"),
        ("activity", "0001_activity_log"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(_copy_into_the_log, _copy_back_from_the_log),
        migrations.RemoveField(model_name="playoffbracket", name="created_by"),
        migrations.RemoveField(model_name="standingssnapshot", name="published_by"),
    ]
