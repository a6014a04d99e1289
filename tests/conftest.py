import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from pytest_django.fixtures import _disable_migrations, _get_databases_for_setup

from config.celery import app as celery_app
from tests import fast_flush

fast_flush.install()  # a transactional test's flush on PostgreSQL: DELETE, not TRUNCATE

# Property tests check behaviour, not speed: a busy CI machine must not fail them.
hypothesis_settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("suite")


@pytest.fixture(scope="session")
def django_db_setup(
    request,
    django_test_environment,
    django_db_blocker,
    django_db_use_migrations,
    django_db_keepdb,
    django_db_createdb,
    django_db_modify_db_settings,
):
    """pytest-django's set-up, except in a run split across processes on PostgreSQL: there
    one process migrates a template and each process copies it (tests/database_template.py)."""
    from django.db import connection
    from django.test.utils import setup_databases, teardown_databases

    from tests import database_template

    workerinput = getattr(request.config, "workerinput", None)
    copies = (
        workerinput is not None
        and connection.vendor == "postgresql"
        and django_db_use_migrations
        and not django_db_keepdb
        and list(settings.DATABASES) == ["default"]
    )
    verbosity = request.config.option.verbose
    if not copies:  # pytest-django's own fixture, as it is
        if not django_db_use_migrations:
            _disable_migrations()
        aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
        with django_db_blocker.unblock():
            db_cfg = setup_databases(
                verbosity=verbosity,
                interactive=False,
                aliases=aliases,
                serialized_aliases=serialized_aliases,
                keepdb=django_db_keepdb and not django_db_createdb,
            )
        yield
        if not django_db_keepdb:
            with django_db_blocker.unblock():
                teardown_databases(db_cfg, verbosity=verbosity)
        return
    # No test here asks for serialized_rollback; a copy would not carry the serialization.
    assert not _get_databases_for_setup(request.session.items)[1]
    run_id = workerinput["testrunuid"]
    with django_db_blocker.unblock():
        original_name = database_template.setup_from_template(run_id)
    yield
    with django_db_blocker.unblock():
        database_template.teardown_copy(run_id, original_name, int(workerinput["workercount"]))


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


@pytest.fixture(scope="session")
def chromium():
    """One Chromium a test process (the browser tests' and the production smoke run's):
    Playwright's sync API keeps its event loop running in this thread while it is open, so
    a second one started beside it would refuse to start."""
    from playwright.sync_api import expect, sync_playwright

    from conftest import CHROMIUM

    # What a page should come to show: a loaded CI machine, its two cores shared by four
    # test processes, Chromium and PostgreSQL, can take longer than Playwright's 5 s. A
    # passing expectation returns as soon as it holds, so only a failure waits this long.
    expect.set_options(timeout=15_000)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield browser
        browser.close()
