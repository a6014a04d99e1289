from django.db import migrations


def schedule(apps, schema_editor):
    from league.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from league.beat import MISSING_CARDS_TASK, WAIVER_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name__in=[MISSING_CARDS_TASK, WAIVER_TASK]
    ).delete()


class Migration(migrations.Migration):
    """The daily reminders of missing scorecards and (since notices handed them over) of
    unsigned waivers, in django-celery-beat."""

    dependencies = [
        ("league", "0004_results_and_forfeits"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
