"""The service worker that lets the entry component open without signal.

Served from the site's root (`/sw.js`) so its scope covers every page that embeds the
component (a game's, a fixture's, a tournament seat card). It keeps those pages and the
site's scripts and styles; the hands tapped meanwhile wait in the page's IndexedDB queue
(static/js/entry-queue.js), never in the worker.
"""

import hashlib
import json
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

# What an entry page needs to open offline; the worker caches them when it installs.
OFFLINE_ASSETS = (
    "vendor/pico/pico.min.css",
    "css/app.css",
    "css/scorecard.css",
    "vendor/htmx/htmx.min.js",
    "js/entry-queue.js",
    "js/entry-pages.js",
    "js/offline-entry.js",
    "js/entry-refill.js",
)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    assets = [static(path) for path in OFFLINE_ASSETS]
    # A new asset name (a new release's hashed file) makes a new worker with a fresh cache.
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    # Written into a script file (never an HTML page), as JSON literals.
    context = {
        "assets": json.dumps(assets),
        "version": version,
        # The path every static file's address starts with. Not `static("")`: the manifest
        # storage of a release looks each name up in its manifest, and "" is in none.
        "static_prefix": json.dumps(urlsplit(settings.STATIC_URL).path),
        "logout_path": json.dumps(reverse("logout")),
    }
    response = render(request, "scoring/service-worker.js", context, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # browsers check the worker on each visit
    response["Service-Worker-Allowed"] = "/"
    return response
