"""Rule sets: presets are read-only; copies are edited and checked by the engine."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.models import SPEC_FIELDS, RuleSet
from scoring.services import ruleset_copy, ruleset_update, scorecard_submit
from tests.factories import captain_user, director_user, manager_user
from tests.scoring.factories import NS_WINS_10_2, preset, ready_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def copy():
    return ruleset_copy(
        source=preset("cca-league"), user=manager_user(), name="Tuesday house rules"
    )


def test_the_five_presets_are_installed():
    slugs = set(RuleSet.objects.filter(is_preset=True).values_list("slug", flat=True))
    assert slugs == {"cca-league", "classic-tens", "progressive", "cold-butt", "black-bull"}


@pytest.mark.parametrize("staff", [manager_user, director_user])
def test_staff_copy_a_preset_with_every_rule(staff):
    source = preset("progressive")
    copy = ruleset_copy(source=source, user=staff(), name="  Club   progressive ")
    assert (copy.name, copy.slug, copy.is_preset, copy.copied_from) == (
        "Club progressive",
        "club-progressive",
        False,
        source,
    )
    assert all(getattr(copy, name) == getattr(source, name) for name in SPEC_FIELDS)


def test_captains_cannot_copy_or_edit(copy):
    captain = captain_user()[0]
    with pytest.raises(PermissionDenied):
        ruleset_copy(source=preset("cca-league"), user=captain, name="Mine")
    with pytest.raises(PermissionDenied):
        ruleset_update(rule_set=copy, user=captain, march_points=3)


def test_copy_names_are_unique_and_required(copy):
    with pytest.raises(ValidationError, match="already a rule set called"):
        ruleset_copy(source=preset("cca-league"), user=manager_user(), name="tuesday HOUSE rules")
    with pytest.raises(ValidationError, match="Give the rule set a name"):
        ruleset_copy(source=preset("cca-league"), user=manager_user(), name="  ")


def test_names_and_notes_too_long_or_with_control_characters_change_nothing(copy):
    manager = manager_user()
    before = (copy.play_notes, copy.description)
    with pytest.raises(ValidationError, match="Keep the name to 80 characters"):
        ruleset_copy(source=preset("cca-league"), user=manager, name="n" * 81)
    with pytest.raises(ValidationError, match="The name has characters that can't be shown"):
        ruleset_copy(source=preset("cca-league"), user=manager, name="House\x00rules")
    with pytest.raises(
        ValidationError, match="The text of the table rules has characters that can't"
    ):
        ruleset_update(rule_set=copy, user=manager, play_notes="Bring\x1b cards.")
    with pytest.raises(ValidationError, match="Keep the description to 5000"):
        ruleset_update(rule_set=copy, user=manager, description="d" * 5001)
    copy.refresh_from_db()
    assert (copy.play_notes, copy.description) == before
    assert RuleSet.objects.filter(is_preset=False).count() == 1


def test_a_second_copy_gets_its_own_slug(copy):
    other = ruleset_copy(source=copy, user=manager_user(), name="Tuesday house rules!")
    assert other.slug == "tuesday-house-rules-2" and other.copied_from == copy


def test_a_copy_is_edited(copy):
    updated = ruleset_update(
        rule_set=copy, user=manager_user(), march_points=3, lone_march_points=5, name="Tuesdays"
    )
    copy.refresh_from_db()
    assert (copy.march_points, copy.lone_march_points, copy.name) == (3, 5, "Tuesdays")
    assert updated == copy


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"march_points": 0}, "A march (0) can't be worth less than making trump (1)."),
        ({"target_points": None}, "Set a target score"),
        ({"hands_per_game": 8}, "not both"),
        ({"scoring_mode": "individual"}, "Individual scoring needs a fixed number of hands"),
        ({"lone_renege_points": 1}, "can't give less than an ordinary renege"),
        ({"make_points": 5000}, "too large"),
    ],
)
def test_inconsistent_changes_are_refused_with_the_engines_message_and_change_nothing(
    copy, changes, message
):
    before = {name: getattr(copy, name) for name in SPEC_FIELDS}
    with pytest.raises(ValidationError) as exc:
        ruleset_update(rule_set=copy, user=manager_user(), **changes)
    assert message in " ".join(exc.value.messages)
    copy.refresh_from_db()
    assert {name: getattr(copy, name) for name in SPEC_FIELDS} == before


def test_presets_are_read_only():
    cca = preset("cca-league")
    with pytest.raises(ValidationError, match="Presets can't be changed"):
        ruleset_update(rule_set=cca, user=manager_user(), march_points=3)
    cca.refresh_from_db()
    assert cca.march_points == 2


def test_the_rules_of_a_set_already_used_by_scored_games_are_frozen(copy):
    from scoring.models import Game

    season_captain, team = ready_team()
    _, other = ready_team(team.season)
    game = Game.objects.create(rule_set=copy, label="G1", ns_team=team, ew_team=other)
    scorecard_submit(game=game, user=season_captain, side="NS", hands=NS_WINS_10_2)
    with pytest.raises(ValidationError, match="1 game\\(s\\) already have scorecards"):
        ruleset_update(rule_set=copy, user=manager_user(), march_points=3)
    ruleset_update(rule_set=copy, user=manager_user(), play_notes="Bring cards.")
    copy.refresh_from_db()
    assert (copy.march_points, copy.play_notes) == (2, "Bring cards.")


def test_unknown_fields_are_a_programming_error(copy):
    with pytest.raises(TypeError):
        ruleset_update(rule_set=copy, user=manager_user(), colour="red")
