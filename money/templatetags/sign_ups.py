"""The season's and the event's pages ask here whether registration is open:
`{% load sign_ups %}{% sign_up_notice season %}` (or an event) shows "Registration is open —
sign up" with the places left or the waitlist, linked to the registration page, and nothing
when the sign-up is closed or there is none. One query."""

from typing import Any

from django import template
from django.urls import reverse

from money.models import SignUp
from money.setup import selectors

register = template.Library()


def register_url(sign_up: SignUp) -> str:
    """The registration page's address."""
    return reverse("money:register", args=[sign_up.pk])


@register.inclusion_tag("money/setup/_sign_up_notice.html")
def sign_up_notice(target: Any) -> dict:
    sign_up = selectors.sign_up_of(target) if target is not None else None
    if sign_up is None or not selectors.is_open(sign_up):
        return {"sign_up": None}
    return {
        "sign_up": sign_up,
        "places": selectors.places_of(sign_up),
        "url": register_url(sign_up),
    }


@register.filter
def fee_per(sign_up: SignUp) -> str:
    """ "per team", "per pair" or "per player": what one fee is paid for."""
    if sign_up.fee_per == SignUp.FeePer.PLAYER:
        return "per player"
    return "per pair" if sign_up.unit == SignUp.Unit.PAIR else "per team"
