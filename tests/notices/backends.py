"""Mail and SMS backends that fail on purpose, for the retry tests."""

from smtplib import SMTPException

import sms
from django.core.mail.backends.locmem import EmailBackend as LocmemEmailBackend
from sms.backends.base import BaseSmsBackend
from sms.backends.locmem import SmsBackend as LocmemSmsBackend


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
