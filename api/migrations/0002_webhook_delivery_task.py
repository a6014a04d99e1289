from django.db import migrations


def schedule(apps, schema_editor):
    from api.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from api.beat import SWEEP_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=SWEEP_TASK).delete()


class Migration(migrations.Migration):
    """The every-minute sweep of webhook deliveries, in django-celery-beat."""

    dependencies = [
        ("api", "0001_tokens_webhooks_embeds"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
