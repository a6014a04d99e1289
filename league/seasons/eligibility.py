"""Whether a team or player may play: the one check scorecards and fixtures ask.

The season's policy is the source of truth: `min_roster` players with signed
waivers on the roster, every sub signed before playing, and subs only as the
season allows (regular season / playoff substitute policy).

Each reason is a `PlayProblem` (what kind, whose team, which player) so pages can point
to the fix; `team_play_problems` gives the reasons as a captain reads them. Pages listing
many fixtures ask `fixtures_play_problems`, the same rules in three queries.

A fixture's card asks the same question for each of its games; inside `answers_kept()` (a
fixture's submission, its fixture row locked) each team's answer is worked out once.
"""

import contextvars
import datetime
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

from league.seasons.models import Fixture, Player, RosterEntry, Season, Team, Waiver
from wording.words import plural

INACTIVE = "inactive"  # withdrawn or removed
SHORT = "short"  # fewer signed regulars than the season's minimum
SUB_UNSIGNED = "sub_unsigned"
SUBS_NOT_ALLOWED = "subs_not_allowed"  # this season, or in its playoffs
SUB_UNAPPROVED = "sub_unapproved"  # a playoff sub waiting for a manager


@dataclass(frozen=True)
class PlayProblem:
    """One reason a team can't play. `players`: the unsigned regulars of a short team, or
    the sub concerned (id, name)."""

    kind: str
    team: Team
    message: str
    players: tuple[tuple[int, str], ...] = ()


def signed_player_ids(season: Season) -> set[int]:
    return set(Waiver.objects.filter(season=season).values_list("player_id", flat=True))


def player_may_play(player: Player, season: Season) -> list[str]:
    """Reasons `player` can't play in `season` yet; empty when they may."""
    if Waiver.objects.filter(player=player, season=season).exists():
        return []
    return [f"{player.name} must sign the {season.name} waiver before playing."]


def _covers(entry: RosterEntry, on: datetime.date) -> bool:
    return (entry.starts_on is None or entry.starts_on <= on) and (
        entry.ends_on is None or entry.ends_on >= on
    )


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


def _problems(
    team: Team,
    *,
    season: Season,
    signed: set[int],
    regulars: list[RosterEntry],
    subs: list[RosterEntry],
    playoff: bool,
) -> list[PlayProblem]:
    """The rules themselves, over what the callers loaded."""
    problems: list[PlayProblem] = []
    if team.status != Team.Status.ACTIVE:
        status = team.get_status_display().lower()
        problems.append(PlayProblem(INACTIVE, team, f"{team.name} is {status} and can't play."))
    ready = sum(1 for entry in regulars if entry.player_id in signed)
    if ready < season.min_roster:
        unsigned = tuple(
            (e.player_id, e.player.name) for e in regulars if e.player_id not in signed
        )
        waivers = "a signed waiver" if season.min_roster == 1 else "signed waivers"
        message = (
            f"{team.name} needs {plural(season.min_roster, 'player')} with {waivers} on its "
            f"roster to play (it has {ready})."
        )
        problems.append(PlayProblem(SHORT, team, message, unsigned))
    for entry in subs:
        who = ((entry.player_id, entry.player.name),)
        name = entry.player.name
        if entry.player_id not in signed:
            message = f"Sub {name} must sign the waiver before playing."
            problems.append(PlayProblem(SUB_UNSIGNED, team, message, who))
        if playoff and season.playoff_subs == Season.PlayoffSubs.NOT_ALLOWED:
            message = f"Subs aren't allowed in the playoffs ({name})."
            problems.append(PlayProblem(SUBS_NOT_ALLOWED, team, message, who))
        elif playoff and not entry.approved:
            message = f"Sub {name} is waiting for the manager's approval."
            problems.append(PlayProblem(SUB_UNAPPROVED, team, message, who))
        elif not playoff and not season.subs_in_regular_season:
            message = f"Subs aren't allowed this season ({name})."
            problems.append(PlayProblem(SUBS_NOT_ALLOWED, team, message, who))
    return problems


_kept: contextvars.ContextVar[dict | None] = contextvars.ContextVar("eligibility", default=None)


@contextmanager
def answers_kept() -> Iterator[None]:
    """Within this block each team's answer for a fixture is computed once."""
    token = _kept.set({})
    try:
        yield
    finally:
        _kept.reset(token)


def team_play_issues(team: Team, *, fixture: Fixture | None = None) -> list[PlayProblem]:
    """Why `team` can't play now, each with what it is about; empty when it can.

    Without a fixture the check is for tonight (subs whose dates cover today).
    """
    kept = _kept.get()
    if kept is None:
        return _team_play_issues(team, fixture)
    key = (team.pk, fixture.pk if fixture is not None else None, timezone.localdate())
    if key not in kept:
        kept[key] = _team_play_issues(team, fixture)
    return list(kept[key])


def _team_play_issues(team: Team, fixture: Fixture | None) -> list[PlayProblem]:
    regulars = list(
        RosterEntry.objects.filter(team=team, fixture__isnull=True)
        .exclude(role=RosterEntry.Role.SUB)
        .select_related("player")
        .order_by("player__name")
    )
    night = fixture.date if fixture is not None else timezone.localdate()
    return _problems(
        team,
        season=team.season,
        signed=signed_player_ids(team.season),
        regulars=regulars,
        subs=subs_for(team, night, fixture),
        playoff=fixture is not None and fixture.stage == Fixture.Stage.PLAYOFF,
    )


def team_play_problems(team: Team, *, fixture: Fixture | None = None) -> list[str]:
    """Reasons, in a captain's words, why `team` can't play now; empty when it can."""
    return [problem.message for problem in team_play_issues(team, fixture=fixture)]


def fixtures_play_problems(fixtures: Iterable[Fixture]) -> dict[int, list[PlayProblem]]:
    """Both teams' problems for each fixture (by fixture id; byes have none), in three
    queries however many fixtures. The fixtures need `season`, `home` and `away` loaded."""
    fixtures = [f for f in fixtures if f.away_id is not None]
    team_ids = {team_id for f in fixtures for team_id in (f.home_id, f.away_id)}
    if not team_ids:
        return {}
    entries = list(
        RosterEntry.objects.filter(team_id__in=team_ids)
        .select_related("player")
        .order_by("player__name", "pk")
    )
    season_ids = {f.season_id for f in fixtures}
    signed: dict[int, set[int]] = {season_id: set() for season_id in season_ids}
    waivers = Waiver.objects.filter(
        season_id__in=season_ids, player_id__in={e.player_id for e in entries}
    ).values_list("season_id", "player_id")
    for season_id, player_id in waivers:
        signed[season_id].add(player_id)
    out: dict[int, list[PlayProblem]] = {}
    for fixture in fixtures:
        problems = []
        for team in (fixture.home, fixture.away):
            own = [e for e in entries if e.team_id == team.pk]
            problems += _problems(
                team,
                season=fixture.season,
                signed=signed[fixture.season_id],
                regulars=[e for e in own if e.fixture_id is None and e.role != e.Role.SUB],
                subs=[
                    e
                    for e in own
                    if e.role == e.Role.SUB
                    and (
                        e.fixture_id == fixture.pk
                        or (e.fixture_id is None and _covers(e, fixture.date))
                    )
                ],
                playoff=fixture.stage == Fixture.Stage.PLAYOFF,
            )
        out[fixture.pk] = problems
    return out
