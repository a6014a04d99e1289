"""What staff post to merge two records: the pair, which one to keep, and why."""

from django import forms

from inputs.bounds import InputRules, typed_number
from people.models import PlayerMerge

REASON_MAX = PlayerMerge._meta.get_field("reason").max_length
PICK = "Pick the two records from the list."


class MergeForm(InputRules, forms.Form):
    """`pair` is "12-34" (the two records shown together), `kept` the one of them to keep."""

    pair = forms.CharField(max_length=40)
    kept = forms.CharField(max_length=18, required=False)  # none: "different people"
    reason = forms.CharField(max_length=REASON_MAX, required=False)

    def clean(self) -> dict:
        data = super().clean()
        ids = [typed_number(part) for part in str(data.get("pair", "")).split("-")]
        kept = typed_number(data.get("kept"))
        if len(ids) != 2 or None in ids or ids[0] == ids[1]:
            raise forms.ValidationError(PICK)
        if data.get("kept") and kept not in ids:
            raise forms.ValidationError(PICK)
        data["ids"], data["kept"] = ids, kept
        data["merged"] = None if kept is None else ids[1] if ids[0] == kept else ids[0]
        return data
