"""Screenshot the demo for the README: `make demo` in one shell, then run this in another.

Usage: .venv/bin/python scripts/take_screenshots.py [base-url]
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
PASSWORD = "euchre-demo"

# (file name, who is logged in or None, path, viewport width)
SHOTS = [
    ("home-phone.png", None, "/", 390),
    ("standings.png", None, "/leagues/cca/fall-2026/standings/", 1200),
    ("playoffs-phone.png", None, "/leagues/cca/thursday-fall-2026/playoffs/", 390),
    ("scorecard-entry-phone.png", "captain", "/scoring/games/319/", 390),
    ("season-dashboard.png", "manager", "/leagues/cca/fall-2026/manage/", 1200),
    ("progressive-big-screen.png", None, "/tournaments/black-bull-progressive/screen/", 1400),
    ("partner-bracket.png", None, "/tournaments/classic-tens-partners/", 1200),
    ("ladder-phone.png", None, "/people/series/tuesday-ladder/", 390),
    ("profile-phone.png", None, "/people/players/33/", 390),  # Pat Player, all public
]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        for name, user, path, width in SHOTS:
            context = browser.new_context(base_url=BASE, viewport={"width": width, "height": 900})
            page = context.new_page()
            if user:
                page.goto("/accounts/login/")
                page.get_by_label("Username").fill(user)
                page.get_by_label("Password").fill(PASSWORD)
                page.get_by_role("button", name="Log in").click()
            page.goto(path)
            page.screenshot(path=str(OUT / name), full_page=False)
            print("saved", OUT / name, page.url)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
