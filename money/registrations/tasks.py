"""The periodic job of registrations (scheduled by `money.registrations.beat`): it only
calls the services, which are idempotent (conditional updates under the sign-up's lock)."""

from celery import shared_task

from money.registrations.lapses import unpaid_lapse
from money.registrations.offers import offers_expire, waitlists_move_on


@shared_task
def registrations_move_on() -> dict[str, int]:
    """Pass on offers not answered in time; lapse places not paid by their deadline; offer
    places that are free (added since) to those waiting."""
    return {
        "offers_passed_on": offers_expire(),
        "places_lapsed": unpaid_lapse(),
        "places_offered": waitlists_move_on(),
    }
