"""Delivering outbox rows: claim a batch, send it, mark it. Tasks call these; see docs/notices.md.

The guarantee. A batch's rows are CLAIMED before they are sent, by one conditional
UPDATE (pending, or 'sending' under a lease that ran out → sending with our token and a
fresh lease). Only the rows carrying our token are sent, so two tasks handed the same
rows, at the same time or one after the other, send each row once. The batch goes out
over one mail and one SMS connection, and what the providers accepted is marked sent in
slices: one UPDATE each time SLICE_SIZE messages were accepted, or fewer once they took
SLICE_SECONDS to hand over (a slow provider's each message, as soon as it is accepted).
A worker dying after a provider accepted messages and before their slice's UPDATE
committed leaves them claimed: their lease runs out and they are sent again, emails with
the same Message-ID (at most a slice per dead worker process). Nothing is lost: a worker
dying anywhere else leaves rows pending or under a lease that runs out, and the sweep
queues them again.

A batch costs two queries (the claim, which reads back its rows with their reply codes,
and one read of their notices) and one UPDATE a slice; on PostgreSQL these commit without
waiting for the disk and find their rows by id whatever the statistics say
(`claims.batch_settings`).
"""

import logging
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from notices.addresses import retry_delay
from notices.claims import batch_settings, claim_rows, mark_sent
from notices.models import Notice, OutboxMessage
from notices.senders import Outgoing, Senders

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
# Rows per task.
CHUNK_SIZE = 250
# Accepted messages are marked sent in slices: at most this many (a whole batch: one UPDATE
# for a fast provider), or fewer once they took this long to hand over (a slow provider's
# each message). A worker killed mid-batch may send a slice twice, no more.
SLICE_SIZE = CHUNK_SIZE
SLICE_SECONDS = 0.05
# A claim is a lease: presumed dead once this old, renewed while its batch is still sending.
CLAIM_LEASE = timedelta(seconds=30)
LEASE_RENEW_AFTER = 10.0
# The sweep leaves pending rows alone while their own task has had a fair chance to run.
SWEEP_GRACE = timedelta(seconds=30)
REQUEUE_AFTER = timedelta(minutes=1)

Status = OutboxMessage.Status


@dataclass
class DeliveryResult:
    sent: list[int] = field(default_factory=list)
    retry: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    skipped: int = 0
    retry_in: int = 0
    # Rows another claim holds: worth a second look when its lease runs out.
    held: list[int] = field(default_factory=list)
    held_until: datetime | None = None


def outbox_claim(
    message_ids: list[int], token: uuid.UUID
) -> tuple[list[Outgoing], dict[int, Notice]]:
    """Claim what can be claimed among `message_ids`: the rows we won, and their notices."""
    now = timezone.now()
    return claim_rows(
        message_ids, token, now=now, expired_before=now - CLAIM_LEASE, attempts=MAX_ATTEMPTS
    )


def held_rows(
    message_ids: list[int] | None = None, *, but: uuid.UUID | None = None
) -> list[tuple[int, datetime]]:
    """(id, lease end) of rows 'sending' under a lease that hasn't run out yet (`but` ours)."""
    rows = OutboxMessage.objects.filter(
        status=Status.SENDING, claimed_at__gte=timezone.now() - CLAIM_LEASE
    )
    if message_ids is not None:
        rows = rows.filter(pk__in=message_ids)
    if but is not None:
        rows = rows.exclude(claim_token=but)
    return [
        (pk, claimed_at + CLAIM_LEASE)
        for pk, claimed_at in rows.order_by("pk").values_list("pk", "claimed_at")
    ]


class _Marks:
    """What the batch has done, written in bulk and only to rows that still carry our token."""

    def __init__(self, token: uuid.UUID, result: DeliveryResult) -> None:
        self.token = token
        self.result = result
        self._sent: list[int] = []  # accepted by a provider, not marked yet
        self._began = 0.0  # when the first of them was handed over (monotonic)
        # (status, backoff seconds, error) → rows: a provider that is down fails them alike.
        self._failures: dict[tuple[str, int, str], list[int]] = defaultdict(list)

    def _mine(self, ids: list[int]):  # type: ignore[no-untyped-def]
        return OutboxMessage.objects.filter(
            pk__in=ids, claim_token=self.token, status=Status.SENDING
        )

    def handing_over(self) -> None:
        """A message is about to go: a slice's clock starts with its first."""
        if not self._sent:
            self._began = time.monotonic()

    def sent(self, message: Outgoing) -> None:
        self._sent.append(message.pk)
        self.result.sent.append(message.pk)

    def due(self) -> bool:
        """Whether what the providers accepted should be marked now: a slice is full, or
        it has taken SLICE_SECONDS to hand over (a slow provider: each message at once)."""
        return bool(self._sent) and (
            len(self._sent) >= SLICE_SIZE or time.monotonic() - self._began >= SLICE_SECONDS
        )

    def failure(self, message: Outgoing, exc: Exception) -> None:
        error = f"{type(exc).__name__}: {exc}"[:2000]
        if message.attempts >= MAX_ATTEMPTS:
            self._failures[(Status.FAILED, 0, error)].append(message.pk)
            self.result.failed.append(message.pk)
            return
        delay = retry_delay(message.attempts)
        self._failures[(Status.PENDING, delay, error)].append(message.pk)
        self.result.retry.append(message.pk)
        self.result.retry_in = min(self.result.retry_in or delay, delay)

    def flush_sent(self) -> None:
        """One UPDATE marking what the providers accepted since the last one."""
        if self._sent:
            ids, self._sent = self._sent, []
            marked = mark_sent(ids, self.token, now=timezone.now())
            if marked != len(ids):
                logger.error(
                    "%s outbox messages were sent after their claim was lost", len(ids) - marked
                )

    def flush(self) -> None:
        """Everything: the sent marks, then one UPDATE per kind of failure."""
        self.flush_sent()
        failures, self._failures = self._failures, defaultdict(list)
        for (status, delay, error), ids in failures.items():
            if status == Status.FAILED:
                self._mine(ids).update(status=Status.FAILED, last_error=error)
            else:
                self._mine(ids).update(
                    status=Status.PENDING,
                    last_error=error,
                    available_at=timezone.now() + timedelta(seconds=delay),
                    queued_at=None,
                )


