import pytest

from tests.browser.conftest import log_in, menu
from tests.factories import PASSWORD, manager_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_manager_logs_in_and_reaches_the_manage_page(page):
    manager_user(username="morgan")
    log_in(page, "morgan", PASSWORD)
    menu(page, "Manage")
    page.wait_for_url("**/manage/")
    assert page.get_by_role("heading", name="Manage").is_visible()
    assert page.locator("#manage-leagues").is_visible()
