"""The setup form per format and the heats stage builder (tournaments.format_forms)."""

import datetime

import pytest
from django.http import QueryDict

from scoring.models import RuleSet
from tests.tournaments.factories import heats_event, started
from tournaments.format_forms import MAX_STAGES, posted_rows, stored_rows
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.stage_data import cold_butt_data

pytestmark = pytest.mark.django_db


def stage_rows(*rows):
    """POST data of the builder: one row per stage, then the blank row it always shows."""
    data = {"stages-TOTAL_FORMS": len(rows) + 1, "stages-INITIAL_FORMS": 0}
    for i, row in enumerate(rows):
        for key, value in {"target": 10, **row}.items():
            data[f"stages-{i}-{key}"] = "" if value is None else value
    data[f"stages-{len(rows)}-target"] = 10
    return data


def heats_data(*rows, **overrides):
    return {
        "name": "Cold Butt Open",
        "date": "2026-02-07",
        "format": "heats",
        "rule_set": RuleSet.objects.get(slug="cold-butt").pk,
        **stage_rows(*rows),
        **overrides,
    }


COLD_BUTT_ROWS = [
    {"name": "Round one", "kind": "match_winners", "heat_size": 10},
    {"name": "Round two", "kind": "top_by_differential", "advance_count": 4},
    {"name": "Round three", "kind": "first_to_target", "advance_count": 2},
    {"name": "Final", "kind": "final"},
]


def test_cold_butt_built_row_by_row_is_stored_as_the_cold_butt_preset():
    form = TournamentForm(heats_data(*COLD_BUTT_ROWS))

    assert form.is_valid(), (form.errors, form.stages.errors)
    assert form.save().stages == cold_butt_data()


@pytest.mark.parametrize(
    ("row", "field", "message"),
    [
        ({"kind": "top_by_differential"}, "advance_count", "Say how many teams go through."),
        ({"kind": "first_to_target", "advance_count": ""}, "advance_count", "Say how many"),
        ({"kind": "match_winners", "advance_count": 3}, "advance_count", "leave it empty"),
        ({"kind": "match_winners", "heat_size": 1}, "heat_size", "greater than or equal to 2"),
        ({"kind": "match_winners", "target": 0}, "target", "greater than or equal to 1"),
        ({"kind": "sudden_death"}, "kind", "Select a valid choice"),
        ({"kind": "match_winners", "name": "x" * 81}, "name", "at most 80"),
        ({"kind": "match_winners", "name": "Round\x1bone"}, "name", "can't be shown"),
    ],
)
def test_a_bad_row_is_refused_with_a_message_on_its_own_field(row, field, message):
    form = TournamentForm(heats_data(row, {"kind": "final"}))

    assert not form.is_valid()
    assert form.non_field_errors() == ["Check the stages below."]
    assert message in form.stages.forms[0].errors[field][0]


def test_a_final_has_one_winner():
    form = TournamentForm(heats_data({"kind": "final", "advance_count": 2}))

    assert not form.is_valid()
    assert "one winner" in form.stages.forms[0].errors["advance_count"][0]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "Add the stages"),
        ([{"kind": "match_winners"}], "The last stage must be a final."),
        ([{"kind": "final"}, {"kind": "final"}], "Only the last stage can be a final."),
    ],
)
def test_the_order_of_stages_is_checked_as_a_whole(rows, message):
    form = TournamentForm(heats_data(*rows))

    assert not form.is_valid()
    assert message in form.stages.non_form_errors()[0]


def test_removed_and_blank_rows_are_left_out():
    data = heats_data({"kind": "match_winners", "heat_size": 4}, {"kind": "final"})
    data["stages-0-DELETE"] = "on"

    form = TournamentForm(data)

    assert form.is_valid(), form.stages.errors
    assert [s["kind"] for s in form.save().stages] == ["final"]


def test_more_rows_than_the_builder_allows_are_refused_not_a_crash():
    rows = [{"kind": "match_winners"}] * (MAX_STAGES + 3) + [{"kind": "final"}]
    data = heats_data(*rows)
    data["stages-TOTAL_FORMS"] = 10_000

    form = TournamentForm(data)

    assert not form.is_valid()
    assert "at most 12" in " ".join(form.stages.non_form_errors())


def test_a_heats_post_without_the_builder_keeps_the_stored_stages():
    tournament = heats_event(
        4, stages=[{"kind": "match_winners", "heat_size": 6}, {"kind": "final"}]
    )
    data = heats_data()
    del data["stages-TOTAL_FORMS"]

    form = TournamentForm(data, instance=tournament)

    assert form.is_valid(), form.errors
    assert form.save().stages == [{"kind": "match_winners", "heat_size": 6}, {"kind": "final"}]


