from django.conf import settings
from django.db import migrations, models


def schedule(apps, schema_editor):
    from money.registrations.beat import ensure_periodic_tasks

    ensure_periodic_tasks(apps)


def unschedule(apps, schema_editor):
    from money.registrations.beat import MOVE_ON_TASK

    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=MOVE_ON_TASK).delete()


class Migration(migrations.Migration):
    """A captain's place is held while the partner accepts (WAITING_PARTNER holds a place);
    the waiver agreed in the flow is kept on the registration; and every few minutes a task
    passes on unanswered waitlist offers and lapses places not paid in time."""

    dependencies = [
        ("django_celery_beat", "0019_alter_periodictasks_options"),
        ("league", "0012_player_merged_into_and_playoff_seeding"),
        ("money", "0002_ledger_guards"),
        ("tournaments", "0010_flights_and_seeding"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="registration",
            name="registration_place_only_when_placed",
        ),
        migrations.AddField(
            model_name="registration",
            name="waivers",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("place__isnull", True),
                    ("state__in", ["waiting_partner", "holding", "offered", "accepted"]),
                    _connector="OR",
                ),
                name="registration_place_only_when_placed",
            ),
        ),
        migrations.RunPython(schedule, unschedule),
    ]
