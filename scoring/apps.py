from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _reinstall_presets(sender, **kwargs) -> None:  # type: ignore[no-untyped-def]
    from scoring.models import RuleSet
    from scoring.presets_install import install_presets

    install_presets(RuleSet)


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self) -> None:
        from accounts.permissions import (
            register_game_scope_lookup,
            register_rule_set_users_lookup,
        )
        from scoring.owners import game_scope, rule_set_users

        post_migrate.connect(_reinstall_presets, sender=self)
        # Permissions ask scoring which league or tournament owns a game.
        register_game_scope_lookup(lambda game: game_scope(game.pk))
        # ... and which leagues and events play under a rule set (who may edit it).
        register_rule_set_users_lookup(lambda rule_set: rule_set_users(rule_set.pk))
