from django.db import migrations


def schedule(apps, schema_editor):
    from notices.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from notices.beat import SWEEP_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=SWEEP_TASK).delete()


class Migration(migrations.Migration):
    """The outbox sweep (every minute) in django-celery-beat.

    It once scheduled the waiver reminders too; they are the league's now (league.beat,
    run by league's 0005_periodic_tasks).
    """

    dependencies = [
        ("notices", "0001_outbox"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
