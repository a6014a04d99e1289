"""Celery tasks of the league: each only calls a service and is safe to run twice."""

from celery import shared_task

from league.announcements.services import waiver_reminders_send


@shared_task(acks_late=True, ignore_result=True)
def send_missing_card_notices() -> int:
    """Daily, after league nights: remind captains of fixtures still missing results."""
    from league.nights.services.result_notices import missing_cards_notify

    return len(missing_cards_notify())


# Named as it was when notices owned it: django-celery-beat rows call it by this name.
@shared_task(name="notices.tasks.send_waiver_reminders", ignore_result=True)
def send_waiver_reminders() -> int:
    """Daily: remind players without a signed waiver before their season's first night."""
    return len(waiver_reminders_send())


@shared_task(acks_late=True, ignore_result=True)
def send_availability_asks() -> int:
    """Daily: ask the players of the next nights' fixtures whether they are coming."""
    from league.availability.reminders import availability_asks_send

    return len(availability_asks_send())


@shared_task(ignore_result=True)
def close_stale_sub_requests() -> int:
    """Hourly: close open sub requests whose fixture started, moved off or was decided."""
    from league.subs.services import sub_requests_close_stale

    return sub_requests_close_stale()
