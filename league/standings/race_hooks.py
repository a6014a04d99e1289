"""What the race (clinch and elimination) registers at start-up: its signal receivers.

Every service that changes a season's results (a card confirmed, settled or corrected, a
forfeit booked or overturned, a fixture closed, moved or cancelled, a team removed) calls
`league.seasons.versions.season_changed(results=True)`, which sends `results_changed` once
the change has committed. The race is then recomputed for that one season by a worker;
when the broker can't take the job it runs here and now (a late page beats a state that
never moves), and publishing a week refreshes it too.

A league night confirms a card every second or so, and each recomputation of a 500-team
season takes a worker half a second with the season row locked. So a job carries the
results counter it was queued for (`SeasonVersion.results`): when the counter has moved on
since, a later job is queued for the newer results, and this one is skipped as long as the
race was computed within `FRESH_SECONDS` (kept in the cache; with the cache down every job
computes). The race is then at most that far behind during the peak, and exact after the
last card. The jobs also wait behind notices in the broker (config/celery.py's `BACKGROUND`).
"""

import logging
import time
from typing import Any

from celery import shared_task
from django.core.cache import cache

from league.seasons.versions import results_changed

logger = logging.getLogger(__name__)

FRESH_SECONDS = 20  # how far behind the race may fall while cards keep coming


def _computed_key(season_id: int) -> str:
    return f"race-computed-{season_id}"


def _results_count(season_id: int) -> int | None:
    from league.seasons.models import SeasonVersion

    return (
        SeasonVersion.objects.filter(season_id=season_id).values_list("results", flat=True).first()
    )


def race_skippable(season_id: int, queued_for: int | None) -> bool:
    """A later job will compute newer results, and the race is fresh enough meanwhile."""
    if queued_for is None:
        return False
    now_at = _results_count(season_id)
    if now_at is None or now_at <= queued_for:
        return False
    computed = cache.get(_computed_key(season_id))
    return computed is not None and time.time() - computed < FRESH_SECONDS


@shared_task(acks_late=True, ignore_result=True)
def race_refresh_task(season_id: int, queued_for: int | None = None) -> int:
    """Recompute one season's race; safe to run twice (the second changes nothing)."""
    from league.seasons.models import Season
    from league.standings.race_services import race_refresh

    if race_skippable(season_id, queued_for):
        return 0
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return 0
    began = time.time()
    changed = len(race_refresh(season=season))
    cache.set(_computed_key(season_id), began, FRESH_SECONDS * 3)
    return changed


def season_results_changed(sender: Any, season_id: int, **kwargs: Any) -> None:
    try:
        race_refresh_task.delay(season_id, _results_count(season_id))
    except Exception:
        logger.warning("Could not queue the race of season %s; computing it now", season_id)
        try:
            race_refresh_task(season_id)
        except Exception:
            logger.exception(
                "The race of season %s failed; the next change will redo it", season_id
            )


def register() -> None:
    """Called from LeagueConfig.ready()."""
    results_changed.connect(season_results_changed, dispatch_uid="league.standings.race")
