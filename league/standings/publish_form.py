"""What the managers' "Publish a week" form under the standings shows, built in Python.

The template's loop over the weeks (a season's worth of options) and its two address
lookups cost a fifth of a manager's live standings page, more than its data; joined here
and reversed once per process and season (the options once per list of weeks), they cost
a few microseconds.
"""

import functools
from typing import Any

from django.urls import reverse
from django.utils.html import format_html_join

from league.seasons.models import Season
from league.standings import selectors as selectors_standings
from league.standings.models import StandingsSnapshot


def unpublished_weeks(
    season: Season, weeks: list[StandingsSnapshot], played: list[int] | None = None
) -> list[str]:
    """Weeks a manager may publish now: played (first night passed), not yet published;
    as text, which the form's options show without localizing a number each."""
    published = {s.week for s in weeks}
    if played is None:
        played = selectors_standings.played_weeks(season)
    return [str(week) for week in reversed(played) if week not in published]


@functools.lru_cache(maxsize=512)
def _addresses(league: str, season: str) -> tuple[str, str]:
    """The form's and the open results' addresses: they don't change while a process runs."""
    return (
        reverse("league:standings_publish", args=[league, season]),
        reverse("league:results_queue", args=[league, season]),
    )


@functools.lru_cache(maxsize=512)
def _options(weeks: tuple[str, ...]) -> str:
    """The weeks' <option>s: the same few lists, asked for on every visit."""
    return format_html_join("", '<option value="{}">Week {}</option>', ((w, w) for w in weeks))


def publish_form(season: Season, weeks: list[str]) -> dict[str, Any]:
    """The template's context for the form: `weeks` as text, newest first."""
    publish_url, queue_url = _addresses(season.league.slug, season.slug)
    return {
        "publishable": weeks,
        "publish_options": _options(tuple(weeks)),
        "publish_url": publish_url,
        "queue_url": queue_url,
    }
