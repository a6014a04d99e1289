"""Install the five seed rule sets as presets (managers copy and edit them)."""

import dataclasses

from django.db import migrations
from django.utils.text import slugify

PRESET_SLUGS = {
    "CCA League": "cca-league",
    "Classic Tens": "classic-tens",
    "Progressive (5/4/3)": "progressive",
    "Cold Butt": "cold-butt",
    "Black Bull": "black-bull",
}


def install_presets(apps, schema_editor):
    from scoring.presets import PRESETS

    RuleSet = apps.get_model("scoring", "RuleSet")
    for name, spec in PRESETS.items():
        values = dataclasses.asdict(spec)
        RuleSet.objects.update_or_create(
            slug=PRESET_SLUGS.get(name, slugify(name)),
            defaults={"name": name, "is_preset": True, **values},
        )


def remove_presets(apps, schema_editor):
    apps.get_model("scoring", "RuleSet").objects.filter(is_preset=True).delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]
    operations = [migrations.RunPython(install_presets, remove_presets)]
