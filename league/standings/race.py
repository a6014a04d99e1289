"""The race in each skill level: who has clinched, who is out, from the fixtures left.

`season_race` reads the season once (games won from the same records as the standings,
the regular fixtures still to play) and runs the pure `algorithms.clinch.clinch_status`
per race. `race_refresh` keeps each team's `RaceState` and tells the captains of a team
whose state changed, once.

The rule: the order is by games won, ties
unbroken. What the race is for:
* the season keeps the top `playoff_teams_per_bracket` of each level: a playoff place
  (with combined playoffs, the top of the whole season: one race of every team);
* no limit (the CCA default, every eligible team makes the playoffs): first place in the
  level, which is what earns the top seed and the bye.
Removed and withdrawn teams are out of the race; the games they played stay in their
opponents' totals. A team the manager took out of the playoffs (a playoff review's
"exclude") is out of the race too, and marked eliminated: it can't take the place, and
its games against the others may go either way for them, as a removed team's.
A fixture still to play gives the games without a result (a postponed
one counts: it is still to be played); makeups that don't count in the standings, byes
and cancelled fixtures give nothing. A fixture against a team of another level may go
either way for the level's team.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q

from algorithms.clinch import ALIVE, CLINCHED, ELIMINATED, clinch_status
from algorithms.standings import GameRecord
from league.nights.models import PlayoffReview
from league.seasons.models import Fixture, Season, Team
from league.standings.models import RaceState
from league.standings.selectors import DONE, NO_LEVEL, season_game_records
from wording.words import plural

COMBINED = "all"
MARKS = {CLINCHED: "x", ELIMINATED: "e"}  # the table's mark beside the team's name
TITLES = {CLINCHED: "Clinched", ELIMINATED: "Eliminated"}


@dataclass(frozen=True)
class Race:
    """One race: the teams in it, what it is for and where each stands."""

    key: str  # the level's key, or COMBINED
    goal: str  # RaceState.Goal
    places: int
    games_left: int  # games still to play among the race's teams (and against outsiders)
    states: dict[int, str] = field(default_factory=dict)  # team id -> state

    @property
    def prize(self) -> str:
        if self.goal == RaceState.Goal.FIRST:
            return "first place"
        return "a playoff place" if self.places > 1 else "the playoff place"

    def lines(self) -> list[str]:
        """The explanation under the level's table (nothing while everyone is alive)."""
        shown = set(self.states.values())
        left = plural(self.games_left, "game")
        top = "" if self.goal == RaceState.Goal.FIRST else f" (the top {self.places})"
        out = []
        if CLINCHED in shown:
            catch = "catch them" if self.goal == RaceState.Goal.FIRST else "push them out"
            out.append(
                f"{MARKS[CLINCHED]} Clinched {self.prize}{top}: no other team can {catch} "
                f"with {left} left to play."
            )
        if ELIMINATED in shown:
            out.append(
                f"{MARKS[ELIMINATED]} Eliminated: can no longer finish in {self.prize}{top}, "
                f"however the {left} left are won."
            )
        if out:
            out.append("By games won; a tie is not broken, so a team level on games stays alive.")
        return out


def race_goal(season: Season) -> tuple[str, int]:
    """What the season's races are for and how many finish in."""
    if season.playoff_teams_per_bracket:
        return RaceState.Goal.PLAYOFF_PLACE, season.playoff_teams_per_bracket
    return RaceState.Goal.FIRST, 1


def season_race(
    season: Season,
    *,
    through_week: int | None = None,
    records: Sequence[GameRecord] | None = None,
) -> dict[str, Race]:
    """Each race of the season by key (a level's key, or COMBINED): three queries, or two
    with the season's `records` given. `through_week`: the race as it stood after that
    week (the results of weeks up to it, every game of the later weeks still to play)."""
    goal, places = race_goal(season)
    combined = bool(
        season.playoff_teams_per_bracket
        and season.playoff_grouping == Season.PlayoffGrouping.COMBINED
    )
    excluded = PlayoffReview.objects.filter(
        team_id=OuterRef("pk"), decision=PlayoffReview.Decision.EXCLUDE
    )
    teams = Team.objects.filter(season=season, status=Team.Status.ACTIVE).values_list(
        "pk", "skill_level_id", Exists(excluded)
    )
    race_of, out_of_playoffs = {}, {}
    for team, level, is_excluded in teams:
        key = COMBINED if combined else (str(level) if level else NO_LEVEL)
        (out_of_playoffs if is_excluded else race_of)[team] = key
    won: dict[str, dict[int, int]] = defaultdict(dict)
    for key in out_of_playoffs.values():
        won.setdefault(key, {})  # a race even when every team in it is out of the playoffs
    for team, key in race_of.items():
        won[key][team] = 0
    if records is None:
        records = season_game_records(season)
    for game in records:
        winner = game.winner
        if (through_week is None or game.week <= through_week) and winner in race_of:
            won[race_of[winner]][winner] += 1
    remaining, outside, left = _remaining(season, race_of, through_week)
    races = {
        key: Race(
            key,
            goal,
            places,
            left[key],
            clinch_status(won[key], remaining[key], places, outside=outside[key]),
        )
        for key in won
    }
    for team, key in out_of_playoffs.items():
        races[key].states[team] = ELIMINATED
    return races


def _remaining(
    season: Season, race_of: dict[int, str], through_week: int | None
) -> tuple[dict[str, list], dict[str, dict[int, int]], dict[str, int]]:
    """The fixtures still to play per race, each team's games against other races' teams,
    and the games left per race (one query)."""
    decided = Count(
        "fixture_games",
        filter=Q(fixture_games__forfeited_by__isnull=False)
        | Q(fixture_games__no_result=True)
        | Q(fixture_games__game__scorecard__status__in=DONE),
    )
    statuses = [Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED]
    if through_week is not None:
        statuses.append(Fixture.Status.PLAYED)  # played since, but not yet then
    rows = (
        Fixture.objects.filter(
            season=season,
            stage=Fixture.Stage.REGULAR,
            status__in=statuses,
            away__isnull=False,
            counts_in_standings=True,
        )
        .order_by()
        .annotate(decided=decided)
        .values_list("home_id", "away_id", "week", "games", "decided")
    )
    remaining: dict[str, list] = defaultdict(list)
    outside: dict[str, dict[int, int]] = defaultdict(dict)
    left: dict[str, int] = defaultdict(int)
    for home, away, week, games, done in rows:
        later = through_week is not None and week > through_week
        games_left = games if later else max(games - done, 0)
        if not games_left or not (home in race_of or away in race_of):
            continue
        a, b = race_of.get(home), race_of.get(away)
        if a == b:
            remaining[a].append((home, away, games_left))
            left[a] += games_left
            continue
        for team, key in ((home, a), (away, b)):  # another race's (or a removed) team
            if key is not None:
                outside[key][team] = outside[key].get(team, 0) + games_left
                left[key] += games_left
    return remaining, outside, left


def race_marks(race: Race | None) -> dict[int, str]:
    """Team id -> the state to mark (clinched or eliminated; alive is left unmarked)."""
    if race is None:
        return {}
    return {team: state for team, state in race.states.items() if state != ALIVE}


def race_for_level(races: dict[str, Race], level_key: str) -> Race | None:
    return races.get(COMBINED) or races.get(level_key)


def race_states(season: Season) -> dict[int, RaceState]:
    """The stored states of the season's teams (one query)."""
    return {
        state.team_id: state
        for state in RaceState.objects.filter(team__season=season).select_related("team")
    }
