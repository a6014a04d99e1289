"""The service worker: served from the site's root, for everyone, with what it keeps."""

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_from_the_root_as_a_script(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"


def test_the_worker_precaches_files_that_exist_and_forgets_pages_at_logout(client):
    script = client.get("/sw.js").content.decode()
    precache = re.search(r"const PRECACHE = (\[.*\]);", script).group(1)
    urls = json.loads(precache)
    assert "/static/js/offline-entry.js" in urls and "/static/js/entry-queue.js" in urls
    for url in urls:
        assert finders.find(url.removeprefix("/static/")), url
    assert 'const LOGOUT_PATH = "/accounts/logout/";' in script
    assert 'const STATIC_PREFIX = "/static/";' in script
    assert re.search(r'const ASSETS = "entry-assets-[0-9a-f]{12}";', script)


def test_the_worker_takes_no_post(client):
    assert client.post("/sw.js").status_code == 405


@pytest.fixture
def release_static(settings, tmp_path):
    """The static files of a release: `collectstatic` with the manifest storage production uses."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    return tmp_path


def test_with_a_release_s_hashed_files_the_worker_precaches_them_and_whitenoise_serves_them(
    client, release_static
):
    response = client.get("/sw.js")
    assert response.status_code == 200
    script = response.content.decode()
    assert 'const STATIC_PREFIX = "/static/";' in script
    hashed = re.compile(r"const HASHED = /(.*)/;").search(script).group(1)
    urls = json.loads(re.search(r"const PRECACHE = (\[.*\]);", script).group(1))
    assert len(urls) == 8
    for url in urls:
        assert url.startswith("/static/") and re.search(hashed, url), url
        assert (release_static / url.removeprefix("/static/")).is_file(), url
        assert client.get(url).status_code == 200, url
