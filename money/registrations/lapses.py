"""Pay-to-hold: a place not paid by its deadline lapses and goes to the next in line.

Paid means the PAID payments less the DONE refunds reach the fee due. The check and the
change happen under the sign-up's lock, with a conditional UPDATE (still holding, still
past its deadline), so two workers never both lapse one place and a payment recorded a
moment before is seen.
"""

from django.db import transaction

from activity.models import Verb
from money.models import Registration
from money.registrations.common import (
    lock_registration,
    lock_sign_up,
    money_text,
    now,
    paid_cents,
    tell,
    what,
)
from money.registrations.places import leave

State = Registration.State
HOLDS = [State.WAITING_PARTNER, State.HOLDING]


def _lapse_one(registration_id: int) -> bool:
    with transaction.atomic():
        registration = Registration.objects.select_related("sign_up").get(pk=registration_id)
        lock_sign_up(registration.sign_up)
        registration = lock_registration(registration)
        at = now()
        if registration.state not in HOLDS or registration.pay_by is None:
            return False
        if registration.pay_by > at:
            return False
        paid = paid_cents(registration)
        if paid >= registration.fee_due_cents:
            return False
        done = Registration.objects.filter(
            pk=registration_id, state=registration.state, pay_by__lte=at
        ).update(updated_at=at)
        if not done:
            return False
        owed = money_text(registration, registration.fee_due_cents - paid)
        leave(
            registration,
            state=State.LAPSED,
            by=None,
            verb=Verb.REGISTRATION_LAPSED,
            detail=f"not paid in time ({owed} owed)",
        )
        name = what(registration.sign_up)
        tell(
            registration,
            subject=f"Your place in {name} lapsed",
            body=f"Your place in {name} wasn't paid by its deadline ({owed} owed), so it went "
            "to the next person on the waitlist. Register again to join the waitlist.",
            sms_text=f"Your place in {name} lapsed: it wasn't paid in time.",
        )
        return True


def unpaid_lapse() -> int:
    """Lapse every held place whose pay-by deadline passed unpaid; returns how many."""
    due = list(
        Registration.objects.filter(state__in=HOLDS, pay_by__lte=now()).values_list("pk", flat=True)
    )
    return sum(_lapse_one(pk) for pk in due)
