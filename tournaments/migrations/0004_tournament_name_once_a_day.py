"""Two events with one name on one day are a double click: the database refuses the second.

Events that already share a name and a day keep the first's name; the later ones get
" (2)", " (3)"… appended.
"""

from collections import defaultdict

from django.db import migrations, models
from django.db.models.functions import Lower


def rename_duplicates(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    max_length = Tournament._meta.get_field("name").max_length
    taken: dict = defaultdict(set)
    for event in Tournament.objects.order_by("pk"):
        names = taken[event.date]
        name, n = event.name, 2
        while name.casefold() in names:
            suffix = f" ({n})"
            name, n = event.name[: max_length - len(suffix)] + suffix, n + 1
        names.add(name.casefold())
        if name != event.name:
            Tournament.objects.filter(pk=event.pk).update(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_entry_seed_stage_data"),
    ]

    operations = [
        migrations.RunPython(rename_duplicates, migrations.RunPython.noop, elidable=False),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.UniqueConstraint(
                Lower("name"),
                models.F("date"),
                name="tournament_name_once_a_day",
                violation_error_message="There is already an event with this name on that day.",
            ),
        ),
    ]
