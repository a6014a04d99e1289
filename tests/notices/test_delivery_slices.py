"""What a batch marks sent as it goes, and what a worker killed mid-batch sends twice."""

import collections
import datetime

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from notices import claims, delivery, tasks
from notices.models import OutboxMessage
from tests.notices.backends import Killed, KillingEmailBackend, WatchingEmailBackend
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db

Status = OutboxMessage.Status
WATCHING = {"default": {"BACKEND": "tests.notices.backends.WatchingEmailBackend"}}
KILLING = {"default": {"BACKEND": "tests.notices.backends.KillingEmailBackend"}}


def _emails(count: int) -> list[int]:
    notice = send_notice(recipients=recipients(count, sms=False))
    return list(notice.messages.order_by("pk").values_list("pk", flat=True))


def _unmarked(seen: list[tuple[int, int]]) -> list[int]:
    """At each hand-over: messages the provider had accepted that were not marked sent."""
    return [accepted - marked for accepted, marked in seen]


def test_what_the_providers_accept_is_marked_sent_a_slice_at_a_time(settings, monkeypatch):
    settings.MAILERS = WATCHING
    monkeypatch.setattr(delivery, "SLICE_SIZE", 4)
    monkeypatch.setattr(delivery, "SLICE_SECONDS", 3600.0)
    WatchingEmailBackend.seen = []
    result = delivery.outbox_deliver(_emails(10))
    assert len(result.sent) == 10
    # Marked after messages 4 and 8; 9 and 10 at the end of the batch.
    assert _unmarked(WatchingEmailBackend.seen) == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert OutboxMessage.objects.filter(status=Status.SENT).count() == 10


def test_a_slow_provider_has_each_message_marked_as_soon_as_it_is_accepted(settings, monkeypatch):
    """A slice that took SLICE_SECONDS to hand over is marked: with a provider slower than
    that, each message on its own, before the next one goes."""
    settings.MAILERS = WATCHING
    monkeypatch.setattr(delivery, "SLICE_SECONDS", 0.01)
    monkeypatch.setattr(WatchingEmailBackend, "seconds", 0.02)
    WatchingEmailBackend.seen = []
    delivery.outbox_deliver(_emails(5))
    assert _unmarked(WatchingEmailBackend.seen) == [0] * 5


def test_a_full_batch_never_holds_more_than_a_slice_unmarked(settings):
    settings.MAILERS = WATCHING
    WatchingEmailBackend.seen = []
    delivery.outbox_deliver(_emails(delivery.CHUNK_SIZE))
    assert len(WatchingEmailBackend.seen) == delivery.CHUNK_SIZE
    assert max(_unmarked(WatchingEmailBackend.seen)) < delivery.SLICE_SIZE


def _row(email) -> str:
    return email.extra_headers["X-Outbox-Message-Id"]


def _kill_mid_batch(ids: list[int], after: int) -> set[int]:
    """Deliver until the process is killed after `after` messages; leave the rows as a
    SIGKILL would (the marks the batch's `finally` wrote never happened) with the lease
    run out. Returns the rows marked sent at the moment of the kill."""
    KillingEmailBackend.after = after
    with pytest.raises(Killed):
        delivery.outbox_deliver(ids)
    marked = KillingEmailBackend.marked
    expired = timezone.now() - delivery.CLAIM_LEASE - datetime.timedelta(seconds=1)
    OutboxMessage.objects.exclude(pk__in=marked).update(
        status=Status.SENDING, sent_at=None, claimed_at=expired
    )
    return marked


@pytest.mark.parametrize("after", [1, 30, 61, 99])
def test_a_worker_killed_mid_batch_sends_again_at_most_a_slice(settings, after):
    """Nothing is lost; what goes twice is what had been accepted and not marked yet, and
    each second copy carries the first one's Message-ID, for mailboxes to drop it."""
    settings.MAILERS = KILLING
    ids = _emails(100)
    marked = _kill_mid_batch(ids, after)
    assert after - len(marked) <= delivery.SLICE_SIZE
    first = {_row(m): m.extra_headers["Message-ID"] for m in mail.outbox}
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    assert tasks.sweep_outbox.delay().get() == len(ids) - len(marked)

    copies = collections.Counter(_row(m) for m in mail.outbox)
    assert set(copies) == {str(pk) for pk in ids}  # none lost
    twice = {pk for pk, n in copies.items() if n == 2}
    assert set(copies.values()) <= {1, 2}
    assert len(twice) == after - len(marked)
    for message in mail.outbox:
        if _row(message) in twice:
            assert message.extra_headers["Message-ID"] == first[_row(message)]
    assert set(OutboxMessage.objects.values_list("status", flat=True)) == {Status.SENT}


def _plan(sql: str) -> str:
    """The plan of `sql` under the settings a batch runs with."""
    with claims.batch_settings(), connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}")
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.needs_postgres
def test_the_claim_and_the_marks_find_their_rows_by_id_whatever_the_statistics(monkeypatch):
    """Statistics taken before a big notice was written say the table is nearly empty and
    no row is pending: the planner must still look the batch up by id, neither reading every
    row of the table nor every pending or sending row through the partial indexes of those
    states (then thought empty)."""
    monkeypatch.setattr(delivery, "SLICE_SECONDS", 3600.0)  # slices by their size only
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE notices_outboxmessage")
    ids = _emails(300)
    with CaptureQueriesContext(connection) as captured:
        delivery.outbox_deliver(ids[:100])
    writes = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("UPDATE")]
    assert len(writes) == 1 + 1  # the claim, one mark for the batch
    for sql in writes:
        plan = _plan(sql)
        assert "notices_outboxmessage_pkey" in plan and "Seq Scan" not in plan, plan
        assert "outbox_pending_due" not in plan and "outbox_sending_claimed" not in plan, plan


@pytest.mark.needs_postgres
def test_a_batch_leaves_its_connection_as_it_found_it():
    ids = _emails(3)
    delivery.outbox_deliver(ids)
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("on",)
        cursor.execute("SHOW enable_seqscan")
        assert cursor.fetchone() == ("on",)
