"""Celery tasks of people: they only call services, and running one twice changes nothing."""

from celery import shared_task

from people.services import ratings


# Ratings can wait: behind notices in the broker (config/celery.py's BACKGROUND).
@shared_task(name="people.tasks.games_rerate")
def games_rerate(game_ids: list[int]) -> int:
    """A card of these games was confirmed, settled or corrected."""
    return ratings.games_rerate(game_ids=game_ids)


@shared_task(name="people.tasks.ratings_rebuild")
def ratings_rebuild() -> int:
    """The nightly rebuild from scratch: it also catches a task a broker outage lost."""
    return ratings.ratings_rebuild()
