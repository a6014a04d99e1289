import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from config.celery import app as celery_app

# Property tests check behaviour, not speed: a busy CI machine must not fail them.
hypothesis_settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _tasks_run_eagerly():
    """Unit tests run Celery tasks in-process; the worker tests switch this off."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = settings.CELERY_TASK_ALWAYS_EAGER


@pytest.fixture(autouse=True)
def _locmem_backends(settings):
    # Fast hashing: the default hasher is deliberately slow.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SMS_BACKEND = "sms.backends.locmem.SmsBackend"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _cache_is_per_test():
    """Pages keep what they build in the cache (and people's whole pages in each process's
    memory too): one test's must not show in the next."""
    from django.core.cache import cache

    from people.whole_pages import memo_clear

    cache.clear()
    memo_clear()
    yield
    cache.clear()
    memo_clear()


@pytest.fixture(autouse=True)
def _staff_everywhere_is_per_test():
    """Users made staff of every league or tournament belong to one test only."""
    from tests.factories import EVERYWHERE

    for users in EVERYWHERE.values():
        users.clear()
    yield
    for users in EVERYWHERE.values():
        users.clear()
