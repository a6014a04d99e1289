"""Pay at the door: staff take the money (cash or other) and mark it paid at once.

A double tap sends the form's token twice: it is stored as the payment's `provider_ref`
("door:<token>"), whose unique constraint lets one payment in; the second finds it. The
registration's row is locked while what is due is read, so two different forms can't both
pay the last of it without the second being asked.
"""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from money.access import ONLY_STAFF, can_manage_sign_up
from money.amounts import cents_text
from money.models import Payment, Registration
from money.models.payments import NOTE_MAX
from money.payments.selectors import due_cents
from money.payments.services.recording import payment_paid_record

DOOR_METHODS = (Payment.Method.CASH, Payment.Method.OTHER)
TOKEN_MAX = 64


@dataclass(frozen=True)
class DoorPayment:
    payment: Payment
    created: bool  # False: the same form was sent again, and this is the first one


def _check(method: str, amount_cents: int, note: str, token: str) -> None:
    errors = {}
    if method not in DOOR_METHODS:
        errors["method"] = "Choose cash or other."
    if amount_cents <= 0:
        errors["amount"] = "The amount must be more than nothing."
    if len(note) > NOTE_MAX:
        errors["note"] = f"Keep the note to {NOTE_MAX} characters."
    if not token or len(token) > TOKEN_MAX or not token.replace("-", "").replace("_", "").isalnum():
        errors["token"] = "This form is out of date; open the page again."
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def payment_mark_paid(
    *,
    registration: Registration,
    by: Any,
    method: str,
    amount_cents: int,
    note: str = "",
    token: str,
    more_than_due: bool = False,
) -> DoorPayment:
    """Record money taken at the door: PAID now, on the ledger, the player's receipt sent.

    More than what is still due (or anything when nothing is) is refused unless the staff
    member says so (`more_than_due`): a typo is likelier than a tip."""
    if not can_manage_sign_up(by, registration.sign_up):
        raise PermissionDenied(ONLY_STAFF)
    note = note.strip()
    _check(method, amount_cents, note, token)
    ref = f"door:{token}"
    locked = Registration.objects.select_for_update().get(pk=registration.pk)
    existing = Payment.objects.filter(provider_ref=ref).first()
    if existing is not None:
        return DoorPayment(existing, created=False)
    if locked.state not in Registration.LIVE:
        raise ValidationError("This registration is no longer live; nothing can be paid on it.")
    due = due_cents(locked)
    if amount_cents > due and not more_than_due:
        currency = locked.sign_up.currency
        raise ValidationError(
            {
                "amount": f"That is more than the {cents_text(due, currency)} still due; "
                "tick “More than due” to record it anyway."
            }
        )
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                registration=locked,
                amount_cents=amount_cents,
                currency=locked.sign_up.currency,
                method=method,
                state=Payment.State.PAID,
                provider_ref=ref,
                recorded_by=by,
                note=note,
            )
    except IntegrityError:  # the same form, at the same moment
        return DoorPayment(Payment.objects.get(provider_ref=ref), created=False)
    payment_paid_record(payment=payment, by=by)
    return DoorPayment(payment, created=True)
