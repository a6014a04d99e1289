from django.apps import AppConfig


class MoneyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "money"
    verbose_name = "Sign-up and money"

    def ready(self) -> None:
        from money import checks  # noqa: F401  (registers the deploy check)
        from money.payments import receivers  # noqa: F401  (listens to money.signals)
        from money.payments import tasks as payment_tasks  # noqa: F401  (for the worker)
        from money.registrations import tasks  # noqa: F401  (Celery finds money.tasks only)
