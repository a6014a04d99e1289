"""The parts of the setup form that depend on the format: which fields each format shows,
and the heats stage builder (a formset, one row per stage).

The setup form is rendered for one format at a time (`TournamentForm(fmt=...)` drops the
other formats' fields); the format select asks the server for the chosen format's fields
again (htmx, `tournament_form_fields`), so nothing is hidden by a script.
"""

from __future__ import annotations

from typing import Any

from django import forms

from inputs.bounds import InputRules
from tournaments.heats import STAGE_KINDS
from tournaments.models import Tournament
from tournaments.stage_data import KIND_LABELS, cold_butt_data, stages_from_data, stages_to_data

# Fields a format shows; fields of no format (name, date, prizes...) every format shows.
FORMAT_FIELDS: dict[str, tuple[str, ...]] = {
    Tournament.Format.PROGRESSIVE: (
        "rounds",
        "hands_per_round",
        "seed",
        "sit_out_rule",
        "sit_out_scoring",
        "sit_out_points",
        "round_minutes",
        "tiebreak_1",
        "tiebreak_2",
        "tiebreak_3",
    ),
    Tournament.Format.PARTNER_BRACKET: ("best_of", "consolation", "seeding"),
    Tournament.Format.DOUBLE_ELIMINATION: ("best_of", "bracket_reset", "seeding"),
    Tournament.Format.HEATS: ("seeding",),  # and the stage builder
}
MAX_STAGES = 12
NEEDS_COUNT = ("top_by_differential", "first_to_target")


def chosen_format(value: Any, fallback: str = Tournament.Format.PROGRESSIVE) -> str:
    """A known format from what was sent, else the fallback."""
    return value if value in FORMAT_FIELDS else fallback


def other_formats_fields(fmt: str) -> set[str]:
    """The fields the setup form leaves out for ``fmt``."""
    every = {name for names in FORMAT_FIELDS.values() for name in names}
    return every - set(FORMAT_FIELDS[fmt])


class StageForm(InputRules, forms.Form):
    name = forms.CharField(label="Name", max_length=80, required=False)
    kind = forms.ChoiceField(
        label="Who goes through", choices=[("", "—"), *((k, KIND_LABELS[k]) for k in STAGE_KINDS)]
    )
    heat_size = forms.IntegerField(
        label="Teams per heat", min_value=2, max_value=999, required=False
    )
    advance_count = forms.IntegerField(
        label="Teams going through", min_value=1, max_value=999, required=False
    )
    target = forms.IntegerField(label="Games to", min_value=1, max_value=999, initial=10)

    def has_changed(self) -> bool:
        """A blank row (left out) until a kind, a name or a count is typed: the target
        comes filled in."""
        keys = ("kind", "name", "heat_size", "advance_count")
        return any(self.data.get(self.add_prefix(key)) for key in keys)

    def clean(self) -> dict:
        data = super().clean()
        kind, count = data.get("kind"), data.get("advance_count")
        if kind in NEEDS_COUNT and not count:
            self.add_error("advance_count", "Say how many teams go through.")
        elif kind == "match_winners" and count:
            self.add_error("advance_count", "Every match winner goes through: leave it empty.")
        elif kind == "final" and count not in (None, 1):
            self.add_error("advance_count", "A final has one winner: leave it empty.")
        return data


class BaseStageFormSet(forms.BaseFormSet):
    """Rows in order, first stage first; blank rows and rows marked for removal are left
    out. `stage_data` holds the stages as stored once the formset is valid."""

    stage_data: list[dict[str, Any]]

    def rows(self) -> list[StageForm]:
        return [
            form
            for form in self.forms
            if form.cleaned_data.get("kind") and not self._should_delete_form(form)
        ]

    def clean(self) -> None:
        if any(self.errors):
            return
        rows = self.rows()
        if not rows:
            raise forms.ValidationError("Add the stages, first stage first: the last a final.")
        data = [
            {key: row.cleaned_data.get(key) for key in ("kind", "heat_size", "advance_count")}
            | {"target": row.cleaned_data["target"], "name": row.cleaned_data.get("name") or ""}
            for row in rows
        ]
        try:
            self.stage_data = stages_to_data(stages_from_data(data))
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None

    def check_targets(self, target: int, rule_set: Any) -> bool:
        """Every stage's games end where the rule set's do; marks the rows that don't."""
        ok = True
        for row in self.rows():
            if row.cleaned_data["target"] != target:
                row.add_error("target", f"{rule_set} games end at {target}: use {target}.")
                ok = False
        return ok


StageFormSet = forms.formset_factory(
    StageForm,
    formset=BaseStageFormSet,
    extra=1,
    can_delete=True,
    max_num=MAX_STAGES,
    absolute_max=MAX_STAGES,
    validate_max=True,
)


def stored_rows(stages: Any) -> list[dict[str, Any]]:
    """Initial rows from an event's stored stages (or Cold Butt's), as typed long ago:
    whatever is not a stage object is left out."""
    rows = stages if isinstance(stages, list) and stages else cold_butt_data()
    return [row for row in rows if isinstance(row, dict)]


def posted_rows(data: Any, prefix: str = "stages") -> list[dict[str, Any]]:
    """The rows a director has typed so far, as they are (to show them again unchecked)."""
    try:
        total = min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), MAX_STAGES)
    except (TypeError, ValueError):
        total = 0
    rows = []
    for i in range(total):
        row = {
            key: data.get(f"{prefix}-{i}-{key}", "")
            for key in ("name", "kind", "heat_size", "advance_count", "target")
        }
        if data.get(f"{prefix}-{i}-DELETE") or not row["kind"]:
            continue
        rows.append(row)
    return rows


def stage_formset(
    data: Any, stages: Any, *, bound: bool, locked: bool, add_row: bool = False
) -> BaseStageFormSet:
    """The stage builder: bound to ``data`` when the director sent it, else showing the
    stored (or just typed) rows; read-only once the event has started."""
    if bound and not locked:
        return StageFormSet(data, prefix="stages")
    typed = posted_rows(data) if data is not None and not locked else None
    initial = typed if typed is not None and (typed or add_row) else stored_rows(stages)
    formset = StageFormSet(initial=initial, prefix="stages")
    if add_row and len(initial) < MAX_STAGES:
        formset.extra = 2  # the usual blank row and the one asked for
    if locked:
        for form in formset.forms:
            for field in form.fields.values():
                field.disabled = True
    return formset
