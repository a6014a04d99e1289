"""The sub finder's periodic job: close open requests whose fixture changed or started."""

from celery import shared_task

from league.subs.services import sub_requests_close_stale


@shared_task
def close_stale_sub_requests() -> int:
    """Idempotent: closes what is stale now, and nothing twice."""
    return sub_requests_close_stale()
