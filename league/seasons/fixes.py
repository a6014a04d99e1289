"""Where to fix what stops a team playing: the links a page shows beside the reasons.

Each person gets the fixes that are theirs to make: a player who hasn't signed the waiver
signs it, the team's captain sees who hasn't and may add a sub, a manager records paper
waivers or approves the sub. The reasons come from `league.seasons.eligibility`.
"""

from typing import Any

from django.urls import reverse

from accounts import permissions
from league.seasons.eligibility import (
    SHORT,
    SUB_UNAPPROVED,
    SUB_UNSIGNED,
    SUBS_NOT_ALLOWED,
    PlayProblem,
)
from league.seasons.models import Fixture, Season
from league.web import Link
from wording.words import possessive


def subs_allowed(season: Season, fixture: Fixture | None) -> bool:
    if fixture is not None and fixture.stage == Fixture.Stage.PLAYOFF:
        return season.playoff_subs != Season.PlayoffSubs.NOT_ALLOWED
    return season.subs_in_regular_season


def play_fixes(
    problems: list[PlayProblem], *, user: Any, season: Season, fixture: Fixture | None = None
) -> list[Link]:
    """The links to the fixes `user` can make for `problems`, each once, most direct first."""
    player_id = permissions.player_id_for(user)
    manager = permissions.can_manage_season(user, season)
    slugs = {"league": season.league.slug, "season": season.slug}
    links: list[Link] = []
    for problem in problems:
        team = problem.team
        captain = permissions.is_captain_of(user, team.pk) or manager
        concerned = {pid for pid, _ in problem.players}
        if problem.kind in (SHORT, SUB_UNSIGNED) and player_id in concerned:
            links.append(
                Link(f"Sign the {season.name} waiver", reverse("league:waiver_sign", kwargs=slugs))
            )
        if problem.kind in (SHORT, SUB_UNSIGNED) and captain:
            url = reverse("league:team_detail", args=[team.pk]) + "#roster"
            links.append(Link(f"{possessive(team.name)} roster and waivers", url))
        if problem.kind == SHORT and captain and subs_allowed(season, fixture):
            links.append(
                Link(f"Add a sub for {team.name}", reverse("league:sub_add", args=[team.pk]))
            )
        if problem.kind == SUBS_NOT_ALLOWED and captain:
            links.append(
                Link(
                    f"Change {possessive(team.name)} roster",
                    reverse("league:roster_edit", args=[team.pk]),
                )
            )
        if problem.kind in (SHORT, SUB_UNSIGNED) and manager:
            links.append(
                Link("Record paper waivers", reverse("league:season_roster", kwargs=slugs))
            )
        if problem.kind == SUB_UNAPPROVED and manager:
            links.append(Link("Approve the sub", reverse("league:season_dashboard", kwargs=slugs)))
    return list(dict.fromkeys(links))
