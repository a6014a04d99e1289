from django.apps import AppConfig


class WordingConfig(AppConfig):
    name = "wording"
    verbose_name = "Wording"
