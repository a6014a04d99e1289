"""The demo's calendar, worked out from the day `load_demo` runs (pure: no database).

Tonight is week 9 of a 12-week season whose league night is today's weekday: weeks 1-8 are
behind us, weeks 10-12 ahead, with a holiday blackout pushing the last two back a week and
a makeup night after them. The Thursday season finished its five weeks a month ago and
its playoffs start tonight.
"""

import datetime
from dataclasses import dataclass

WEEK = datetime.timedelta(weeks=1)
WEEKS = 12
TONIGHT_WEEK = 9
THURSDAY = 3
THURSDAY_WEEKS = 5

# A season is named for the quarter its first night falls in.
TERMS = ((3, "Winter"), (6, "Spring"), (9, "Summer"), (12, "Fall"))


def term_name(day: datetime.date) -> str:
    """'Fall 2026' for a day in October, November or December 2026."""
    term = next(name for last_month, name in TERMS if day.month <= last_month)
    return f"{term} {day.year}"


@dataclass(frozen=True)
class DemoDates:
    today: datetime.date

    @property
    def first_night(self) -> datetime.date:
        return self.today - (TONIGHT_WEEK - 1) * WEEK

    @property
    def played_weeks(self) -> range:
        """Weeks already played in full (written in bulk)."""
        return range(1, TONIGHT_WEEK)

    @property
    def published_weeks(self) -> tuple[int, int]:
        """The last two played weeks have published standings."""
        return (TONIGHT_WEEK - 2, TONIGHT_WEEK - 1)

    @property
    def blackout(self) -> datetime.date:
        """Week 11's night is a holiday: weeks 11 and 12 move back a week."""
        return self.first_night + 10 * WEEK

    @property
    def last_night(self) -> datetime.date:
        return self.first_night + WEEKS * WEEK

    @property
    def makeup(self) -> datetime.date:
        """A night kept free for postponed fixtures, the week after the last one."""
        return self.last_night + WEEK

    @property
    def season_name(self) -> str:
        return term_name(self.first_night)

    @property
    def thursday_name(self) -> str:
        return f"Thursday {self.season_name}"

    @property
    def thursday_start(self) -> datetime.date:
        """The Thursday season's first night: its five weeks ended three to four weeks ago."""
        start = self.today - 7 * WEEK
        return start - datetime.timedelta(days=(start.weekday() - THURSDAY) % 7)

    @property
    def playoff_dates(self) -> list[datetime.date]:
        """Round 1 tonight, the semifinals in three days, the final in a week."""
        return [self.today + datetime.timedelta(days=n) for n in (0, 3, 7)]
