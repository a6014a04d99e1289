"""Whether a team may play tonight: the one check scorecards and fixtures ask."""

from league.models import RosterEntry, Team

MIN_PLAYERS = 2


def team_play_problems(team: Team) -> list[str]:
    """Reasons, in a captain's words, why `team` can't play now; empty when it can."""
    problems: list[str] = []
    if team.status != Team.Status.ACTIVE:
        problems.append(f"{team.name} is {team.get_status_display().lower()} and can't play.")
    players = RosterEntry.objects.filter(team=team).exclude(role=RosterEntry.Role.SUB).count()
    if players < MIN_PLAYERS:
        problems.append(f"{team.name} needs {MIN_PLAYERS} players on its roster to play.")
    return problems
