"""Who may sub in a fixture: pure rules over plain data (no ORM).

The services load the facts (`league.subs.selectors.finder_facts`) and ask `sub_finding`;
the same rules answer when a request is made (who is asked) and again when a volunteer
says yes (are they still free, still not on the opponent's roster).
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

REGULAR_OFF = "Subs aren't allowed in this season."
PLAYOFFS_OFF = "Subs aren't allowed in this season's playoffs."

# Per-volunteer reasons, checked in this order (the first that applies is given).
ON_TEAM = "already plays for this team"
ON_OPPONENT = "is on the opponent's roster"
OWN_TEAM_PLAYS = "their own team plays that night"
SUBBING = "already subs that night"
WRONG_LEVEL = "doesn't sub at this level"
NOT_THAT_NIGHT = "isn't free that night"


@dataclass(frozen=True)
class FixtureFacts:
    date: datetime.date
    level_id: int | None  # None: a fixture without a level takes subs of any level
    playoff: bool


@dataclass(frozen=True)
class Rules:
    """The season's sub rules and where the requesting team stands."""

    regular_subs: bool = True  # Season.subs_in_regular_season
    playoff_policy: str = "approval"  # not_allowed | approval | allowed
    subs_used: int = 0  # regular-season subs the team used or is still looking for
    limit: int | None = None  # Season.sub_limit_per_team (regular season only)


@dataclass(frozen=True)
class Volunteer:
    player_id: int
    levels: frozenset[int] = frozenset()  # empty: any level
    nights: frozenset[datetime.date] = frozenset()  # empty: every night
    teams_playing: frozenset[int] = frozenset()  # their own teams playing that date
    subbing_that_night: bool = False
    on_requesting_team: bool = False


@dataclass(frozen=True)
class Finding:
    """`refusal`: why the team may not have a sub at all (then nobody is eligible);
    `reasons`: why each other volunteer can't be asked."""

    eligible: tuple[int, ...] = ()
    reasons: dict[int, str] = field(default_factory=dict)
    refusal: str = ""


def team_refusal(fixture: FixtureFacts, rules: Rules) -> str:
    """Why this team may not take a sub for this fixture ("" when it may)."""
    if fixture.playoff:
        return PLAYOFFS_OFF if rules.playoff_policy == "not_allowed" else ""
    if not rules.regular_subs:
        return REGULAR_OFF
    if rules.limit is not None and rules.subs_used >= rules.limit:
        used = "sub" if rules.limit == 1 else "subs"
        return f"The team has used its {rules.limit} {used} for the regular season."
    return ""


def volunteer_reason(
    volunteer: Volunteer, *, fixture: FixtureFacts, team_id: int, opponents: frozenset[int]
) -> str:
    """Why this volunteer can't sub for `team_id` in the fixture ("" when they can)."""
    if volunteer.on_requesting_team or team_id in volunteer.teams_playing:
        return ON_TEAM
    if volunteer.player_id in opponents:
        return ON_OPPONENT
    if volunteer.teams_playing:
        return OWN_TEAM_PLAYS
    if volunteer.subbing_that_night:
        return SUBBING
    if (
        volunteer.levels
        and fixture.level_id is not None
        and fixture.level_id not in volunteer.levels
    ):
        return WRONG_LEVEL
    if volunteer.nights and fixture.date not in volunteer.nights:
        return NOT_THAT_NIGHT
    return ""


def sub_finding(
    *,
    fixture: FixtureFacts,
    team_id: int,
    opponents: Iterable[int],
    volunteers: Iterable[Volunteer],
    rules: Rules,
) -> Finding:
    """The volunteers who may be asked, in the order given, and why not the others."""
    volunteers = list(volunteers)
    refusal = team_refusal(fixture, rules)
    if refusal:
        return Finding(refusal=refusal, reasons={v.player_id: refusal for v in volunteers})
    against = frozenset(opponents)
    eligible: list[int] = []
    reasons: dict[int, str] = {}
    for volunteer in volunteers:
        if volunteer.player_id in reasons or volunteer.player_id in eligible:
            continue  # a player listed twice counts once
        reason = volunteer_reason(volunteer, fixture=fixture, team_id=team_id, opponents=against)
        if reason:
            reasons[volunteer.player_id] = reason
        else:
            eligible.append(volunteer.player_id)
    return Finding(eligible=tuple(eligible), reasons=reasons)
