"""Playwright driving Debian's Chromium against live_server; screenshots on failure."""

import os
from pathlib import Path

import pytest

from conftest import CHROMIUM

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the
# test body are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield browser
        browser.close()


@pytest.fixture
def page(request, chromium, live_server):
    context = chromium.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


def log_in(page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
