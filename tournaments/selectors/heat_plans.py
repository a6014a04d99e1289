"""Reading a stored heat stage back as its pure plan and results, and who goes through."""

from tournaments import heats
from tournaments.models import Entry, HeatMatch, HeatStage
from tournaments.selectors.results import game_scores

WAITING = "waiting for"


def stage_plan(stage: HeatStage) -> heats.StagePlan:
    """The pure plan of a stored stage, rebuilt from its rows (byes included)."""
    rule = heats.Stage(**stage.rule)
    teams: list[int] = []
    built: list[heats.Heat] = []
    bye = None
    for heat in stage.heats.all():
        matches = []
        for match in heat.matches.all():
            if match.ew_id is None:
                bye = match.ns_id
                continue
            matches.append(heats.HeatMatch(_match_id(match), heat.number, match.ns_id, match.ew_id))
            teams += [match.ns_id, match.ew_id]
        built.append(
            heats.Heat(
                heat.number, tuple(t for m in matches for t in (m.team_a, m.team_b)), tuple(matches)
            )
        )
    numbers = dict(Entry.objects.filter(pk__in=[*teams, bye]).values_list("pk", "number"))
    ordered = sorted([*teams, *([bye] if bye else [])], key=numbers.__getitem__)
    return heats.StagePlan(rule, tuple(ordered), tuple(b for b in built if b.matches), bye)


def _match_id(match: HeatMatch) -> str:
    return f"H{match.heat.number}-M{match.number}"


def stage_results(stage: HeatStage) -> list[heats.MatchResult]:
    matches = [m for heat in stage.heats.all() for m in heat.matches.all() if m.game_id]
    scores = game_scores([m.game_id for m in matches])
    results = []
    for match in matches:
        if match.game_id in scores:
            ns, ew, stamp = scores[match.game_id]
            results.append(heats.MatchResult(_match_id(match), ns, ew, stamp))
    return results


def stage_advancers(stage: HeatStage) -> tuple[list[int] | None, str]:
    """(teams going through, "") once decided; (None, why not yet) before."""
    plan = stage_plan(stage)
    try:
        return list(heats.advancers(plan.stage, plan, stage_results(stage))), ""
    except ValueError as exc:
        return None, str(exc)
