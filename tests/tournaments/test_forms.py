import datetime

import pytest
from django import forms

from scoring.models import RuleSet
from tournaments.forms import TournamentForm, parse_prizes
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_prizes_are_read_in_dollars_and_kept_in_cents():
    assert parse_prizes("$100, 60.50; 20") == [10000, 6050, 2000]
    assert parse_prizes("") == []


@pytest.mark.parametrize("text", ["ten", "1.234", "-5", "NaN", "2000000"])
def test_impossible_prizes_are_refused(text):
    with pytest.raises(forms.ValidationError):
        parse_prizes(text)


def stage_rows(*rows, extra_blank=True):
    """The stage builder's POST data: one row per stage, then a blank row."""
    data = {"stages-TOTAL_FORMS": len(rows) + extra_blank, "stages-INITIAL_FORMS": 0}
    for i, row in enumerate(rows):
        for key, value in {"target": 10, **row}.items():
            data[f"stages-{i}-{key}"] = "" if value is None else value
    return data


def _data(**overrides):
    data = {
        "name": "Spring Progressive",
        "date": "2026-04-11",
        "format": "progressive",
        "rule_set": RuleSet.objects.get(slug="progressive").pk,
        "rounds": 8,
        "hands_per_round": 8,
        "seed": 3,
        "sit_out_rule": "sit_out",
        "best_of": 1,
        "tiebreak_1": "games_won",
        "tiebreak_2": "lone_hands_made",
        "prize_text": "100, 50",
    }
    data.update(overrides)
    return data


def test_a_valid_form_saves_prizes_tiebreaks_and_a_slug():
    form = TournamentForm(_data())
    assert form.is_valid(), form.errors
    tournament = form.save()
    assert tournament.slug == "spring-progressive-2026"
    assert tournament.prizes == [10000, 5000]
    assert tournament.tiebreaks == ["games_won", "lone_hands_made"]
    assert tournament.stages == []


def test_progressive_needs_a_rule_set_with_a_fixed_number_of_hands():
    form = TournamentForm(_data(rule_set=RuleSet.objects.get(slug="classic-tens").pk))
    assert not form.is_valid()
    assert "fixed number of hands" in form.errors["rule_set"][0]


def test_hands_per_round_must_match_the_rule_set():
    form = TournamentForm(_data(hands_per_round=6))
    assert not form.is_valid()
    assert "8 hands" in form.errors["hands_per_round"][0]


def test_a_bracket_needs_games_with_a_target():
    form = TournamentForm(_data(format="partner_bracket"))
    assert not form.is_valid()
    assert "no target score" in form.errors["rule_set"][0]


def test_a_tiebreak_may_be_chosen_once():
    form = TournamentForm(_data(tiebreak_2="games_won"))
    assert not form.is_valid()
    assert form.errors["tiebreak_2"]


def test_clearing_every_tiebreak_saves_none_and_keeps_them_cleared():
    tournament = TournamentForm(_data()).save()
    edit = TournamentForm(_data(tiebreak_1="", tiebreak_2="", tiebreak_3=""), instance=tournament)
    assert edit.is_valid(), edit.errors
    edit.save()
    tournament.refresh_from_db()
    assert tournament.tiebreaks == []
    assert tournament.tiebreak_order == []
    again = TournamentForm(instance=tournament)
    assert [again[f"tiebreak_{i}"].value() for i in (1, 2, 3)] == [None, None, None]


def test_an_event_whose_tiebreaks_were_never_chosen_uses_the_defaults():
    tournament = Tournament.objects.create(
        name="Old", slug="old", date=datetime.date(2026, 4, 11), tiebreaks=None
    )
    assert tournament.tiebreak_order == ["games_won", "lone_hands_made"]
    form = TournamentForm(instance=tournament)
    assert form["tiebreak_1"].value() == "games_won"


def test_heats_keep_the_built_stages_and_refuse_broken_ones():
    cold_butt = RuleSet.objects.get(slug="cold-butt").pk
    rows = stage_rows({"kind": "match_winners", "heat_size": 6}, {"kind": "final"})
    form = TournamentForm(_data(format="heats", rule_set=cold_butt, **rows))
    assert form.is_valid(), form.errors
    assert form.save().stages == [
        {
            "kind": "match_winners",
            "heat_size": 6,
            "advance_count": None,
            "target": 10,
            "name": "Stage 1",
        },
        {
            "kind": "final",
            "heat_size": None,
            "advance_count": None,
            "target": 10,
            "name": "Stage 2",
        },
    ]
    rows = stage_rows({"kind": "final"}, {"kind": "match_winners"})
    form = TournamentForm(_data(format="heats", rule_set=cold_butt, **rows))
    assert not form.is_valid()
    assert form.stages.non_form_errors() == ["The last stage must be a final."]


def test_after_the_start_only_the_name_date_and_venue_can_change():
    tournament = Tournament.objects.create(
        name="Old",
        slug="old",
        date=datetime.date(2026, 1, 1),
        status="running",
        rounds=5,
        rule_set=RuleSet.objects.get(slug="progressive"),
    )
    form = TournamentForm(_data(name="New", rounds=2), instance=tournament)
    assert form.is_valid(), form.errors
    saved = form.save()
    assert (saved.name, saved.rounds) == ("New", 5)


def test_heat_stage_targets_must_match_where_the_rule_sets_games_end():
    cold_butt = RuleSet.objects.get(slug="cold-butt").pk
    form = TournamentForm(
        _data(format="heats", rule_set=cold_butt, **stage_rows({"kind": "final", "target": 11}))
    )
    assert not form.is_valid()
    assert "so must every stage's" in form.non_field_errors()[0]
    assert form.stages.forms[0].errors["target"] == ["Cold Butt games end at 10: use 10."]


def test_a_date_outside_the_window_or_control_characters_are_refused_by_the_form():
    form = TournamentForm(_data(date="9999-12-31", name="Spring\x1bOpen", venue="Hall\x00"))
    assert not form.is_valid()
    assert form.errors["date"][0].startswith("Pick a date between Sat 1 Jan 2000 and")
    assert "can't be shown" in form.errors["name"][0]
    assert "venue" in form.errors


def test_the_sit_out_policy_is_saved_and_defaults_to_nothing():
    assert TournamentForm(_data()).save().sit_out_scoring == "nothing"
    form = TournamentForm(_data(name="Fixed Night", sit_out_scoring="fixed", sit_out_points="5"))
    assert form.is_valid(), form.errors
    tournament = form.save()
    assert (tournament.sit_out_scoring, tournament.sit_out_points) == ("fixed", 5)


@pytest.mark.parametrize(
    ("policy", "points", "message"),
    [
        ("fixed", "", "Give the points a round sat out scores"),
        ("fixed", "100", "Between 0 and 99 points."),
        ("half", "", "Select a valid choice."),
    ],
)
def test_a_sit_out_policy_that_cannot_work_is_refused(policy, points, message):
    form = TournamentForm(_data(sit_out_scoring=policy, sit_out_points=points))
    assert not form.is_valid()
    assert message in str(form.errors)


def test_the_sit_out_policy_may_change_after_the_start_unlike_the_format():
    tournament = TournamentForm(_data()).save()
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    form = TournamentForm(instance=tournament)
    assert not form.fields["sit_out_scoring"].disabled
    assert not form.fields["sit_out_points"].disabled
    assert form.fields["rounds"].disabled
