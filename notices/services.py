"""Writes on notices: send one, resend failures.

`notice_send` is the one entry point for every kind of notice. Call it inside
the transaction of the event that causes the notice (a cancellation, a
scorecard waiting for confirmation…): the notice, its outbox rows and its
announcement commit or roll back with that event, and delivery is queued only
once the transaction commits.
"""

import logging
from collections.abc import Iterable
from functools import partial
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from notices import tasks
from notices.addresses import Audience, Recipient, ReplyOffer, addresses_for
from notices.channels import channels_of
from notices.models import Announcement, Notice, NoticePreference, OutboxMessage
from notices.outbox_rows import outbox_rows_write
from notices.replies import reply_codes_issue
from notices.subjects import LINE_BREAK_MESSAGE, has_line_break
from notices.unsubscribe import opted_out_among

logger = logging.getLogger(__name__)

SMS_MAX = 320

__all__ = [
    "Audience",
    "Recipient",
    "ReplyOffer",
    "message_resend",
    "notice_resend_failed",
    "notice_send",
]


def _queue(task_name: str, object_id: int) -> None:
    """Hand delivery to Celery; when the broker is down the outbox sweep does it later."""
    try:
        getattr(tasks, task_name).delay(object_id)
    except Exception:
        logger.exception(
            "Could not queue %s(%s); the outbox sweep will deliver it", task_name, object_id
        )


def _validate(kind: str, subject: str, body: str, sms_text: str, link: str) -> None:
    errors: dict[str, str] = {}
    if kind not in Notice.Kind.values:
        errors["kind"] = f"Unknown kind of notice: {kind!r}."
    if not subject.strip():
        errors["subject"] = "A notice needs a subject."
    elif len(subject) > 200:
        errors["subject"] = "Keep the subject to 200 characters."
    elif has_line_break(subject):
        errors["subject"] = LINE_BREAK_MESSAGE
    if not body.strip():
        errors["body"] = "A notice needs a message."
    if len(sms_text) > SMS_MAX:
        errors["sms_text"] = f"Keep the text message to {SMS_MAX} characters."
    if len(link) > 500:
        errors["link"] = "Keep the link to 500 characters."
    if errors:
        raise ValidationError(errors)


def notice_addresses(
    *, kind: str, recipients: Iterable[Recipient]
) -> list[tuple[str, str, str, int | None]]:
    """(channel, address, name, player id) a notice of `kind` goes to: each person's choice
    for the kind, or its default; no email to an address that asked for no more (the link
    in every email). A preview (how many emails, how many texts) counts these."""
    people = list(recipients)
    chosen, opted_out = _choices_of(kind, people)
    return addresses_for(people, kind=kind, preferences=chosen, opted_out=opted_out)


def _choices_of(kind: str, people: list[Recipient]) -> tuple[dict, frozenset[str]]:
    """Each player's channels for `kind`, and the addresses that asked for no more email."""
    ids = {r.player_id for r in people if r.player_id is not None}
    chosen = {
        pref.player_id: channels_of(by_email=pref.by_email, by_sms=pref.by_sms)
        for pref in NoticePreference.objects.filter(kind=kind, player_id__in=ids)
    }
    return chosen, opted_out_among(r.email for r in people)


def notice_audience(*, kind: str, recipients: Iterable[Recipient]) -> Audience:
    """How many people, emails and texts a notice of `kind` to `recipients` would make, for
    the form that sends it to say before anything is sent (`Audience.sentence`)."""
    return Audience.of(notice_addresses(kind=kind, recipients=recipients))


def notices_audience(*, kind: str, each: Iterable[Iterable[Recipient]]) -> Audience:
    """Like `notice_audience` for one notice of `kind` per group (a tournament tells each
    entry its own seat): two queries however many groups."""
    groups = [list(group) for group in each]
    chosen, opted_out = _choices_of(kind, [r for group in groups for r in group])
    rows = []
    for group in groups:
        rows += addresses_for(group, kind=kind, preferences=chosen, opted_out=opted_out)
    return Audience.of(rows)


