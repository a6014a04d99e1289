"""The production settings for the fault tests' own app server, with the plain static
storage: the pages are what is tested, not `collectstatic` (the production smoke's)."""

from config.settings import *  # noqa: F403

STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
