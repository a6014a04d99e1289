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
    manager = copy.created_by
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
        rule_set=copy, user=copy.created_by, march_points=3, lone_march_points=5, name="Tuesdays"
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
        ruleset_update(rule_set=copy, user=copy.created_by, **changes)
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
        ruleset_update(rule_set=copy, user=copy.created_by, march_points=3)
    ruleset_update(rule_set=copy, user=copy.created_by, play_notes="Bring cards.")
    copy.refresh_from_db()
    assert (copy.march_points, copy.play_notes) == (2, "Bring cards.")


def test_unknown_fields_are_a_programming_error(copy):
    with pytest.raises(TypeError):
        ruleset_update(rule_set=copy, user=copy.created_by, colour="red")


# --- who may change a copy: those who run every league and event playing under it ---


@pytest.fixture
def people():
    """League A plays under copy "A", event T under copy "T"; staff of both and of others."""
    from accounts.models import RoleName, Scope
    from tests.factories import (
        SeasonFactory,
        TournamentFactory,
        UserFactory,
        admin_user,
        grant_role,
    )

    league, other_league = SeasonFactory().league, SeasonFactory().league
    event, other_event = TournamentFactory(), TournamentFactory()
    users = {
        "manager": manager_user(league=league),
        "other_manager": manager_user(league=other_league),
        "director": director_user(tournament=event),
        "other_director": director_user(tournament=other_event),
        "scorekeeper": UserFactory(),
        "other_scorekeeper": UserFactory(),
        "admin": admin_user(),
    }
    grant_role(users["scorekeeper"], RoleName.SCOREKEEPER, Scope.TOURNAMENT, event.pk)
    grant_role(users["other_scorekeeper"], RoleName.SCOREKEEPER, Scope.TOURNAMENT, other_event.pk)
    maker = manager_user(league=other_league)
    copies = {
        "A": ruleset_copy(source=preset("cca-league"), user=maker, name="A"),
        "T": ruleset_copy(source=preset("cca-league"), user=maker, name="T"),
    }
    league.seasons.update(rule_set=copies["A"])
    type(event).objects.filter(pk=event.pk).update(rule_set=copies["T"])
    return users, copies, maker, league


ALLOWED = {"A": {"manager", "admin"}, "T": {"director", "admin"}}
EVERYONE = (
    "manager", "other_manager", "director", "other_director", "scorekeeper",
    "other_scorekeeper", "admin",
)  # fmt: skip


@pytest.mark.parametrize("which", ["A", "T"])
@pytest.mark.parametrize("role", EVERYONE)
def test_only_those_who_run_the_league_or_event_playing_under_a_copy_change_it(people, which, role):
    users, copies, maker, _ = people
    copy = copies[which]
    if role in ALLOWED[which]:
        ruleset_update(rule_set=copy, user=users[role], name="Renamed", march_points=3)
        copy.refresh_from_db()
        assert (copy.name, copy.march_points) == ("Renamed", 3)
        return
    before = (copy.name, copy.play_notes, copy.march_points)
    for change in ({"name": "Renamed"}, {"play_notes": "Mine now"}, {"march_points": 3}):
        with pytest.raises(PermissionDenied, match="make a copy"):
            ruleset_update(rule_set=copy, user=users[role], **change)
    copy.refresh_from_db()
    assert (copy.name, copy.play_notes, copy.march_points) == before == (which, before[1], 2)


def test_the_maker_of_a_copy_changes_it_until_another_league_plays_under_it(people):
    users, copies, maker, league = people
    mine = ruleset_copy(source=preset("cca-league"), user=maker, name="Mine")
    with pytest.raises(PermissionDenied):
        ruleset_update(rule_set=mine, user=users["other_manager"], name="Theirs")
    ruleset_update(rule_set=mine, user=maker, name="Still mine")
    with pytest.raises(PermissionDenied):  # the maker runs no league playing under A
        ruleset_update(rule_set=copies["A"], user=maker, name="Taken back")
    league.seasons.update(rule_set=mine)  # now league A plays under it too
    with pytest.raises(PermissionDenied):
        ruleset_update(rule_set=mine, user=maker, name="Mine again")
    ruleset_update(rule_set=mine, user=users["manager"], name="League A's now")


def test_a_copy_two_leagues_play_under_is_changed_only_by_who_runs_both(people):
    from tests.factories import SeasonFactory

    users, copies, maker, league = people
    SeasonFactory(rule_set=copies["A"])  # another league takes copy A
    with pytest.raises(PermissionDenied):
        ruleset_update(rule_set=copies["A"], user=users["manager"], name="Ours")
    ruleset_update(rule_set=copies["A"], user=users["admin"], name="Ours")


def test_a_league_whose_old_games_were_scored_under_a_copy_still_plays_under_it(people):
    from scoring.models import Game

    users, copies, maker, league = people
    captain, team = ready_team(league.seasons.get())
    _, other = ready_team(team.season)
    game = Game.objects.create(rule_set=copies["T"], label="G1", ns_team=team, ew_team=other)
    scorecard_submit(game=game, user=captain, side="NS", hands=NS_WINS_10_2)
    with pytest.raises(PermissionDenied):  # the event's director no longer decides alone
        ruleset_update(rule_set=copies["T"], user=users["director"], play_notes="Ours")