@transaction.atomic
def notice_send(
    *,
    kind: str,
    subject: str,
    body: str,
    sms_text: str = "",
    recipients: Iterable[Recipient],
    created_by: Any = None,
    announce_league: models.Model | None = None,
    link: str = "",
    season: models.Model | None = None,
    source: dict | None = None,
    key: str = "",
    reply: ReplyOffer | None = None,
) -> Notice:
    """Write a notice, one outbox row per recipient and channel, and its announcement.

    Each person gets the channels they chose for this kind of notice (`NoticePreference`)
    or the kind's default (`notices.channels`): email to an address, a text only to those
    with `sms_opt_in` and a phone number; the same address is written once per channel.
    With `reply`, each text carries a code its recipient may answer (`notices.replies`).
    With `announce_league` the notice also appears publicly on that league's
    announcements page and feed. With `key`, a second call with the same key returns the
    first notice and writes nothing (for periodic jobs). Delivery is queued when the
    caller's transaction commits.
    """
    subject, body, sms_text = subject.strip(), body.strip(), sms_text.strip()
    _validate(kind, subject, body, sms_text, link)
    if key:
        existing = Notice.objects.filter(key=key).first()
        if existing is not None:
            return existing
    try:
        with transaction.atomic():
            notice = Notice.objects.create(
                kind=kind,
                subject=subject,
                body=body,
                sms_text=sms_text or subject[:SMS_MAX],
                link=link,
                season=season,
                source=source or {},
                key=key,
                created_by=created_by if getattr(created_by, "is_authenticated", False) else None,
            )
    except IntegrityError:
        # Another run with the same key got there first.
        return Notice.objects.get(key=key)
    now = notice.created_at
    rows = notice_addresses(kind=kind, recipients=recipients)
    outbox_rows_write(
        # Handed to delivery when the transaction commits.
        OutboxMessage(notice=notice, available_at=now, queued_at=now),
        [(channel, address, name[:120], player_id) for channel, address, name, player_id in rows],
    )
    if reply is not None:
        reply_codes_issue(notice=notice, offer=reply)
    if announce_league is not None:
        Announcement.objects.create(
            league=announce_league,
            title=subject,
            body=body,
            link=link,
            notice=notice,
            published_at=now,
        )
    if rows:
        transaction.on_commit(partial(_queue, "deliver_notice", notice.pk), robust=True)
    return notice


@transaction.atomic
def message_resend(*, message: OutboxMessage, by: Any) -> OutboxMessage:
    """Put a failed message back in the outbox with a fresh set of attempts."""
    now = timezone.now()
    changed = OutboxMessage.objects.filter(
        pk=message.pk, status=OutboxMessage.Status.FAILED
    ).update(
        status=OutboxMessage.Status.PENDING,
        attempts=0,
        available_at=now,
        queued_at=now,
        claim_token=None,
        claimed_at=None,
        resent_by=by,
        resent_at=now,
    )
    message.refresh_from_db()
    if not changed:
        raise ValidationError(
            f"Only a failed message can be sent again; this one is {message.get_status_display()}."
        )
    transaction.on_commit(partial(_queue, "deliver_message", message.pk), robust=True)
    return message


@transaction.atomic
def notice_resend_failed(*, notice: Notice, by: Any) -> int:
    """Put every failed message of the notice back in the outbox; returns how many."""
    now = timezone.now()
    changed = OutboxMessage.objects.filter(
        notice=notice, status=OutboxMessage.Status.FAILED
    ).update(
        status=OutboxMessage.Status.PENDING,
        attempts=0,
        available_at=now,
        queued_at=now,
        claim_token=None,
        claimed_at=None,
        resent_by=by,
        resent_at=now,
    )
    if changed:
        transaction.on_commit(partial(_queue, "deliver_notice", notice.pk), robust=True)
    return changed
