"""Keeping each team's race state and telling its captains when it changes, once."""

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from algorithms.clinch import ALIVE, CLINCHED, ELIMINATED
from league.announcements.selectors import captains_of_teams
from league.seasons.models import Season, Team
from league.standings.models import RaceState
from league.standings.race import COMBINED, Race, season_race
from notices.models import Notice
from notices.services import notice_send
from wording.words import plural


@transaction.atomic
def race_refresh(*, season: Season) -> list[RaceState]:
    """Recompute the season's races, store each team's state (one row a team) and tell the
    captains of each team whose state changed. Returns the rows that changed.

    Idempotent: a second run finds nothing changed and sends nothing. The season row is
    locked so two refreshes at once (two cards confirmed together) run one after the other,
    and the second sees the first's states.
    """
    season = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)
    )
    races = season_race(season)
    stored = {row.team_id: row for row in RaceState.objects.filter(team__season=season)}
    now = timezone.now()
    new, changed, told = [], [], []
    for race in races.values():
        for team_id, state in race.states.items():
            row = stored.get(team_id)
            if row is None:
                row = RaceState(team_id=team_id, state=state, goal=race.goal, changed_at=now)
                new.append(row)
                if state != ALIVE:
                    told.append((row, race, ALIVE))
                continue
            if (row.state, row.goal) == (state, race.goal):
                continue
            before = row.state if row.goal == race.goal else ALIVE  # a new goal starts afresh
            row.state, row.goal, row.changed_at = state, race.goal, now
            changed.append(row)
            if state != before:
                told.append((row, race, before))
    RaceState.objects.bulk_create(new, batch_size=500)
    RaceState.objects.bulk_update(changed, ["state", "goal", "changed_at"], batch_size=500)
    if told:
        teams = Team.objects.select_related("skill_level").in_bulk([r.team_id for r, _, _ in told])
        for row, race, before in told:
            _tell(season, teams[row.team_id], row, race, before)
    return [*new, *changed]


def _tell(season: Season, team: Team, row: RaceState, race: Race, before: str) -> None:
    where = _where(team, race)
    left = plural(race.games_left, "game")
    if row.state == CLINCHED:
        subject = f"{team.name} clinched {race.prize} {where}"
        body = (
            f"With {left} left to play {where}, no other team can catch {team.name} for "
            f"{race.prize}: whatever the results, it finishes there (ties count as not caught)."
        )
    elif row.state == ELIMINATED:
        subject = f"{team.name} can no longer finish in {race.prize} {where}"
        body = (
            f"With {left} left to play {where}, enough teams are out of reach that "
            f"{team.name} cannot finish in {race.prize}, however the games left are won."
        )
    else:  # a result corrected or a fixture added: back in the race
        was = "clinched" if before == CLINCHED else "out of the race"
        subject = f"{team.name} is in the race again {where}"
        body = (
            f"A change to the results or the fixtures means {team.name} is no longer {was}: "
            f"{race.prize} is still open, with {left} left to play."
        )
    league = season.league
    notice_send(
        kind=Notice.Kind.RACE_CHANGED,
        subject=f"{league.name}: {subject}",
        body=body + "\n\nThe standings show every team's place in the race.",
        sms_text=f"{league.name}: {subject}.",
        recipients=captains_of_teams([team.pk]),
        link=reverse("league:season_standings", args=[league.slug, season.slug]) + "#race",
        season=season,
        source={"team": team.pk, "state": row.state, "goal": row.goal},
        key=f"race_changed:team:{team.pk}:{row.goal}:{row.state}:{row.changed_at.isoformat()}",
    )


def _where(team: Team, race: Race) -> str:
    if race.key == COMBINED:
        return "in the season"
    return (
        f"in Level {team.skill_level.name}"
        if team.skill_level
        else "among the teams without a level"
    )
