"""`{% payments_of registration as block %}`: what a registration's payments block shows
(its payments and refunds in two queries, what is kept and due), and a fresh token for
the "Mark paid" form, which makes a double tap record one payment. `payments_of_user`:
the account page's list of the person's own payments and refunds."""

import secrets
from typing import Any

from django import template

from accounts.permissions import player_id_for
from money.models import Payment, Registration
from money.payments.selectors import (
    RegistrationPayments,
    payments_of_player,
    registration_payments,
)

register = template.Library()


@register.simple_tag
def payments_of(registration: Registration) -> RegistrationPayments:
    block = registration_payments(registration)
    block.token = secrets.token_urlsafe(16)
    return block


@register.simple_tag
def payments_of_user(user: Any) -> list[Payment]:
    """`{% payments_of_user request.user as payments %}`: the person's own payments."""
    return payments_of_player(player_id_for(user))
