from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = "Notices"

    def ready(self) -> None:
        from notices import checks  # noqa: F401  (registers the deploy check)
