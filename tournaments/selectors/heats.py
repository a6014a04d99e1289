"""Reads for heats pages: each stage's heats, matches, scores and who goes through."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from scoring.selectors import confirmed_results
from tournaments.models import Heat, HeatMatch, HeatStage, Tournament
from tournaments.selectors.heat_plans import WAITING, stage_advancers
from tournaments.stage_data import KIND_LABELS


@dataclass
class HeatMatchView:
    match: HeatMatch
    ns_score: int | None = None
    ew_score: int | None = None

    @property
    def confirmed(self) -> bool:
        return self.ns_score is not None

    @property
    def differential(self) -> int | None:
        if self.ns_score is None or self.ew_score is None:
            return None
        return abs(self.ns_score - self.ew_score)


@dataclass
class StageView:
    stage: HeatStage
    rule_label: str
    heats: list[tuple[Heat, list[HeatMatchView]]] = field(default_factory=list)
    advancers: list[int] | None = None
    problem: str = ""  # a result the format can't use (shown to the director)


def heats_view(tournament: Tournament) -> list[StageView]:
    matches = HeatMatch.objects.select_related(
        "ns__player", "ns__partner", "ew__player", "ew__partner", "heat"
    ).order_by("number")
    stages = list(
        tournament.heat_stages.prefetch_related(
            Prefetch("heats", queryset=Heat.objects.order_by("number")),
            Prefetch("heats__matches", queryset=matches),
        )
    )
    game_ids = [
        m.game_id for s in stages for h in s.heats.all() for m in h.matches.all() if m.game_id
    ]
    results = confirmed_results(game_ids) if game_ids else {}
    views = []
    for stage in stages:
        view = StageView(stage, KIND_LABELS.get(stage.rule.get("kind"), ""))
        for heat in stage.heats.all():
            rows = []
            for match in heat.matches.all():
                result = results.get(match.game_id) if match.game_id else None
                rows.append(
                    HeatMatchView(
                        match,
                        result.ns_total if result else None,
                        result.ew_total if result else None,
                    )
                )
            view.heats.append((heat, rows))
        if stage.status != HeatStage.Status.PLANNED:
            view.advancers, why = stage_advancers(stage)
            if view.advancers is None and not why.startswith(WAITING):
                view.problem = why
        views.append(view)
    return views
