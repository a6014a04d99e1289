"""Demo league data, dated from the day it is loaded: a season in its ninth week with
tonight's cards to enter, confirm and settle, nights ahead, and a second season's playoffs;
the demo captain's scorecards in every state.

Run again the same day it tops up what is missing and keeps what the demo's users did.
Should that fail (someone changed the demo in a way the loader can't follow), the demo
league is rebuilt, and the output says why; a fresh build that fails raises as usual.
"""

from django.db import transaction

from league.demo import scorecards
from league.demo.night_help import load_night_help
from league.demo.nights import load_nights
from league.demo.reset import league_is_current, league_wipe
from league.demo.seasons import LEAGUE_SLUG, demo_dates, load_season
from league.seasons.models import League


def _load() -> list[str]:
    season, lines = load_season()
    return [*lines, *load_nights(season), *load_night_help(season), *scorecards.load()]


def load() -> list[str]:
    league = League.objects.filter(slug=LEAGUE_SLUG).first()
    if league is None or not league_is_current(league, demo_dates()):
        return _load()
    try:
        with transaction.atomic():
            return _load()
    except Exception as exc:  # noqa: BLE001 - any failure: start today's demo afresh
        league_wipe(league)
        reason = f"{type(exc).__name__}: {exc}"[:200]
        return [f"  (today's demo league could not be topped up ({reason}): rebuilt)", *_load()]
