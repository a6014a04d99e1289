"""Demo league data, dated from the day it is loaded: a season in its ninth week with
tonight's cards to enter, confirm and settle, nights ahead, and a second season's playoffs;
the demo captain's scorecards in every state."""

from league.demo import scorecards
from league.demo.nights import load_nights
from league.demo.seasons import load_season


def load() -> list[str]:
    season, lines = load_season()
    return [*lines, *load_nights(season), *scorecards.load()]
