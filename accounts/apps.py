from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_role_groups(sender, **kwargs) -> None:  # type: ignore[no-untyped-def]
    """The role groups come from a migration; recreate them after a flush (tests)."""
    from django.contrib.auth.models import Group

    from accounts.permissions import DIRECTORS_GROUP, MANAGERS_GROUP

    for name in (MANAGERS_GROUP, DIRECTORS_GROUP):
        Group.objects.get_or_create(name=name)


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        # post_migrate is only sent for apps with models; ours has none, so follow auth's.
        from django.apps import apps

        post_migrate.connect(_ensure_role_groups, sender=apps.get_app_config("auth"))
