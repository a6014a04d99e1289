from django.db import migrations


def schedule(apps, schema_editor):
    from money.payments.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from money.payments.beat import RETRY_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=RETRY_TASK).delete()


class Migration(migrations.Migration):
    """Every few minutes, card refunds saved while Stripe did not answer are sent again."""

    dependencies = [
        ("django_celery_beat", "0019_alter_periodictasks_options"),
        ("money", "0003_registrations_places_and_waivers"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
