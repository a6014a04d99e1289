"""Demo league data: a season with its teams and schedule, weeks of league nights, and the
demo captain's scorecards in every state."""

from league.demo import scorecards
from league.demo.nights import load_nights
from league.demo.seasons import load_season


def load() -> list[str]:
    season, lines = load_season()
    return [*lines, *load_nights(season), *scorecards.load()]
