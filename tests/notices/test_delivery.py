import datetime
import math
import uuid

import pytest
import sms
from django.core import mail
from django.db import connection
from django.utils import timezone

from notices import delivery
from notices.addresses import Recipient, ReplyOffer
from notices.models import OutboxMessage, ReplyCode
from tests.notices.backends import FlakyEmailBackend, StealingSmsBackend
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db

Status = OutboxMessage.Status
FAILING_MAIL = {"default": {"BACKEND": "tests.notices.backends.FailingEmailBackend"}}


def _ids(notice) -> list[int]:
    return list(notice.messages.order_by("pk").values_list("pk", flat=True))


def _ago(minutes: float = 0, *, seconds: float = 0) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(minutes=minutes, seconds=seconds)


LEASE = delivery.CLAIM_LEASE.total_seconds()
GRACE = delivery.SWEEP_GRACE.total_seconds()
REQUEUE = delivery.REQUEUE_AFTER.total_seconds()


def test_a_batch_delivered_twice_is_sent_once():
    ids = _ids(send_notice(recipients=recipients(3)))
    first = delivery.outbox_deliver(ids)
    second = delivery.outbox_deliver(ids)
    assert (len(first.sent), first.skipped) == (6, 0)
    assert (second.sent, second.skipped) == ([], 6)
    assert len(mail.outbox) == 3 and len(sms.outbox) == 3
    assert set(OutboxMessage.objects.values_list("status", "attempts")) == {(Status.SENT, 1)}


def test_a_message_another_worker_is_sending_is_left_alone_until_its_lease_ends():
    ids = _ids(send_notice(recipients=recipients(1, sms=False)))
    claimed_at = _ago(seconds=LEASE - 10)
    OutboxMessage.objects.update(
        status=Status.SENDING, claimed_at=claimed_at, attempts=1, claim_token=uuid.uuid4()
    )
    result = delivery.outbox_deliver(ids)
    assert (result.sent, result.skipped) == ([], 1)
    assert (result.held, result.held_until) == (ids, claimed_at + delivery.CLAIM_LEASE)
    assert mail.outbox == []


def test_an_expired_lease_is_taken_over_and_sent():
    ids = _ids(send_notice(recipients=recipients(1, sms=False)))
    OutboxMessage.objects.update(
        status=Status.SENDING,
        claimed_at=_ago(seconds=LEASE + 1),
        attempts=1,
        claim_token=uuid.uuid4(),
    )
    assert delivery.outbox_deliver(ids).sent == ids
    message = OutboxMessage.objects.get()
    assert (message.status, message.attempts) == (Status.SENT, 2)
    assert len(mail.outbox) == 1


def test_an_expired_lease_on_its_last_attempt_becomes_a_failure_not_a_resend():
    ids = _ids(send_notice(recipients=recipients(1, sms=False)))
    OutboxMessage.objects.update(
        status=Status.SENDING, claimed_at=_ago(seconds=LEASE + 1), attempts=5
    )
    assert delivery.outbox_deliver(ids).sent == []
    assert delivery.outbox_fail_abandoned() == 1
    message = OutboxMessage.objects.get()
    assert message.status == Status.FAILED
    assert "may or may not have gone out" in message.last_error
    assert mail.outbox == []


def test_a_failure_goes_back_to_the_outbox_with_backoff(settings):
    settings.MAILERS = FAILING_MAIL
    ids = _ids(send_notice(recipients=recipients(1, sms=False)))
    before = timezone.now()
    result = delivery.outbox_deliver(ids)
    assert (result.retry, result.retry_in) == (ids, 30)
    message = OutboxMessage.objects.get()
    assert (message.status, message.attempts) == (Status.PENDING, 1)
    assert message.last_error == "SMTPException: 451 mailbox unavailable"
    assert message.available_at >= before + datetime.timedelta(seconds=30)
    assert message.queued_at is None


def test_the_last_attempt_fails_for_good(settings):
    settings.MAILERS = FAILING_MAIL
    ids = _ids(send_notice(recipients=recipients(1, sms=False)))
    OutboxMessage.objects.update(attempts=delivery.MAX_ATTEMPTS - 1)
    result = delivery.outbox_deliver(ids)
    assert (result.failed, result.retry) == (ids, [])
    message = OutboxMessage.objects.get()
    assert (message.status, message.attempts) == (Status.FAILED, delivery.MAX_ATTEMPTS)


def test_one_failure_does_not_hold_up_the_rest_of_the_batch(settings):
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.backends.FlakyEmailBackend"}}
    FlakyEmailBackend.failures = 1
    ids = _ids(send_notice(recipients=recipients(3, sms=False)))
    result = delivery.outbox_deliver(ids)
    assert (len(result.sent), len(result.retry)) == (2, 1)
    assert len(mail.outbox) == 2


