"""A season's standings and playoffs: the published weeks for everyone (the latest, or
`?week=`), the live standings for the league's staff only (signed in, or with a token),
each figure under its metric key as in the standings CSV (`algorithms.metrics.ROW`).

Built from the same selectors as the standings page, and kept per version like it: a
published week under its snapshot and the season's results version (the SOS dashes are
read from the games), the live standings under the results version and the day.
"""

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Query, Router
from ninja.errors import HttpError

from accounts import permissions
from algorithms import metrics
from algorithms.standings import MEASURED
from api.auth import session_or_token
from api.read import schemas as out
from api.read.http import READ_THROTTLE, answer
from api.read.leagues import LEAGUE, SEASON, reads
from league.playoffs.selectors import season_brackets
from league.seasons.versions import season_with_versions
from league.standings import selectors as standings
from league.standings.models import StandingsSnapshot, StandingsSnapshotRow

router = Router(tags=["standings"], throttle=READ_THROTTLE)

WEEK = Query(None, ge=1, le=999, description="A published week (the latest when left out).")
NONE_YET = "No standings have been published for this season yet."
STAFF_ONLY = (
    "Only the league's staff see the live standings; everyone may read the published "
    "weeks (…/standings)."
)
STAFF = {**reads(out.StandingsOut), 401: out.Problem, 403: out.Problem}


def _row(row: StandingsSnapshotRow) -> out.StandingRowOut:  # type: ignore[valid-type]
    figures = {}
    for metric in metrics.ROW:
        value = getattr(row, metric.key)
        if metric.key in MEASURED and not getattr(row, MEASURED[metric.key], True):
            value = None  # the page's dash: nothing to measure yet
        figures[metric.key] = value
    return out.StandingRowOut(
        position=row.position,
        rank=row.rank,
        team_id=row.team_id,
        team_name=row.team_name,
        **figures,
    )


def _level(level: standings.Level, rows: list) -> out.LevelStandingsOut:
    return out.LevelStandingsOut(
        key=level.key,
        name=level.name,
        position=level.position,
        rows=[_row(row) for row in rows],
    )


@router.get(
    "/{league}/seasons/{season}/standings",
    response=reads(out.StandingsOut),
    url_name="read_standings",
)
def read_standings(
    request: HttpRequest, league: str = LEAGUE, season: str = SEASON, week: int | None = WEEK
) -> HttpResponse:
    """A published week's standings, every level: the latest week, or the one asked."""
    found, weeks, versions = standings.standings_page_read(league, season)
    if not weeks:
        raise HttpError(404, NONE_YET)
    by_week = {snapshot.week: snapshot for snapshot in weeks}
    if week is not None and week not in by_week:
        published = ", ".join(str(w) for w in sorted(by_week))
        raise HttpError(404, f"Week {week} was not published (published: {published}).")
    snapshot = by_week[week] if week is not None else weeks[0]
    stamp = snapshot.published_at.timestamp()
    key = repr(("standings", snapshot.pk, stamp, versions.results.key, sorted(by_week)))

    def build() -> out.StandingsOut:
        rows = standings.snapshot_rows(snapshot)
        levels = []
        for level in standings.snapshot_levels(snapshot):
            mine = [
                r for r in rows if (r.level_position, r.level_name) == (level.position, level.name)
            ]
            levels.append(_level(level, mine))
        return _standings(found, snapshot, sorted(by_week), levels)

    return answer(request, build, key=key)


def _standings(
    season, snapshot: StandingsSnapshot | None, weeks: list[int], levels
) -> out.StandingsOut:  # type: ignore[no-untyped-def]
    return out.StandingsOut(
        season=season.slug,
        league=season.league.slug,
        live=snapshot is None,
        week=snapshot.week if snapshot else None,
        published_at=snapshot.published_at if snapshot else None,
        note=snapshot.note if snapshot else "",
        open_games=snapshot.open_games if snapshot else None,
        weeks_published=weeks,
        order=list(snapshot.standings_order if snapshot else season.standings_order),
        levels=levels,
    )


@router.get(
    "/{league}/seasons/{season}/standings/live",
    response=STAFF,
    auth=session_or_token(),
    url_name="read_standings_live",
)
def read_standings_live(
    request: HttpRequest, league: str = LEAGUE, season: str = SEASON
) -> HttpResponse:
    """The standings as of now, every level: for the league's staff (signed in, or with a
    token of theirs)."""
    found, versions = season_with_versions(league, season)
    if not permissions.can_manage_season(request.user, found):
        raise HttpError(403, STAFF_ONLY)
    settings = (
        found.standings_order,
        found.forfeit_winner_score,
        found.forfeit_loser_score,
    )
    today = timezone.localdate()
    key = repr(("standings-live", found.pk, versions.results.key, settings, today))

    def build() -> out.StandingsOut:
        weeks = sorted(found.snapshots.values_list("week", flat=True))
        live = standings.live_standings(found)
        return _standings(found, None, weeks, [_level(e.level, e.rows) for e in live])

    return answer(request, build, key=key, private=True)


@router.get(
    "/{league}/seasons/{season}/playoffs", response=reads(out.PlayoffsOut), url_name="read_playoffs"
)
def read_playoffs(request: HttpRequest, league: str = LEAGUE, season: str = SEASON) -> HttpResponse:
    """Each playoff bracket with its rounds and series, as the playoffs page shows them."""
    found, _ = season_with_versions(league, season)

    def build() -> out.PlayoffsOut:
        brackets = []
        for view in season_brackets(found):
            bracket = view.bracket
            rounds = [
                out.PlayoffRoundOut(
                    number=r.number,
                    name=r.name,
                    date=r.date,
                    series=[
                        out.SeriesOut(
                            position=m.position,
                            top=m.top.name if m.top else None,
                            top_seed=m.top_seed,
                            bottom=m.bottom.name if m.bottom else None,
                            bottom_seed=m.bottom_seed,
                            is_bye=m.is_bye,
                            top_wins=m.top_wins,
                            bottom_wins=m.bottom_wins,
                            winner=m.winner.name if m.winner else None,
                            fixture_id=m.fixture_id,
                        )
                        for m in r.matches
                    ],
                )
                for r in view.rounds
            ]
            brackets.append(
                out.BracketOut(
                    level=bracket.skill_level.name if bracket.skill_level else None,
                    champion=bracket.champion.name if bracket.champion else None,
                    rounds=rounds,
                )
            )
        return out.PlayoffsOut(season=found.slug, brackets=brackets)

    return answer(request, build)
