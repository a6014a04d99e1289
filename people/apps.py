from django.apps import AppConfig


class PeopleConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "people"
    verbose_name = "People"

    def ready(self) -> None:
        # Connect the signal handlers (ratings and statistics follow confirmed cards).
        from people import flight_sources, receivers, sources

        receivers.connect()
        sources.register()
        flight_sources.register()  # tournaments' flights by ladder position