def test_a_backend_that_accepts_nothing_is_a_failure(settings):
    settings.SMS_BACKEND = "tests.notices.backends.SilentSmsBackend"
    notice = send_notice(recipients=[Recipient("Ann", phone="4165550001", sms_opt_in=True)])
    result = delivery.outbox_deliver(_ids(notice))
    assert result.sent == []
    assert "accepted nothing" in OutboxMessage.objects.get().last_error


def test_the_email_greets_the_recipient_and_links_back(settings):
    settings.SITE_URL = "https://euchre.example.com"
    notice = send_notice(
        recipients=[Recipient("Ann Lee", email="ann@example.com")], link="/leagues/cca/"
    )
    delivery.outbox_deliver(_ids(notice))
    (email,) = mail.outbox
    message = notice.messages.get()
    assert email.subject == "Tonight is cancelled"
    assert email.to == ["ann@example.com"]
    assert email.body.startswith("Hello Ann Lee,\n\nSnow: every fixture tonight is off.")
    assert "More: https://euchre.example.com/leagues/cca/" in email.body
    assert "https://euchre.example.com/notices/subscriptions/" in email.body
    assert email.extra_headers["X-Outbox-Message-Id"] == str(message.pk)


def test_a_subject_stored_with_a_line_break_is_sent_on_one_line():
    """Written before subjects were refused with line breaks: it goes out, not fails."""
    notice = send_notice(recipients=[Recipient("Ann", email="ann@example.com")])
    notice.subject = "Tonight is\r\ncancelled"
    notice.save(update_fields=["subject"])
    result = delivery.outbox_deliver(_ids(notice))
    assert len(result.sent) == 1
    assert mail.outbox[0].subject == "Tonight is cancelled"


def test_the_text_is_the_short_version_with_the_link(settings):
    settings.SITE_URL = "https://euchre.example.com"
    notice = send_notice(
        recipients=[Recipient("Ann", phone="416 555 0001", sms_opt_in=True)], link="/l/"
    )
    delivery.outbox_deliver(_ids(notice))
    (text,) = sms.outbox
    assert text.recipients == ["+14165550001"]
    assert text.body == "League night cancelled (snow). https://euchre.example.com/l/"


def test_a_long_batch_renews_its_claim_and_skips_rows_taken_from_it(settings, monkeypatch):
    settings.SMS_BACKEND = "tests.notices.backends.StealingSmsBackend"
    monkeypatch.setattr(delivery, "LEASE_RENEW_AFTER", 0.0)
    notice = send_notice(recipients=recipients(3, sms=True))
    sms_ids = list(
        notice.messages.filter(channel="sms").order_by("pk").values_list("pk", flat=True)
    )
    other_worker = uuid.uuid4()
    StealingSmsBackend.steal = lambda: OutboxMessage.objects.filter(pk=sms_ids[-1]).update(
        claim_token=other_worker
    )
    result = delivery.outbox_deliver(sms_ids)
    assert result.sent == sms_ids[:-1]
    assert result.skipped == 1
    assert len(sms.outbox) == 2
    assert OutboxMessage.objects.get(pk=sms_ids[-1]).status == Status.SENDING


def test_the_sweep_takes_only_what_no_task_is_looking_after():
    notice = send_notice(recipients=recipients(6, sms=False))
    a, b, c, d, e, f = _ids(notice)
    # a waited out its backoff after a failure, and the grace for its retry is over: due.
    OutboxMessage.objects.filter(pk=a).update(available_at=_ago(seconds=GRACE + 1), queued_at=None)
    # b was handed to delivery lately and its task may still be queued; c long ago: lost.
    for pk, queued in ((b, REQUEUE - 10), (c, REQUEUE + 1)):
        OutboxMessage.objects.filter(pk=pk).update(
            available_at=_ago(2), queued_at=_ago(seconds=queued)
        )
    # d's lease ran out (its worker died); e's is still running.
    OutboxMessage.objects.filter(pk=d).update(
        status=Status.SENDING, claimed_at=_ago(seconds=LEASE + 1)
    )
    OutboxMessage.objects.filter(pk=e).update(
        status=Status.SENDING, claimed_at=_ago(seconds=LEASE - 5)
    )
    # f is brand new: its own task has not had its grace yet.
    assert delivery.due_message_ids() == [a, c, d]
    assert delivery.due_message_ids(notice_id=notice.pk) == [a, b, c, f]
    # A worker just (re)connected: the broker may have lost b's and f's tasks too.
    assert delivery.due_message_ids(restarted=True) == [a, b, c, d, f]
    assert [pk for pk, _ in delivery.held_rows()] == [e]


