"""The API's documentation page (/api/v1/docs, the vendored Swagger UI from this site's
static files) renders its operations in Chromium under the Content-Security-Policy, with
nothing refused."""

import os

import pytest

from conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop in this thread

REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Content Security Policy violation: ${event.violatedDirective} blocked `
    + `${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
});
"""


def test_the_docs_page_shows_the_operations_under_the_policy(live_server):
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        context = browser.new_context(base_url=live_server.url)
        context.add_init_script(REPORT_VIOLATIONS)
        page = context.new_page()
        refused: list[str] = []
        page.on(
            "console",
            lambda message: (
                refused.append(message.text)
                if "Content Security Policy" in message.text
                or "Content-Security-Policy" in message.text
                else None
            ),
        )
        response = page.goto("/api/v1/docs")
        assert response is not None and response.status == 200
        assert "script-src 'self'" in response.all_headers()["content-security-policy"]
        expect(
            page.get_by_text("/api/v1/leagues/{league}/seasons/{season}/standings").first
        ).to_be_visible(timeout=15_000)
        browser.close()
    assert refused == []
