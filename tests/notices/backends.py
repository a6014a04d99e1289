"""Mail and SMS backends that fail, watch or die on purpose, for the delivery tests."""

import time
from smtplib import SMTPException

import sms
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend as LocmemEmailBackend
from sms.backends.base import BaseSmsBackend
from sms.backends.locmem import SmsBackend as LocmemSmsBackend

from notices.models import OutboxMessage


class FailingEmailBackend(LocmemEmailBackend):
    def send_messages(self, messages):
        raise SMTPException("451 mailbox unavailable")


class FlakyEmailBackend(LocmemEmailBackend):
    """Fails the first `failures` messages across all instances, then delivers."""

    failures = 1

    def send_messages(self, messages):
        if FlakyEmailBackend.failures > 0:
            FlakyEmailBackend.failures -= 1
            raise SMTPException("421 try again later")
        return super().send_messages(messages)


class FailingSmsBackend(BaseSmsBackend):
    def send_messages(self, messages):
        raise ConnectionError("provider unreachable")


class SilentSmsBackend(BaseSmsBackend):
    """Like Twilio's backend without a client: accepts nothing and says so."""

    def send_messages(self, messages):
        return 0


class StealingSmsBackend(LocmemSmsBackend):
    """Delivers, and meanwhile `steal` runs once (another worker taking over a claim),
    after `after` texts were delivered."""

    steal = None
    after = 0

    def send_messages(self, messages):
        if StealingSmsBackend.steal is not None and len(sms.outbox) >= StealingSmsBackend.after:
            steal, StealingSmsBackend.steal = StealingSmsBackend.steal, None
            StealingSmsBackend.after = 0
            steal()
        return super().send_messages(messages)


class WatchingEmailBackend(LocmemEmailBackend):
    """Delivers, and before each message notes (accepted so far, marked sent so far): what a
    worker killed at that moment would leave accepted by the provider but not marked."""

    seen: list[tuple[int, int]] = []
    seconds = 0.0  # how long each message takes to hand over

    def send_messages(self, messages):
        time.sleep(WatchingEmailBackend.seconds)
        marked = OutboxMessage.objects.filter(status=OutboxMessage.Status.SENT).count()
        WatchingEmailBackend.seen.append((len(mail.outbox), marked))
        return super().send_messages(messages)


class Killed(BaseException):
    """The worker's process is gone (SIGKILL): nothing after it runs."""


class KillingEmailBackend(LocmemEmailBackend):
    """Accepts `after` messages, then the process is killed: the sent marks the database
    holds at that moment are kept in `marked` (the batch's own `finally` must not count)."""

    after = 0
    marked: set[int] = set()

    def send_messages(self, messages):
        if len(mail.outbox) >= KillingEmailBackend.after:
            sent = OutboxMessage.objects.filter(status=OutboxMessage.Status.SENT)
            KillingEmailBackend.marked = set(sent.values_list("pk", flat=True))
            raise Killed
        return super().send_messages(messages)