def test_a_message_waiting_out_its_backoff_is_not_due():
    notice = send_notice(recipients=recipients(1, sms=False))
    OutboxMessage.objects.update(available_at=timezone.now() + datetime.timedelta(minutes=2))
    assert delivery.due_message_ids() == []
    assert delivery.due_message_ids(notice_id=notice.pk) == []


def test_batches_split_the_ids():
    assert delivery.chunks([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]


def _mixed_batch(count: int) -> list[int]:
    """`count` rows, emails and texts, the texts carrying reply codes."""
    people = recipients(count // 2)
    notice = send_notice(recipients=people, reply=ReplyOffer("league_card", {"cards": [1]}))
    ids = _ids(notice)
    assert len(ids) == count and ReplyCode.objects.count() == count // 2
    return ids


@pytest.mark.parametrize("count", [2, 40, delivery.CHUNK_SIZE])
def test_a_batch_costs_two_queries_and_one_a_slice(count, monkeypatch, django_assert_num_queries):
    """The claim, one read of the rows with their notice and reply code, and one UPDATE a
    slice of accepted messages; on PostgreSQL a SET and a RESET around them."""
    monkeypatch.setattr(delivery, "SLICE_SECONDS", 3600.0)  # slices by their size only
    ids = _mixed_batch(count)
    slices = math.ceil(count / delivery.SLICE_SIZE)
    around = 2 if connection.vendor == "postgresql" else 0
    with django_assert_num_queries(2 + slices + around) as captured:
        result = delivery.outbox_deliver(ids)
    assert len(result.sent) == count
    assert len(mail.outbox) == len(sms.outbox) == count // 2
    assert set(OutboxMessage.objects.values_list("status", flat=True)) == {Status.SENT}
    marks = [q["sql"] for q in captured.captured_queries if "SET status = 'sent'" in q["sql"]]
    assert len(marks) == slices


def test_the_bulk_marks_record_each_rows_outcome(settings):
    """Sent, to be retried and failed for good in one batch, each written only once."""
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.backends.FlakyEmailBackend"}}
    FlakyEmailBackend.failures = 2
    ids = _ids(send_notice(recipients=recipients(5, sms=False)))
    OutboxMessage.objects.filter(pk=ids[1]).update(attempts=delivery.MAX_ATTEMPTS - 1)
    before = timezone.now()
    result = delivery.outbox_deliver(ids)
    assert (result.failed, result.retry, result.sent) == ([ids[1]], [ids[0]], ids[2:])
    rows = {m.pk: m for m in OutboxMessage.objects.all()}
    assert (rows[ids[0]].status, rows[ids[0]].attempts) == (Status.PENDING, 1)
    assert rows[ids[0]].available_at >= before + datetime.timedelta(seconds=30)
    assert rows[ids[0]].last_error == "SMTPException: 421 try again later"
    assert (rows[ids[1]].status, rows[ids[1]].attempts) == (Status.FAILED, delivery.MAX_ATTEMPTS)
    assert all(rows[pk].status == Status.SENT and rows[pk].sent_at for pk in ids[2:])
    assert {m.to[0] for m in mail.outbox} == {f"r{i}@example.com" for i in (2, 3, 4)}


def test_a_long_batch_marks_what_it_sent_each_time_it_renews_its_lease(settings, monkeypatch):
    """A worker killed in a long batch resends what it sent since its last renewal only."""
    settings.SMS_BACKEND = "tests.notices.backends.StealingSmsBackend"
    monkeypatch.setattr(delivery, "LEASE_RENEW_AFTER", 0.0)
    notice = send_notice(recipients=recipients(5, sms=True))
    texts = list(notice.messages.filter(channel="sms").order_by("pk").values_list("pk", flat=True))
    seen = {}
    StealingSmsBackend.after = 3
    StealingSmsBackend.steal = lambda: seen.update(
        sent=OutboxMessage.objects.filter(status=Status.SENT).count()
    )
    delivery.outbox_deliver(texts)
    assert seen == {"sent": 3}
    assert notice.messages.filter(channel="sms", status=Status.SENT).count() == len(texts)


def test_a_row_taken_over_meanwhile_is_not_marked_by_the_batch_that_lost_it(settings):
    settings.SMS_BACKEND = "tests.notices.backends.StealingSmsBackend"
    notice = send_notice(recipients=recipients(3, sms=True))
    texts = list(notice.messages.filter(channel="sms").order_by("pk").values_list("pk", flat=True))
    other_worker = uuid.uuid4()
    StealingSmsBackend.steal = lambda: OutboxMessage.objects.filter(pk=texts[0]).update(
        claim_token=other_worker
    )
    delivery.outbox_deliver(texts)
    taken = OutboxMessage.objects.get(pk=texts[0])
    assert (taken.status, taken.claim_token) == (Status.SENDING, other_worker)
    assert OutboxMessage.objects.filter(pk__in=texts[1:], status=Status.SENT).count() == 2
