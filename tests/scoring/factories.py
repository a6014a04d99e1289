"""Scoring test data: games between teams that may play, seated progressive games, hands."""

from dataclasses import dataclass
from typing import Any

from league.seasons.models import Team
from league.seasons.services.waivers import waiver_record_paper
from scoring.models import Game, GameSeat, RuleSet
from tests.factories import (
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    captain_user,
)


def preset(slug: str) -> RuleSet:
    return RuleSet.objects.get(slug=slug)


def ready_team(season: Any = None, **kwargs: Any) -> tuple[Any, Team]:
    """A team that may play: a captain with a login and a second player, waivers signed."""
    team = TeamFactory(season=season or SeasonFactory(), **kwargs)
    user, _ = captain_user(team=team)
    RosterEntryFactory(team=team)
    for entry in team.roster.select_related("player"):
        waiver_record_paper(player=entry.player, season=team.season, by=None)
    return user, team


@dataclass
class TeamGame:
    game: Game
    ns_captain: Any
    ew_captain: Any
    ns_team: Team
    ew_team: Team


def team_game(slug: str = "cca-league", label: str = "Week 1 · Game 1") -> TeamGame:
    season = SeasonFactory()
    ns_captain, ns_team = ready_team(season)
    ew_captain, ew_team = ready_team(season)
    game = Game.objects.create(rule_set=preset(slug), label=label, ns_team=ns_team, ew_team=ew_team)
    return TeamGame(game, ns_captain, ew_captain, ns_team, ew_team)


def seated_game(slug: str = "progressive") -> tuple[Game, dict[str, Any]]:
    """A game without teams: four players with logins seated N, E, S, W."""
    game = Game.objects.create(rule_set=preset(slug), label="Round 1 · Table 1")
    users = {}
    for seat in "NESW":
        user = UserFactory(username=f"seat-{seat.lower()}-{game.pk}")
        GameSeat.objects.create(game=game, seat=seat, player=PlayerFactory(user=user))
        users[seat] = user
    return game, users


def made(side: str, tricks: int, *, alone: bool = False, seat: str = "", **extra: Any) -> dict:
    return {"maker_side": side, "tricks": tricks, "alone": alone, "loner_seat": seat, **extra}


PASSED = {"passed": True}

# CCA: five N-S marches take N-S to 10 (2 a march); E-W made two hands on the way.
NS_WINS_10_2 = [made("NS", 5), made("EW", 3), made("NS", 5), made("EW", 4)] + [made("NS", 5)] * 3
# Progressive, 8 hands: N goes alone and marches once (N 5, S 4), the rest are plain hands.
PROGRESSIVE_EIGHT = [
    made("NS", 5, alone=True, seat="N"),
    made("EW", 3),
    made("NS", 2),
    made("EW", 5),
    made("NS", 4),
    made("EW", 1),
    made("NS", 3),
    made("EW", 3),
]
