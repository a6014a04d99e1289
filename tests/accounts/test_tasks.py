import pytest
from django.core import mail

from accounts.tasks import send_password_changed_notice
from tests.factories import UserFactory


@pytest.mark.django_db
def test_the_notice_is_emailed_when_run_eagerly():
    user = UserFactory()
    assert send_password_changed_notice.delay(user.pk).get() is True
    assert len(mail.outbox) == 1
    assert "password" in mail.outbox[0].subject


@pytest.mark.django_db
def test_a_user_without_email_gets_nothing():
    user = UserFactory(email="")
    assert send_password_changed_notice.delay(user.pk).get() is False
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_password_changed_email_greets_the_person_by_name():
    user = UserFactory(username="rk42", first_name="Riley", last_name="Kim")
    send_password_changed_notice.delay(user.pk).get()
    assert mail.outbox[0].body.startswith("Hello Riley Kim,\n\n")


@pytest.mark.django_db
def test_someone_without_a_name_is_greeted_by_username():
    user = UserFactory(username="rk42")
    send_password_changed_notice.delay(user.pk).get()
    assert mail.outbox[0].body.startswith("Hello rk42,\n\n")
