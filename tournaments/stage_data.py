"""Heat stages as JSON-ready data (what a Tournament stores) and back to `heats.Stage`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from tournaments.heats import COLD_BUTT_STAGES, STAGE_KINDS, Stage

KIND_LABELS = {
    "match_winners": "Every match winner advances",
    "top_by_differential": "Top teams by score differential among those that reached the target",
    "first_to_target": "The first teams to reach the target advance",
    "final": "Final: the first team to the target wins",
}


def stages_to_data(stages: Sequence[Stage]) -> list[dict[str, Any]]:
    return [asdict(stage) for stage in stages]


def cold_butt_data() -> list[dict[str, Any]]:
    return stages_to_data(COLD_BUTT_STAGES)


def stages_from_data(data: Any) -> tuple[Stage, ...]:
    """Stages from stored or typed data; ValueError with a sentence a director can act on."""
    if not isinstance(data, list) or not data:
        raise ValueError("Give a list of stages, first stage first.")
    if len(data) > 12:
        raise ValueError("At most 12 stages.")
    stages = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise ValueError(f"Stage {number} must be an object with a 'kind'.")
        unknown = set(item) - {"kind", "heat_size", "advance_count", "target", "name"}
        if unknown:
            raise ValueError(f"Stage {number}: unknown setting(s) {', '.join(sorted(unknown))}.")
        if item.get("kind") not in STAGE_KINDS:
            raise ValueError(f"Stage {number}: kind must be one of {', '.join(STAGE_KINDS)}.")
        for key in ("heat_size", "advance_count", "target"):
            value = item.get(key)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= 999
            ):
                raise ValueError(f"Stage {number}: {key} must be a whole number from 1 to 999.")
        name = item.get("name") or f"Stage {number}"
        if not isinstance(name, str) or len(name) > 80:
            raise ValueError(f"Stage {number}: the name must be text of at most 80 characters.")
        try:
            stages.append(Stage(**{**item, "name": name}))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"Stage {number}: {exc}.") from None
    if stages[-1].kind != "final":
        raise ValueError("The last stage must be a final.")
    if any(stage.kind == "final" for stage in stages[:-1]):
        raise ValueError("Only the last stage can be a final.")
    return tuple(stages)
