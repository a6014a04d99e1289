from django.db import migrations


def schedule(apps, schema_editor):
    from league.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from league.beat import SUBS_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=SUBS_TASK).delete()


class Migration(migrations.Migration):
    """The hourly job closing sub requests whose night has come, in django-celery-beat."""

    dependencies = [("league", "0014_availability_reminder_task")]

    operations = [migrations.RunPython(schedule, unschedule)]
