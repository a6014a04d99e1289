"""Staged heat formats (Cold Butt and friends) as data, with pure planning and advancement.

A format is a sequence of ``Stage`` rows. Every stage pairs its teams into
first-to-``target`` matches (inside heats of at most ``heat_size`` teams) and
scores start from zero each stage; the stage kind says who moves on:

* ``match_winners``: every match winner advances.
* ``top_by_differential``: of the teams that reached the target, the
  ``advance_count`` with the best score differential (own score minus the
  opponent's, in this stage's match) advance. A level differential goes to
  whoever reached the target first.
* ``first_to_target``: the first ``advance_count`` teams to reach the target
  anywhere in the stage advance; the order comes from the results'
  ``finished_at`` stamps, or from the order results were reported.
* ``final``: like ``first_to_target`` with one place: the first team to the
  target wins.

**Byes**: when a stage has an odd number of teams, the first-registered team
gets a bye (the first-registered that has not had one yet, when earlier byes
are passed in, so nobody gets two while others have none). A team with a bye
advances in ``match_winners``; in the other kinds it counts as having reached
the target, but after every team that reached it in a match (differential 0,
which is below any match winner).

``COLD_BUTT_STAGES`` is seed 003: two first-round heats of ten (match winners
advance), then the top four by differential, then the first two to 10, then a
final to 10. Teams are always handed in and returned in registration order, so
one stage's advancers feed the next stage's ``plan_stage`` directly.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

type TeamId = Hashable
StageKind = Literal["match_winners", "top_by_differential", "first_to_target", "final"]
STAGE_KINDS: tuple[str, ...] = get_args(StageKind)


@dataclass(frozen=True, slots=True)
class Stage:
    kind: StageKind
    heat_size: int | None = None  # None: one heat with every team
    advance_count: int | None = None  # places that go through (match_winners: all winners)
    target: int = 10
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in STAGE_KINDS:
            raise ValueError(f"unknown stage kind {self.kind!r}; choose from {STAGE_KINDS}")
        if self.heat_size is not None and self.heat_size < 2:
            raise ValueError("a heat needs room for at least two teams")
        if self.target < 1:
            raise ValueError("the target score must be at least 1")
        if self.kind in ("top_by_differential", "first_to_target") and (
            self.advance_count is None or self.advance_count < 1
        ):
            raise ValueError(f"a {self.kind} stage needs advance_count of at least 1")
        if self.kind == "final" and self.advance_count not in (None, 1):
            raise ValueError("a final has exactly one winner")


COLD_BUTT_STAGES: tuple[Stage, ...] = (
    Stage("match_winners", heat_size=10, target=10, name="Round one"),
    Stage("top_by_differential", advance_count=4, target=10, name="Round two"),
    Stage("first_to_target", advance_count=2, target=10, name="Round three"),
    Stage("final", target=10, name="Final"),
)


@dataclass(frozen=True, slots=True)
class HeatMatch:
    id: str  # "H1-M2": heat 1, match 2
    heat: int
    team_a: TeamId
    team_b: TeamId


@dataclass(frozen=True, slots=True)
class Heat:
    number: int
    teams: tuple[TeamId, ...]
    matches: tuple[HeatMatch, ...]


@dataclass(frozen=True, slots=True)
class StagePlan:
    stage: Stage
    teams: tuple[TeamId, ...]  # registration order, bye included
    heats: tuple[Heat, ...]
    bye: TeamId | None

    @property
    def matches(self) -> tuple[HeatMatch, ...]:
        return tuple(m for heat in self.heats for m in heat.matches)


@dataclass(frozen=True, slots=True)
class MatchResult:
    match_id: str
    score_a: int
    score_b: int
    finished_at: float | None = None  # any increasing stamp; else the report order counts


def plan_stage(
    stage: Stage,
    teams_in_registration_order: Sequence[TeamId],
    previous_byes: Collection[TeamId] = (),
) -> StagePlan:
    """Heats and matches for one stage.

    With an odd count the bye goes to the first-registered team not in
    ``previous_byes`` (or the first-registered, if all have had one). The rest
    fill heats in registration order, as evenly as whole matches allow, and
    are paired in order within each heat (1 v 2, 3 v 4, ...); shuffle the list
    first for a random draw.
    """
    teams = tuple(teams_in_registration_order)
    if len(set(teams)) != len(teams):
        raise ValueError("a team is listed twice")
    if not teams:
        raise ValueError("a stage needs at least one team")
    bye = None
    if len(teams) % 2:
        bye = next((t for t in teams if t not in previous_byes), teams[0])
    playing = [t for t in teams if t != bye]
    pairs = len(playing) // 2
    per_heat = pairs if stage.heat_size is None else max(stage.heat_size // 2, 1)
    heat_count = -(-pairs // per_heat) if pairs else 0
    heats: list[Heat] = []
    start = 0
    for h in range(heat_count):
        size = 2 * (pairs // heat_count + (h < pairs % heat_count))
        members = tuple(playing[start : start + size])
        start += size
        matches = tuple(
            HeatMatch(f"H{h + 1}-M{i // 2 + 1}", h + 1, members[i], members[i + 1])
            for i in range(0, size, 2)
        )
        heats.append(Heat(h + 1, members, matches))
    return StagePlan(stage, teams, tuple(heats), bye)


def advancers(stage: Stage, plan: StagePlan, results: Sequence[MatchResult]) -> list[TeamId]:
    """Teams that go through, in registration order (the final: just the winner).

    Raises ``ValueError`` for results that are impossible (unknown match, reported
    twice, not exactly one team at the target) or too few to decide the stage.
    """
    if stage != plan.stage:
        raise ValueError("the plan was made for a different stage")
    matches = {m.id: m for m in plan.matches}
    reached: list[tuple[TeamId, int]] = []  # (team, differential) in finishing order
    reported: set[str] = set()
    for result in _in_finishing_order(results):
        match = matches.get(result.match_id)
        if match is None:
            raise ValueError(f"no match {result.match_id!r} in this stage")
        if result.match_id in reported:
            raise ValueError(f"{result.match_id} was reported twice")
        reported.add(result.match_id)
        high, low = max(result.score_a, result.score_b), min(result.score_a, result.score_b)
        if low < 0 or high < stage.target or low >= stage.target:
            raise ValueError(
                f"{result.match_id}: {result.score_a}-{result.score_b} is not a finished "
                f"first-to-{stage.target} match (exactly one team reaches {stage.target})"
            )
        winner = match.team_a if result.score_a > result.score_b else match.team_b
        reached.append((winner, high - low))
    missing = len(matches) - len(reached)
    if plan.bye is not None:
        reached.append((plan.bye, 0))  # a bye counts, after every real finisher

    if stage.kind == "match_winners":
        chosen, decided = [team for team, _ in reached], not missing
    elif stage.kind == "top_by_differential":
        assert stage.advance_count is not None
        # Best differential first; level ones keep finishing order (sort is stable).
        ranked = sorted(reached, key=lambda item: -item[1])
        chosen, decided = [team for team, _ in ranked[: stage.advance_count]], not missing
    else:  # first_to_target and final: the earliest to the target go through
        places = 1 if stage.kind == "final" else stage.advance_count
        assert places is not None
        finishers = [team for team, _ in reached if team != plan.bye]
        if len(finishers) >= places:  # later matches no longer matter
            chosen, decided = finishers[:places], True
        else:
            chosen, decided = [team for team, _ in reached][:places], not missing
    if not decided:
        raise ValueError(f"waiting for {missing} match(es) to finish")
    order = {team: i for i, team in enumerate(plan.teams)}
    return sorted(chosen, key=order.__getitem__)


def _in_finishing_order(results: Sequence[MatchResult]) -> list[MatchResult]:
    stamped = [r.finished_at is not None for r in results]
    if all(stamped):
        return sorted(results, key=lambda r: r.finished_at)  # type: ignore[arg-type,return-value]
    if any(stamped):
        raise ValueError("give every result a finished_at stamp, or none")
    return list(results)