def test_an_events_stored_stages_as_typed_json_fill_the_builder():
    stored = [{"kind": "match_winners", "heat_size": 6}, {"kind": "final"}, "not a stage"]
    tournament = heats_event(4, stages=stored)

    form = TournamentForm(instance=tournament)

    assert [f.initial for f in form.stages.forms[:2]] == stored[:2]
    assert len(form.stages.forms) == 3  # and a blank row
    assert stored_rows([]) == cold_butt_data()


def test_the_builder_is_read_only_once_the_event_has_started():
    tournament = started(heats_event(4))
    before = list(tournament.stages)
    data = heats_data({"kind": "final", "target": 10}, name=tournament.name, date="2026-02-07")

    form = TournamentForm(data, instance=tournament)

    assert form.stages_locked and all(
        field.disabled for row in form.stages.forms for field in row.fields.values()
    )
    assert form.is_valid(), form.errors
    assert form.save().stages == before


@pytest.mark.parametrize(
    ("fmt", "shown", "hidden"),
    [
        ("progressive", {"rounds", "sit_out_rule", "tiebreak_1"}, {"best_of", "bracket_reset"}),
        (
            "partner_bracket",
            {"best_of", "consolation", "seeding"},
            {"rounds", "bracket_reset", "tiebreak_1"},
        ),
        ("double_elimination", {"best_of", "bracket_reset", "seeding"}, {"consolation", "rounds"}),
        ("heats", {"seeding"}, {"rounds", "best_of", "consolation", "tiebreak_1"}),
    ],
)
def test_the_form_shows_only_the_chosen_formats_fields(fmt, shown, hidden):
    form = TournamentForm(fmt=fmt)

    assert shown <= set(form.fields)
    assert not hidden & set(form.fields)
    assert {"name", "date", "format", "rule_set", "prize_text"} <= set(form.fields)
    assert (form.stages is not None) == (fmt == "heats")
    assert {f.name for f in form.format_fields()} == shown | (
        {
            "hands_per_round",
            "seed",
            "sit_out_scoring",
            "sit_out_points",
            "round_minutes",
            "tiebreak_2",
            "tiebreak_3",
        }
        if fmt == "progressive"
        else set()
    )


def test_a_bracket_post_ignores_progressive_values_it_does_not_show():
    data = {
        "name": "Tens Cup",
        "date": "2026-03-14",
        "format": "double_elimination",
        "rule_set": RuleSet.objects.get(slug="classic-tens").pk,
        "best_of": 3,
        "rounds": 0,  # not shown for brackets: neither checked nor saved
        "tiebreak_1": "games_won",
    }

    form = TournamentForm(data)

    assert form.is_valid(), form.errors
    tournament = form.save()
    assert (tournament.best_of, tournament.rounds, tournament.bracket_reset) == (3, 8, False)
    assert tournament.tiebreaks is None  # not shown, so not chosen


def test_double_elimination_needs_games_with_a_target():
    data = {
        "name": "Tens Cup",
        "date": "2026-03-14",
        "format": "double_elimination",
        "rule_set": RuleSet.objects.get(slug="progressive").pk,
        "best_of": 1,
    }

    form = TournamentForm(data)

    assert not form.is_valid()
    assert "no target score" in form.errors["rule_set"][0]


def test_an_unknown_format_is_refused_and_the_default_formats_fields_are_shown():
    form = TournamentForm({"name": "X", "date": "2026-03-14", "format": "bogus"})

    assert not form.is_valid()
    assert "Select a valid choice" in form.errors["format"][0]
    assert form.shown_format == Tournament.Format.PROGRESSIVE


def test_adding_a_stage_shows_what_was_typed_again_unchecked_with_a_new_row():
    data = QueryDict(mutable=True)
    data.update({k: str(v) for k, v in heats_data({"kind": "top_by_differential"}).items()})

    form = TournamentForm(data, reload="add_stage")

    assert not form.is_bound and not form.errors
    assert form["name"].value() == "Cold Butt Open"
    assert [f.initial.get("kind") for f in form.stages.forms] == ["top_by_differential", None, None]


def test_posted_rows_are_read_leniently_and_bounded():
    data = {"stages-TOTAL_FORMS": "nonsense"}
    assert posted_rows(data) == []
    data = {
        "stages-TOTAL_FORMS": "99",
        "stages-0-kind": "final",
        "stages-1-kind": "final",
        "stages-1-DELETE": "on",
    }
    assert [row["kind"] for row in posted_rows(data)] == ["final"]


def test_an_edit_after_the_start_keeps_the_events_format_whatever_is_sent():
    tournament = started(heats_event(4))
    form = TournamentForm(
        {"name": "New name", "date": datetime.date(2026, 2, 7), "format": "progressive"},
        instance=tournament,
    )

    assert form.shown_format == Tournament.Format.HEATS
