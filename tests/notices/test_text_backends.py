"""The database SMS backend: texts kept as rows that every host reads, a batch in one
INSERT, the outbox's texts delivered through it like through any provider, and rows past
their keep deleted by the outbox's sweep."""

from datetime import timedelta

import pytest
import sms
from django.db import DatabaseError
from django.utils import timezone
from sms.message import Message

from notices import delivery, tasks
from notices.models import OutboxMessage, SentText
from notices.text_backends import KEEP, DatabaseSmsBackend
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db

BACKEND = "notices.text_backends.DatabaseSmsBackend"


def test_a_batch_is_stored_in_one_query_one_row_per_recipient(django_assert_num_queries):
    messages = [
        Message("Tonight is off (snow).", originator="+15555550100", recipients=["+14165550101"]),
        Message("Sub wanted: YES 4821", recipients=["+14165550102", "+14165550103"]),
    ]
    with django_assert_num_queries(1):
        accepted = DatabaseSmsBackend().send_messages(messages)
    assert accepted == 3
    rows = SentText.objects.order_by("pk").values_list("recipient", "sender", "body")
    assert list(rows) == [
        ("+14165550101", "+15555550100", "Tonight is off (snow)."),
        ("+14165550102", "+15555550100", "Sub wanted: YES 4821"),  # DEFAULT_FROM_SMS
        ("+14165550103", "+15555550100", "Sub wanted: YES 4821"),
    ]
    assert len({text.sent_at for text in SentText.objects.all()}) == 1


def test_an_empty_batch_asks_nothing_of_the_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert DatabaseSmsBackend().send_messages([Message("Nobody", recipients=[])]) == 0


def test_a_failing_insert_raises_unless_told_to_fail_silently(monkeypatch):
    def refuse(*args, **kwargs):
        raise DatabaseError("disk full")

    monkeypatch.setattr(SentText.objects, "bulk_create", refuse)
    message = Message("Lost?", recipients=["+14165550101"])
    with pytest.raises(DatabaseError):
        DatabaseSmsBackend().send_messages([message])
    assert DatabaseSmsBackend(fail_silently=True).send_messages([message]) == 0


def test_django_sms_sends_through_it_when_it_is_the_setting(settings):
    settings.SMS_BACKEND = BACKEND
    assert sms.send_sms("Your sign-in link: …", recipients=["+14165550101"]) == 1
    assert SentText.objects.get().recipient == "+14165550101"


def test_the_outbox_delivers_its_texts_to_the_database(settings):
    settings.SMS_BACKEND = BACKEND
    notice = send_notice(recipients=recipients(2))
    ids = list(notice.messages.order_by("pk").values_list("pk", flat=True))
    delivery.outbox_deliver(ids)
    texts = notice.messages.filter(channel=OutboxMessage.Channel.SMS)
    assert set(texts.values_list("status", flat=True)) == {OutboxMessage.Status.SENT}
    assert sorted(SentText.objects.values_list("recipient", flat=True)) == sorted(
        texts.values_list("address", flat=True)
    )
    assert all("League night cancelled (snow)." in t.body for t in SentText.objects.all())


def test_the_outboxs_sweep_deletes_texts_kept_longer_than_thirty_days_and_no_others():
    now = timezone.now()
    for age in (KEEP + timedelta(minutes=1), KEEP - timedelta(minutes=1), timedelta(0)):
        SentText.objects.create(recipient="+14165550101", body=f"{age}", sent_at=now - age)
    tasks.sweep_outbox.delay().get()
    assert sorted(SentText.objects.values_list("body", flat=True)) == sorted(
        [str(timedelta(0)), str(KEEP - timedelta(minutes=1))]
    )
