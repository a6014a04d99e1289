"""What the race (clinch and elimination) registers at start-up: its signal receivers.

Every service that changes a season's results (a card confirmed, settled or corrected, a
forfeit booked or overturned, a fixture closed, moved or cancelled, a team removed) calls
`league.seasons.versions.season_changed(results=True)`, which sends `results_changed` once
the change has committed. The race is then recomputed for that one season by a worker;
when the broker can't take the job it runs here and now (a late page beats a state that
never moves), and publishing a week refreshes it too.
"""

import logging
from typing import Any

from celery import shared_task

from league.seasons.versions import results_changed

logger = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True)
def race_refresh_task(season_id: int) -> int:
    """Recompute one season's race; safe to run twice (the second changes nothing)."""
    from league.seasons.models import Season
    from league.standings.race_services import race_refresh

    season = Season.objects.filter(pk=season_id).first()
    return len(race_refresh(season=season)) if season else 0


def season_results_changed(sender: Any, season_id: int, **kwargs: Any) -> None:
    try:
        race_refresh_task.delay(season_id)
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
