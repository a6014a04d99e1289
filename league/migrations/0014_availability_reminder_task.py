from django.db import migrations


def schedule(apps, schema_editor):
    from league.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from league.beat import AVAILABILITY_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name=AVAILABILITY_TASK
    ).delete()


class Migration(migrations.Migration):
    """The daily "are you coming?" reminder, in django-celery-beat."""

    dependencies = [
        ("league", "0013_availability_subs_makeups_and_race"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
