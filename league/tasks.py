"""Celery tasks of the league: each only calls a service and is safe to run twice."""

from celery import shared_task


@shared_task(acks_late=True, ignore_result=True)
def send_missing_card_notices() -> int:
    """Daily, after league nights: remind captains of fixtures still missing results."""
    from league.nights.services.result_notices import missing_cards_notify

    return len(missing_cards_notify())
