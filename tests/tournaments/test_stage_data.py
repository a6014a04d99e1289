import pytest

from tournaments.heats import COLD_BUTT_STAGES
from tournaments.stage_data import cold_butt_data, stages_from_data


def test_cold_butt_stages_survive_a_round_trip_through_json_data():
    assert stages_from_data(cold_butt_data()) == COLD_BUTT_STAGES


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "list of stages"),
        ("final", "list of stages"),
        ([{"kind": "sudden_death"}], "kind must be one of"),
        ([{"kind": "final", "colour": "red"}], "unknown setting"),
        ([{"kind": "final", "target": "ten"}], "target must be a whole number"),
        ([{"kind": "final", "target": True}], "target must be a whole number"),
        ([{"kind": "top_by_differential"}, {"kind": "final"}], "advance_count"),
        ([{"kind": "match_winners"}], "last stage must be a final"),
        ([{"kind": "final"}, {"kind": "final"}], "Only the last stage"),
        ([{"kind": "final", "name": "x" * 81}], "at most 80"),
    ],
)
def test_bad_stage_data_gets_a_sentence_naming_the_problem(data, message):
    with pytest.raises(ValueError, match=message):
        stages_from_data(data)


def test_a_composed_format_of_heats_then_a_final_is_accepted():
    stages = stages_from_data(
        [{"kind": "match_winners", "heat_size": 8}, {"kind": "final", "target": 11}]
    )
    assert [s.name for s in stages] == ["Stage 1", "Stage 2"]
    assert stages[1].target == 11
