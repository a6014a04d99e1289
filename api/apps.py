from django.apps import AppConfig


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"

    def ready(self) -> None:
        from api import hooks

        hooks.register()  # webhook events from the apps' signals, the outbox's webhook sender
