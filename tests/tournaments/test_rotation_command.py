import json

import pytest
from django.core.management import CommandError, call_command


def _run(*args):
    from io import StringIO

    out = StringIO()
    call_command("rotation", *args, stdout=out)
    return out.getvalue()


def test_json_output_has_the_documented_shape():
    data = json.loads(_run("--players", "9", "--rounds", "4", "--seed", "2", "--format", "json"))
    assert data["players"] == 9
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3, 4]
    first = data["rounds"][0]
    assert len(first["tables"]) == 2 and len(first["sitting_out"]) == 1
    assert set(first["tables"][0]) == {"number", "ns", "ew"}
    seated = {p for t in first["tables"] for p in t["ns"] + t["ew"]} | set(first["sitting_out"])
    assert seated == set(range(1, 10))
    assert set(data["quality"]) == {"partner_max", "opponent_max", "meet_max", "sit_out_spread"}
    assert data["quality"]["partner_max"] == 1


def test_the_same_seed_prints_the_same_rotation():
    args = ("--players", "12", "--rounds", "5", "--seed", "7", "--format", "json")
    assert _run(*args) == _run(*args)


def test_text_output_lists_tables_and_quality():
    text = _run("--players", "8", "--rounds", "2")
    assert "Round 2" in text and "Table  2" in text and "Quality: partner_max 1" in text


@pytest.mark.parametrize(
    "args", [("--players", "2", "--rounds", "3"), ("--players", "8", "--rounds", "0")]
)
def test_impossible_sizes_get_a_clear_error(args):
    with pytest.raises(CommandError, match="must be between"):
        _run(*args)
