"""`{% payments_of registration as block %}`: what a registration's payments block shows
(its payments and refunds in two queries, what is kept and due), and a fresh token for
the "Mark paid" form, which makes a double tap record one payment."""

import secrets

from django import template

from money.models import Registration
from money.payments.selectors import RegistrationPayments, registration_payments

register = template.Library()


@register.simple_tag
def payments_of(registration: Registration) -> RegistrationPayments:
    block = registration_payments(registration)
    block.token = secrets.token_urlsafe(16)
    return block
