"""Whether a team or player may play: the one check scorecards and fixtures ask.

The season's policy is the source of truth: `min_roster` players with signed
waivers on the roster, every sub signed before playing, and subs only as the
season allows (regular season / playoff substitute policy).
"""

import datetime

from django.db.models import Q
from django.utils import timezone

from league.seasons.models import Fixture, Player, RosterEntry, Season, Team, Waiver


def signed_player_ids(season: Season) -> set[int]:
    return set(Waiver.objects.filter(season=season).values_list("player_id", flat=True))


def player_may_play(player: Player, season: Season) -> list[str]:
    """Reasons `player` can't play in `season` yet; empty when they may."""
    if Waiver.objects.filter(player=player, season=season).exists():
        return []
    return [f"{player.name} must sign the {season.name} waiver before playing."]


def subs_for(team: Team, on: datetime.date, fixture: Fixture | None = None) -> list[RosterEntry]:
    """The team's subs for a night: for that fixture, or whose from/to covers the date."""
    covers = (Q(starts_on__isnull=True) | Q(starts_on__lte=on)) & (
        Q(ends_on__isnull=True) | Q(ends_on__gte=on)
    )
    entries = RosterEntry.objects.filter(team=team, role=RosterEntry.Role.SUB).select_related(
        "player"
    )
    if fixture is not None:
        return list(entries.filter(Q(fixture=fixture) | (Q(fixture__isnull=True) & covers)))
    return list(entries.filter(covers))


def team_play_problems(team: Team, *, fixture: Fixture | None = None) -> list[str]:
    """Reasons, in a captain's words, why `team` can't play now; empty when it can.

    Without a fixture the check is for tonight (subs whose dates cover today).
    """
    season = team.season
    problems: list[str] = []
    if team.status != Team.Status.ACTIVE:
        problems.append(f"{team.name} is {team.get_status_display().lower()} and can't play.")
    signed = signed_player_ids(season)
    regulars = RosterEntry.objects.filter(team=team, fixture__isnull=True).exclude(
        role=RosterEntry.Role.SUB
    )
    ready = sum(
        1 for player_id in regulars.values_list("player_id", flat=True) if player_id in signed
    )
    if ready < season.min_roster:
        problems.append(
            f"{team.name} needs {season.min_roster} players with signed waivers on its roster "
            f"to play (it has {ready})."
        )
    night = fixture.date if fixture is not None else timezone.localdate()
    subs = subs_for(team, night, fixture)
    playoff = fixture is not None and fixture.stage == Fixture.Stage.PLAYOFF
    for entry in subs:
        if entry.player_id not in signed:
            problems.append(f"Sub {entry.player.name} must sign the waiver before playing.")
        if playoff and season.playoff_subs == Season.PlayoffSubs.NOT_ALLOWED:
            problems.append(f"Subs aren't allowed in the playoffs ({entry.player.name}).")
        elif playoff and not entry.approved:
            problems.append(f"Sub {entry.player.name} is waiting for the manager's approval.")
        elif not playoff and not season.subs_in_regular_season:
            problems.append(f"Subs aren't allowed this season ({entry.player.name}).")
    return problems
