from django.db import migrations


def schedule(apps, schema_editor):
    from people.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from people.beat import REBUILD_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=REBUILD_TASK).delete()


class Migration(migrations.Migration):
    """The nightly rebuild of every rating, in django-celery-beat."""

    dependencies = [
        ("people", "0001_people"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