def _renew(token: uuid.UUID) -> set[int]:
    """Extend our lease on the rows not sent yet; returns the ids still ours."""
    OutboxMessage.objects.filter(claim_token=token, status=Status.SENDING).update(
        claimed_at=timezone.now()
    )
    return set(
        OutboxMessage.objects.filter(claim_token=token, status=Status.SENDING).values_list(
            "pk", flat=True
        )
    )


def outbox_deliver(message_ids: list[int]) -> DeliveryResult:
    """Send the rows among `message_ids` this call manages to claim; safe to run twice."""
    with batch_settings():
        return _deliver(message_ids)


def _deliver(message_ids: list[int]) -> DeliveryResult:
    token = uuid.uuid4()
    claimed, notices = outbox_claim(message_ids, token)
    result = DeliveryResult(skipped=len(set(message_ids)) - len(claimed))
    if result.skipped:
        held = held_rows(message_ids, but=token)
        result.held = [pk for pk, _ in held]
        result.held_until = max((until for _, until in held), default=None)
    marks = _Marks(token, result)
    senders = Senders(notices)
    lease_from = time.monotonic()
    still_ours: set[int] | None = None
    try:
        for message in claimed:
            if time.monotonic() - lease_from > LEASE_RENEW_AFTER:
                marks.flush()
                still_ours, lease_from = _renew(token), time.monotonic()
            if still_ours is not None and message.pk not in still_ours:
                result.skipped += 1
                continue
            marks.handing_over()
            try:
                senders.send(message)
            except Exception as exc:
                logger.warning("Sending outbox message %s failed: %s", message.pk, exc)
                marks.failure(message, exc)
                continue
            marks.sent(message)
            if marks.due():
                marks.flush_sent()
    finally:
        try:
            marks.flush()
        finally:
            senders.close()
    return result


def due_message_ids(*, notice_id: int | None = None, restarted: bool = False) -> list[int]:
    """Pending rows ready to go: a notice's (for its first fan-out) or the sweep's.

    The sweep takes pending rows past their grace that no task was handed recently, and
    rows whose lease ran out (a worker died mid-batch). `restarted`: a worker has just
    (re)connected to the broker, which may have lost every task handed to it before, so
    every pending row that is due is taken, however recently it was queued.
    """
    now = timezone.now()
    if notice_id is not None:
        rows = OutboxMessage.objects.filter(
            notice_id=notice_id, status=Status.PENDING, available_at__lte=now
        )
    else:
        if restarted:
            due = Q(status=Status.PENDING, available_at__lte=now)
        else:
            not_queued = Q(queued_at__isnull=True) | Q(queued_at__lt=now - REQUEUE_AFTER)
            due = Q(status=Status.PENDING, available_at__lte=now - SWEEP_GRACE) & not_queued
        expired = Q(
            status=Status.SENDING,
            claimed_at__lt=now - CLAIM_LEASE,
            attempts__lt=MAX_ATTEMPTS,
        )
        rows = OutboxMessage.objects.filter(due | expired)
    return list(rows.order_by("pk").values_list("pk", flat=True))


def outbox_fail_abandoned() -> int:
    """Expired leases on their last attempt become failures the manager sees (and may resend)."""
    return OutboxMessage.objects.filter(
        status=Status.SENDING,
        claimed_at__lt=timezone.now() - CLAIM_LEASE,
        attempts__gte=MAX_ATTEMPTS,
    ).update(
        status=Status.FAILED,
        last_error="The worker stopped while sending; the message may or may not have gone out.",
    )


def mark_queued(message_ids: list[int]) -> None:
    if message_ids:
        OutboxMessage.objects.filter(pk__in=message_ids, status=Status.PENDING).update(
            queued_at=timezone.now()
        )


def chunks[T](ids: list[T], size: int | None = None) -> list[list[T]]:
    size = size or CHUNK_SIZE
    return [ids[i : i + size] for i in range(0, len(ids), size)]
