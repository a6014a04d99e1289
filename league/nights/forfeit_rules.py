"""The season's forfeit policy as pure functions (no ORM): which games, and what an offence costs.

Seed 000: a team forfeits game 1 at 10 minutes after the start time, game 2 at 20,
and all three at 30; a team with only one player (or none) forfeits all three.
First offence: the games are lost. Second: lost, and the manager decides whether the
team keeps its playoff place. Third: the team is removed from the league.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Consequence = Literal["loss", "playoff_review", "removal"]


@dataclass(frozen=True, slots=True)
class ForfeitPolicy:
    game1_minutes: int = 10
    game2_minutes: int = 20
    all_minutes: int = 30
    offenses_playoff_review: int = 2
    offenses_removal: int = 3


def forfeited_games(
    policy: ForfeitPolicy,
    *,
    games: int,
    minutes_late: int | None = None,
    one_player: bool = False,
    no_show: bool = False,
) -> list[int]:
    """Game numbers forfeited (1-based); empty when the lateness costs nothing yet.

    The thresholds add up: late by 20 minutes loses games 1 and 2.
    """
    if games < 1:
        raise ValueError("a fixture has at least one game")
    everything = list(range(1, games + 1))
    if one_player or no_show:
        return everything
    if minutes_late is None or minutes_late < 0:
        raise ValueError("say how many minutes late the team was")
    if minutes_late >= policy.all_minutes:
        return everything
    if minutes_late >= policy.game2_minutes:
        return everything[:2]
    if minutes_late >= policy.game1_minutes:
        return everything[:1]
    return []


def consequence(policy: ForfeitPolicy, offense: int) -> Consequence:
    """What the team's `offense`-th forfeit of the season brings."""
    if offense >= policy.offenses_removal:
        return "removal"
    if offense >= policy.offenses_playoff_review:
        return "playoff_review"
    return "loss"


def loses_guarantee(offenses: int) -> bool:
    """A team that forfeited more than once is no longer guaranteed a number of games."""
    return offenses > 1


def consequence_text(policy: ForfeitPolicy, offense: int) -> str:
    """The captain's warning, in plain words."""
    ordinal = {1: "first", 2: "second", 3: "third"}.get(offense, f"{offense}th")
    what = consequence(policy, offense)
    if what == "removal":
        return (
            f"This is your team's {ordinal} forfeit of the season: the team is removed from "
            "the league. Its results so far stay; its remaining fixtures become byes."
        )
    lines = [
        f"This is your team's {ordinal} forfeit of the season: the forfeited games count as losses."
    ]
    if what == "playoff_review":
        lines.append(
            "The league manager will now decide whether your team keeps its playoff place."
        )
    if loses_guarantee(offense):
        lines.append("Your team is no longer guaranteed a number of games.")
    remaining = policy.offenses_removal - offense
    lines.append(
        f"{remaining} more forfeit{'s' if remaining != 1 else ''} and the team is removed from "
        "the league."
    )
    return " ".join(lines)


@dataclass(frozen=True, slots=True)
class ClockStep:
    """One threshold of the forfeit clock: from `minutes` after the start, `games` are lost."""

    minutes: int
    games: str
    passed: bool


def forfeit_clock(policy: ForfeitPolicy, minutes_since_start: int) -> list[ClockStep]:
    """The season's lateness thresholds against the minutes since the start, in order."""
    steps = (
        (policy.game1_minutes, "game 1"),
        (policy.game2_minutes, "games 1 and 2"),
        (policy.all_minutes, "all games"),
    )
    return [ClockStep(m, games, minutes_since_start >= m) for m, games in steps]
