"""Sign-up and money: registrations, places and waitlists, fees, payments, refunds, ledgers."""

from money.models.ledger import Ledger, LedgerEntry, SidePot
from money.models.payments import Payment, ProviderEvent, Refund
from money.models.registrations import Registration
from money.models.signups import Member, Question, SignUp

__all__ = [
    "Ledger",
    "LedgerEntry",
    "Member",
    "Payment",
    "ProviderEvent",
    "Question",
    "Refund",
    "Registration",
    "SidePot",
    "SignUp",
]
