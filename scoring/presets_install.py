"""Install the five seed presets: from the data migration, and again after a flush.

Tests that truncate tables (transactional tests) would otherwise lose the presets;
`post_migrate` runs after such a flush, so the app re-installs whatever is missing.
"""

import dataclasses

from django.utils.text import slugify

from scoring.engine import PRESETS

PRESET_SLUGS = {
    "CCA League": "cca-league",
    "Classic Tens": "classic-tens",
    "Progressive (5/4/3)": "progressive",
    "Cold Butt": "cold-butt",
    "Black Bull": "black-bull",
}


def install_presets(rule_set_model) -> int:  # type: ignore[no-untyped-def]
    """Create the presets that are missing; never overwrite existing rows. Returns how many."""
    created = 0
    for name, spec in PRESETS.items():
        _, was_created = rule_set_model.objects.get_or_create(
            slug=PRESET_SLUGS.get(name, slugify(name)),
            defaults={"name": name, "is_preset": True, **dataclasses.asdict(spec)},
        )
        created += was_created
    return created
