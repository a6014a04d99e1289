from django.db import migrations


def schedule(apps, schema_editor):
    from notices.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from notices.beat import SWEEP_TASK, WAIVER_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name__in=[SWEEP_TASK, WAIVER_TASK]
    ).delete()


class Migration(migrations.Migration):
    """The outbox sweep (every minute) and the waiver reminders (daily) in django-celery-beat."""

    dependencies = [
        ("notices", "0001_outbox"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
