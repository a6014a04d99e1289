"""The scorekeeper's form: one row of score boxes per table of a round, and one reason.

It only parses what was typed (whole numbers in range); the rule set, through scoring,
judges whether each table's scores can end a game.
"""

from typing import Any

from django import forms

from inputs.bounds import InputRules
from scoring.services.cards import REASON_MAX
from tournaments.selectors.scores import ScoreRow, ScoreSheet
from tournaments.services.scores import TableResult

SCORE_MAX = 99


def box_name(table: int, key: str) -> str:
    return f"t{table}-{key}"


class RoundScoresForm(InputRules, forms.Form):
    reason = forms.CharField(
        label="Reason for changing a confirmed or disputed table",
        required=False,
        max_length=REASON_MAX,
        help_text="Only needed when you change a card that was confirmed or disputed.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args: Any, sheet: ScoreSheet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        for row in sheet.rows:
            for key in sheet.keys:
                self.fields[box_name(row.number, key)] = forms.IntegerField(
                    label=row.label(key, sheet.individual),
                    required=False,
                    min_value=0,
                    max_value=SCORE_MAX,
                    initial=row.values.get(key),
                    widget=forms.NumberInput(
                        attrs={
                            "inputmode": "numeric",
                            "min": 0,
                            "max": SCORE_MAX,
                            "autocomplete": "off",
                        }
                    ),
                )
            if sheet.timed:
                self.fields[box_name(row.number, "timed_out")] = forms.BooleanField(
                    label="Time ran out", required=False, initial=row.timed_out
                )

        if not self.is_bound:  # the cursor starts in the first table still to enter
            first = next((row for row in sheet.rows if not row.confirmed), None)
            if first is not None:
                name = box_name(first.number, sheet.keys[0])
                self.fields[name].widget.attrs["autofocus"] = True

    def table_boxes(self) -> list[tuple[ScoreRow, list[forms.BoundField], Any]]:
        """Each table with its score boxes (and its 'time ran out' box, or None)."""
        timed = self.sheet.timed
        return [
            (
                row,
                [self[box_name(row.number, key)] for key in self.sheet.keys],
                self[box_name(row.number, "timed_out")] if timed else None,
            )
            for row in self.sheet.rows
        ]

    def results(self) -> dict[int, TableResult]:
        """What each table's card says, keyed by table number (blank tables too)."""
        data = self.cleaned_data
        return {
            row.number: TableResult(
                scores={key: data.get(box_name(row.number, key)) for key in self.sheet.keys},
                timed_out=bool(data.get(box_name(row.number, "timed_out"))),
            )
            for row in self.sheet.rows
        }
