"""Handing a batch's messages to the providers: one mail and one SMS connection per batch,
each notice's text rendered once for all its recipients.

Each message is handed over on its own (`send_messages([one])` on the open connection): a
provider error then names the one message that failed, where a list handed over at once
would hide which of its messages went before the error. Neither provider we send through
takes a batch of different messages in one call (Django's SMTP backend sends a list one
message at a time on its connection; django-sms's Twilio backend makes one API call per
text), so a list would buy nothing and cost that knowledge.
"""

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass

import sms
from django.conf import settings
from django.core.mail import mailers
from django.urls import reverse

from notices import registry
from notices.addresses import email_greeting, email_tail, sms_body, unsubscribe_line
from notices.mail import NoticeEmail, email_date, notice_message_id
from notices.models import Notice, OutboxMessage
from notices.replies import reply_prompt
from notices.subjects import header_line
from notices.unsubscribe import unsubscribe_url

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class Outgoing:
    """A claimed outbox row as delivery needs it: plain values, read many at a time."""

    pk: int
    notice_id: int
    channel: str
    address: str
    name: str
    attempts: int
    reply_handler: str | None = None
    reply_code: str | None = None


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


def warm_up() -> None:
    """Load what a process's first delivery would: the URL map, the email header classes."""
    _reason()
    NoticeEmail(subject="-", body="-", to=["ready@example.com"]).message()


@dataclass(frozen=True)
class NoticeCopy:
    """What every recipient of one notice shares, rendered once per batch."""

    subject: str
    email_tail: str  # the email after its greeting: the body, the link, the footer
    text: str  # the text message before its reply prompt
    notice_header: str


class Senders:
    """One mail and one SMS connection for a whole batch, each opened on first use."""

    def __init__(self, notices: Mapping[int, Notice]) -> None:
        self.notices = notices
        self._mailer = None
        self._sms = None
        self._reason: str | None = None
        self._copies: dict[int, NoticeCopy] = {}
        self._second = -1
        self._date = ""

    def copy(self, notice: Notice) -> NoticeCopy:
        copy = self._copies.get(notice.pk)
        if copy is None:
            if self._reason is None:
                self._reason = _reason()
            link = _absolute(notice.link)
            copy = self._copies[notice.pk] = NoticeCopy(
                subject=header_line(notice.subject),
                email_tail=email_tail(body=notice.body, link=link, reason=self._reason),
                text=sms_body(notice.sms_text, link),
                notice_header=str(notice.pk),
            )
        return copy

    def _now(self) -> str:
        second = int(time.time())
        if second != self._second:
            self._second, self._date = second, email_date(second)
        return self._date

    def email(self, row: Outgoing) -> NoticeEmail:
        notice = self.notices[row.notice_id]
        copy = self.copy(notice)
        # Each address's own link, signed: it stops these emails without signing in.
        stop = unsubscribe_url(row.address)
        return NoticeEmail(
            subject=copy.subject,
            body=email_greeting(row.name) + copy.email_tail + unsubscribe_line(stop),
            to=[row.address],
            headers={
                "Auto-Submitted": "auto-generated",
                "List-Unsubscribe": f"<{stop}>",
                "X-Notice-Id": copy.notice_header,
                "X-Outbox-Message-Id": str(row.pk),
                "Message-ID": notice_message_id(
                    notice_id=notice.pk, created_at=notice.created_at, message_id=row.pk
                ),
                "Date": self._now(),
            },
        )

    def text(self, row: Outgoing) -> sms.Message:
        prompt = reply_prompt(handler=row.reply_handler, code=row.reply_code)
        body = sms_body(self.copy(self.notices[row.notice_id]).text, "", prompt)
        return sms.Message(body, recipients=[row.address], connection=self._sms)

    def send(self, row: Outgoing) -> None:
        """Hand one message over; raises when the provider did not accept it."""
        if row.channel == OutboxMessage.Channel.EMAIL:
            if self._mailer is None:
                self._mailer = mailers.default
                self._mailer.open()
            accepted = self._mailer.send_messages([self.email(row)])
        else:
            if self._sms is None:
                self._sms = sms.get_connection()
                self._sms.open()
            accepted = self._sms.send_messages([self.text(row)])
        if accepted != 1:
            raise RuntimeError(f"The {row.channel} backend accepted nothing.")

    def close(self) -> None:
        for connection in (self._mailer, self._sms):
            if connection is not None:
                try:
                    connection.close()
                except Exception:
                    logger.exception("Closing a delivery connection failed")
