"""Delivering outbox rows: claim a batch, send it, mark it. Tasks call these; see docs/notices.md.

The guarantee. A batch's rows are CLAIMED before they are sent, by one conditional
UPDATE (pending, or 'sending' under a lease that ran out → sending with our token and a
fresh lease). Only the rows carrying our token are sent, so two tasks handed the same
rows, at the same time or one after the other, send each row once. The batch goes out
over one mail and one SMS connection, and the rows the providers accepted are marked
sent in one UPDATE at the end of the batch (and at each renewal of a long batch's
lease). A worker dying after a provider accepted messages and before that UPDATE
committed leaves them claimed: their lease runs out and they are sent again (at most
one batch per dead worker process). Nothing is lost: a worker dying anywhere else leaves
rows pending or under a lease that runs out, and the sweep queues them again.

A batch costs the same three queries whatever its size: the claim, one read of the rows
with their notice and reply code, and the UPDATE marking them sent.
"""

import logging
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import sms
from django.conf import settings
from django.core.mail import EmailMessage, mailers
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from notices import registry
from notices.addresses import email_body, retry_delay, sms_body
from notices.models import OutboxMessage
from notices.replies import reply_prompt
from notices.subjects import header_line

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
# Rows per task: also the most a worker killed mid-batch may send twice.
CHUNK_SIZE = 250
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


def _claimable(now: datetime) -> Q:
    expired = Q(status=Status.SENDING, claimed_at__lt=now - CLAIM_LEASE)
    return Q(status=Status.PENDING) | (expired & Q(attempts__lt=MAX_ATTEMPTS))


def outbox_claim(message_ids: list[int], token: uuid.UUID) -> list[OutboxMessage]:
    """Claim what can be claimed among `message_ids`; returns only the rows we won."""
    now = timezone.now()
    OutboxMessage.objects.filter(pk__in=message_ids).filter(_claimable(now)).update(
        status=Status.SENDING, claim_token=token, claimed_at=now, attempts=F("attempts") + 1
    )
    return list(
        OutboxMessage.objects.filter(pk__in=message_ids, claim_token=token, status=Status.SENDING)
        .select_related("notice", "reply_code")
        .order_by("pk")
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


def _absolute(link: str) -> str:
    site = getattr(settings, "SITE_URL", "")
    return f"{site.rstrip('/')}{link}" if link.startswith("/") and site else link


def _reason() -> str:
    """The footer of every email: where to choose what one receives (see notices.registry)."""
    url_name = registry.preferences_url()
    if not url_name:
        return "You get this from your euchre league."
    where = _absolute(reverse(url_name))
    return f"You get this from your euchre league. Choose what you receive: {where}"


class _Senders:
    """One mail and one SMS connection for a whole batch, each opened on first use.

    Each message is handed over on its own (`send_messages([one])` on the open
    connection): a provider error then names the one message that failed, where a list
    handed over at once would hide which of its messages went before the error.
    """

    def __init__(self) -> None:
        self._mailer = None
        self._sms = None
        self._reason: str | None = None
        self._links: dict[int, str] = {}

    def _link(self, message: OutboxMessage) -> str:
        if message.notice_id not in self._links:
            self._links[message.notice_id] = _absolute(message.notice.link)
        return self._links[message.notice_id]

    def email(self, message: OutboxMessage) -> EmailMessage:
        if self._reason is None:
            self._reason = _reason()
        notice = message.notice
        return EmailMessage(
            subject=header_line(notice.subject),
            body=email_body(
                name=message.name, body=notice.body, link=self._link(message), reason=self._reason
            ),
            to=[message.address],
            headers={
                "Auto-Submitted": "auto-generated",
                "X-Notice-Id": str(notice.pk),
                "X-Outbox-Message-Id": str(message.pk),
            },
        )

    def send(self, message: OutboxMessage) -> None:
        if message.channel == OutboxMessage.Channel.EMAIL:
            if self._mailer is None:
                self._mailer = mailers.default
                self._mailer.open()
            accepted = self._mailer.send_messages([self.email(message)])
        else:
            if self._sms is None:
                self._sms = sms.get_connection()
                self._sms.open()
            text = sms.Message(
                sms_body(message.notice.sms_text, self._link(message), reply_prompt(message)),
                recipients=[message.address],
                connection=self._sms,
            )
            accepted = self._sms.send_messages([text])
        if accepted != 1:
            raise RuntimeError(f"The {message.channel} backend accepted nothing.")

    def close(self) -> None:
        for connection in (self._mailer, self._sms):
            if connection is not None:
                try:
                    connection.close()
                except Exception:
                    logger.exception("Closing a delivery connection failed")


class _Marks:
    """What the batch has done, written in bulk and only to rows that still carry our token."""

    def __init__(self, token: uuid.UUID, result: DeliveryResult) -> None:
        self.token = token
        self.result = result
        self._sent: list[int] = []
        # (status, backoff seconds, error) → rows: a provider that is down fails them alike.
        self._failures: dict[tuple[str, int, str], list[int]] = defaultdict(list)

    def _mine(self, ids: list[int]):  # type: ignore[no-untyped-def]
        return OutboxMessage.objects.filter(
            pk__in=ids, claim_token=self.token, status=Status.SENDING
        )

    def sent(self, message: OutboxMessage) -> None:
        self._sent.append(message.pk)
        self.result.sent.append(message.pk)

    def failure(self, message: OutboxMessage, exc: Exception) -> None:
        error = f"{type(exc).__name__}: {exc}"[:2000]
        if message.attempts >= MAX_ATTEMPTS:
            self._failures[(Status.FAILED, 0, error)].append(message.pk)
            self.result.failed.append(message.pk)
            return
        delay = retry_delay(message.attempts)
        self._failures[(Status.PENDING, delay, error)].append(message.pk)
        self.result.retry.append(message.pk)
        self.result.retry_in = min(self.result.retry_in or delay, delay)

    def flush(self) -> None:
        if self._sent:
            ids, self._sent = self._sent, []
            marked = self._mine(ids).update(
                status=Status.SENT, sent_at=timezone.now(), last_error=""
            )
            if marked != len(ids):
                logger.error(
                    "%s outbox messages were sent after their claim was lost", len(ids) - marked
                )
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
    token = uuid.uuid4()
    claimed = outbox_claim(message_ids, token)
    result = DeliveryResult(skipped=len(set(message_ids)) - len(claimed))
    if result.skipped:
        held = held_rows(message_ids, but=token)
        result.held = [pk for pk, _ in held]
        result.held_until = max((until for _, until in held), default=None)
    marks = _Marks(token, result)
    senders = _Senders()
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
            try:
                senders.send(message)
            except Exception as exc:
                logger.warning("Sending outbox message %s failed: %s", message.pk, exc)
                marks.failure(message, exc)
                continue
            marks.sent(message)
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
