"""Playwright driving Debian's Chromium against live_server; screenshots on failure."""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the
# test body are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


# Chromium enforces the Content-Security-Policy; every page also reports each refusal to the
# console (an init script runs outside the page's policy), so any browser test that made the
# policy refuse something fails, on whichever page it happened.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Content Security Policy violation: ${event.violatedDirective} blocked `
    + `${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
});
"""


def _is_csp_report(text: str) -> bool:
    return "Content Security Policy" in text or "Content-Security-Policy" in text


@pytest.fixture
def page(request, chromium, live_server):
    context = chromium.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(20_000)  # an action or a page load, on a loaded machine
    violations: list[str] = []
    request.node.csp_violations = violations  # a test may look, or clear what it provoked

    def on_console(message) -> None:
        if _is_csp_report(message.text):
            violations.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    if violations and not (report is not None and report.failed):
        pytest.fail("The Content-Security-Policy refused something:\n" + "\n".join(violations))


def log_in(page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def wait_until_kept_offline(page) -> None:
    """Wait until the service worker is active and this page is in its cache.

    The worker's `ready` comes before the page's own copy is stored, so a phone that loses
    its signal at once (or a busy machine) would reopen a page that isn't kept yet.
    """
    kept = page.evaluate(
        """async () => {
            await navigator.serviceWorker.ready;
            const cache = await caches.open("entry-pages");
            for (let waited = 0; waited < 30000; waited += 100) {
                if (await cache.match(location.href.split("#")[0])) {
                    return true;
                }
                await new Promise((resolve) => setTimeout(resolve, 100));
            }
            return false;
        }"""
    )
    assert kept, "the entry page was not kept for opening offline within 30 s"


def menu(page, link: str) -> None:
    """Open the header's Menu (one row on a phone) and follow one of its links."""
    phone = page.locator("header.site-header .nav-phone")
    phone.locator("summary").click()
    phone.get_by_role("link", name=link, exact=True).click()
