"""Install the five seed rule sets as presets (managers copy and edit them)."""

from django.db import migrations

from scoring.presets_install import install_presets


def forwards(apps, schema_editor):
    install_presets(apps.get_model("scoring", "RuleSet"))


def remove_presets(apps, schema_editor):
    apps.get_model("scoring", "RuleSet").objects.filter(is_preset=True).delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]
    operations = [migrations.RunPython(forwards, remove_presets)]
