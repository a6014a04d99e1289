"""Steps a director takes in the browser, shared by the tournament browser tests."""

import re

from playwright.sync_api import Page, expect


def settle_open_card(page: Page, manage_url: str, scores: dict[str, str]) -> None:
    """From the control page: open the first card still to play, settle it with final scores."""
    page.goto(manage_url)
    page.get_by_role("link", name="Scorecard", exact=True).first.click()
    page.get_by_role("button", name="Settle this card").click()
    page.get_by_label("Reason (kept with the card)").fill("Card handed in at the desk")
    page.get_by_label("These final scores").check()
    for label, value in scores.items():
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_role("button", name="Settle the card").click()
    expect(page.get_by_text(re.compile("Settled|settled"))).not_to_have_count(0)


def check_in_everyone(page: Page, count: int) -> None:
    for number in range(1, count + 1):
        row = page.locator(f"#entry-{number}")
        row.get_by_role("button", name="Check in").click()
        expect(page.locator(f"#entry-{number}")).to_contain_text("Checked in")
