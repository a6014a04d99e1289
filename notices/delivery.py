"""Delivering outbox rows: claim, send, mark. Tasks call these; see docs/notices.md.

The guarantee. A row is CLAIMED before it is sent, by one conditional UPDATE
(pending, or 'sending' with a claim older than CLAIM_STALE_AFTER → sending with
our token). Only the rows carrying our token are sent, so two tasks handed the
same rows, at the same time or one after the other, send each row once. A row
is marked sent right after the provider accepted it. The one window for a
duplicate is a worker dying after the provider accepted a message and before
that UPDATE committed: the claim then goes stale and the row is sent again.
Nothing is lost: a worker dying anywhere else leaves the row pending or with a
stale claim, and the sweep queues it again.
"""

import logging
import time
import uuid
from dataclasses import dataclass, field
from datetime import timedelta

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
CHUNK_SIZE = 200
# A claim is renewed while its batch is still being sent, and presumed dead once stale.
CLAIM_STALE_AFTER = timedelta(minutes=5)
CLAIM_RENEW_AFTER = 60.0
# The sweep leaves rows alone while their own task has had a fair chance to run.
SWEEP_GRACE = timedelta(minutes=1)
REQUEUE_AFTER = timedelta(minutes=10)

Status = OutboxMessage.Status


@dataclass
class DeliveryResult:
    sent: list[int] = field(default_factory=list)
    retry: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    skipped: int = 0
    retry_in: int = 0


def _claimable(now) -> Q:  # type: ignore[no-untyped-def]
    stale = Q(status=Status.SENDING, claimed_at__lt=now - CLAIM_STALE_AFTER)
    return Q(status=Status.PENDING) | (stale & Q(attempts__lt=MAX_ATTEMPTS))


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


def _absolute(link: str) -> str:
    site = getattr(settings, "SITE_URL", "")
    return f"{site.rstrip('/')}{link}" if link.startswith("/") and site else link


class _Senders:
    """One mail and one SMS connection for a whole batch, opened on first use."""

    def __init__(self) -> None:
        self._mailer = None
        self._sms = None

    def send(self, message: OutboxMessage) -> None:
        notice = message.notice
        link = _absolute(notice.link)
        if message.channel == OutboxMessage.Channel.EMAIL:
            if self._mailer is None:
                self._mailer = mailers.default
                self._mailer.open()
            email = EmailMessage(
                subject=header_line(notice.subject),
                body=email_body(name=message.name, body=notice.body, link=link, reason=_reason()),
                to=[message.address],
                headers={
                    "Auto-Submitted": "auto-generated",
                    "X-Notice-Id": str(notice.pk),
                    "X-Outbox-Message-Id": str(message.pk),
                },
            )
            accepted = self._mailer.send_messages([email])
        else:
            if self._sms is None:
                self._sms = sms.get_connection()
                self._sms.open()
            text = sms.Message(
                sms_body(notice.sms_text, link, reply_prompt(message)),
                recipients=[message.address],
                connection=self._sms,
            )
            accepted = text.send()
        if accepted != 1:
            raise RuntimeError(f"The {message.channel} backend accepted nothing.")

    def close(self) -> None:
        for connection in (self._mailer, self._sms):
            if connection is not None:
                try:
                    connection.close()
                except Exception:
                    logger.exception("Closing a delivery connection failed")


def _reason() -> str:
    """The footer of every email: where to choose what one receives (see notices.registry)."""
    url_name = registry.preferences_url()
    if not url_name:
        return "You get this from your euchre league."
    where = _absolute(reverse(url_name))
    return f"You get this from your euchre league. Choose what you receive: {where}"


def _mark_sent(message: OutboxMessage, token: uuid.UUID) -> bool:
    return bool(
        OutboxMessage.objects.filter(
            pk=message.pk, claim_token=token, status=Status.SENDING
        ).update(status=Status.SENT, sent_at=timezone.now(), last_error="")
    )


def _mark_failure(
    message: OutboxMessage, token: uuid.UUID, exc: Exception, result: DeliveryResult
) -> None:
    error = f"{type(exc).__name__}: {exc}"[:2000]
    mine = OutboxMessage.objects.filter(pk=message.pk, claim_token=token, status=Status.SENDING)
    if message.attempts >= MAX_ATTEMPTS:
        mine.update(status=Status.FAILED, last_error=error)
        result.failed.append(message.pk)
        return
    delay = retry_delay(message.attempts)
    mine.update(
        status=Status.PENDING,
        last_error=error,
        available_at=timezone.now() + timedelta(seconds=delay),
        queued_at=None,
    )
    result.retry.append(message.pk)
    result.retry_in = min(result.retry_in or delay, delay)


def _renew(token: uuid.UUID) -> set[int]:
    """Extend our claim on the rows not sent yet; returns the ids still ours."""
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
    senders = _Senders()
    lease_from = time.monotonic()
    still_ours: set[int] | None = None
    try:
        for message in claimed:
            if time.monotonic() - lease_from > CLAIM_RENEW_AFTER:
                still_ours, lease_from = _renew(token), time.monotonic()
            if still_ours is not None and message.pk not in still_ours:
                result.skipped += 1
                continue
            try:
                senders.send(message)
            except Exception as exc:
                logger.warning("Sending outbox message %s failed: %s", message.pk, exc)
                _mark_failure(message, token, exc, result)
                continue
            if not _mark_sent(message, token):
                logger.error("Outbox message %s was sent after its claim was lost", message.pk)
            result.sent.append(message.pk)
    finally:
        senders.close()
    return result


def due_message_ids(*, notice_id: int | None = None) -> list[int]:
    """Pending rows ready to go: a notice's (for its first fan-out) or the sweep's.

    The sweep takes pending rows past their grace minute that no task was handed
    recently, and rows whose claim went stale (a worker died mid-batch).
    """
    now = timezone.now()
    if notice_id is not None:
        rows = OutboxMessage.objects.filter(
            notice_id=notice_id, status=Status.PENDING, available_at__lte=now
        )
    else:
        not_queued = Q(queued_at__isnull=True) | Q(queued_at__lt=now - REQUEUE_AFTER)
        due = Q(status=Status.PENDING, available_at__lte=now - SWEEP_GRACE) & not_queued
        stale = Q(
            status=Status.SENDING,
            claimed_at__lt=now - CLAIM_STALE_AFTER,
            attempts__lt=MAX_ATTEMPTS,
        )
        rows = OutboxMessage.objects.filter(due | stale)
    return list(rows.order_by("pk").values_list("pk", flat=True))


def outbox_fail_abandoned() -> int:
    """Stale claims on their last attempt become failures the manager sees (and may resend)."""
    return OutboxMessage.objects.filter(
        status=Status.SENDING,
        claimed_at__lt=timezone.now() - CLAIM_STALE_AFTER,
        attempts__gte=MAX_ATTEMPTS,
    ).update(
        status=Status.FAILED,
        last_error="The worker stopped while sending; the message may or may not have gone out.",
    )


def mark_queued(message_ids: list[int]) -> None:
    OutboxMessage.objects.filter(pk__in=message_ids, status=Status.PENDING).update(
        queued_at=timezone.now()
    )


def chunks(ids: list[int], size: int | None = None) -> list[list[int]]:
    size = size or CHUNK_SIZE
    return [ids[i : i + size] for i in range(0, len(ids), size)]
