"""Text messages kept in the database: django-sms's backend for the demo and test sites.

No text leaves for a phone. Each one is a `SentText` row, so whichever worker host sent
it, every web host shows it at `/notices/texts/` to the person whose number it went to
(the file backend kept them on the sending host's disk, out of the others' reach).
Production sends through Twilio (`SMS_BACKEND`). The rows are kept `KEEP` and then
deleted by the outbox's sweep (`texts_prune`), so a demo or test site left running for
months doesn't fill its database with texts nobody reads.
"""

import datetime

from django.db import DatabaseError
from django.utils import timezone
from sms.backends.base import BaseSmsBackend
from sms.message import Message

from notices.models import SentText

KEEP = datetime.timedelta(days=30)


def texts_prune(now: datetime.datetime | None = None) -> int:
    """Delete the texts kept longer than `KEEP`; how many (none under another backend)."""
    cutoff = (now or timezone.now()) - KEEP
    deleted, _ = SentText.objects.filter(sent_at__lt=cutoff).delete()
    return deleted


class DatabaseSmsBackend(BaseSmsBackend):
    """One row per message and recipient, the whole batch in one INSERT."""

    def send_messages(self, messages: list[Message]) -> int:
        now = timezone.now()
        rows = [
            SentText(
                recipient=recipient,
                sender=message.originator or "",
                body=message.body,
                sent_at=now,
            )
            for message in messages
            for recipient in message.recipients
        ]
        if not rows:
            return 0
        try:
            SentText.objects.bulk_create(rows)
        except DatabaseError:
            if self.fail_silently:
                return 0
            raise
        return len(rows)
