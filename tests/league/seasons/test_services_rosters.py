import pytest
from django.core.exceptions import ValidationError

from league.seasons import services
from league.seasons.models import Fixture, Player, RosterEntry, Season
from tests.factories import PlayerFactory, RosterEntryFactory, UserFactory
from tests.league.factories import FixtureFactory, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return make_season(teams_per_level=(2,))


def test_a_captain_adds_a_new_player(season):
    team = season.teams.first()
    entry = services.roster_add_player(team=team, name=" Ann  Lee ", email="ANN@example.com")
    assert (entry.player.name, entry.player.email, entry.role) == (
        "Ann  Lee",
        "ann@example.com",
        "player",
    )


def test_a_player_is_on_one_team_a_season(season):
    first, second = season.teams.all()
    player = first.roster.first().player
    with pytest.raises(ValidationError, match="already plays for"):
        services.roster_add_player(team=second, name=player.name, email=player.email)
    with pytest.raises(ValidationError, match="already on"):
        services.roster_add_player(team=first, name=player.name, email=player.email)


def test_subs_are_added_from_the_sub_form_not_the_roster_form(season):
    with pytest.raises(ValidationError):
        services.roster_add_player(team=season.teams.first(), name="Sam", role="sub")


def test_a_team_keeps_a_captain(season):
    team = season.teams.first()
    captain = team.roster.get(role=RosterEntry.Role.CAPTAIN)
    with pytest.raises(ValidationError, match="captain"):
        services.roster_remove_entry(team=team, entry_id=captain.pk)
    with pytest.raises(ValidationError, match="captain"):
        services.roster_set_role(team=team, entry_id=captain.pk, role="player")
    other = team.roster.get(role=RosterEntry.Role.PLAYER)
    services.roster_set_role(team=team, entry_id=other.pk, role="captain")
    services.roster_remove_entry(team=team, entry_id=captain.pk)
    assert list(team.roster.values_list("role", flat=True)) == ["captain"]


def test_an_entry_of_another_team_cannot_be_touched(season):
    first, second = season.teams.all()
    foreign = second.roster.get(role=RosterEntry.Role.PLAYER)
    with pytest.raises(ValidationError):
        services.roster_remove_entry(team=first, entry_id=foreign.pk)
    with pytest.raises(ValidationError):
        services.roster_set_role(team=first, entry_id=foreign.pk, role="captain")
    assert RosterEntry.objects.filter(pk=foreign.pk, role="player").exists()


def _fixture(season, **kwargs):
    home, away = season.teams.all()
    return FixtureFactory(season=season, home=home, away=away, **kwargs)


def test_a_sub_plays_one_fixture_in_the_regular_season(season):
    fixture = _fixture(season)
    entry = services.sub_add(team=fixture.home, fixture=fixture, name="Sam Sub")
    assert (entry.role, entry.fixture, entry.starts_on, entry.ends_on, entry.approved) == (
        "sub",
        fixture,
        fixture.date,
        fixture.date,
        True,
    )
    assert Player.objects.filter(name="Sam Sub").count() == 1


def test_the_same_sub_by_email_cannot_sub_twice_in_one_fixture(season):
    fixture = _fixture(season)
    services.sub_add(team=fixture.home, fixture=fixture, name="Sam", email="sam@example.com")
    with pytest.raises(ValidationError, match="already a sub"):
        services.sub_add(team=fixture.away, fixture=fixture, name="Sam", email="sam@example.com")


def test_a_regular_cannot_sub_for_their_own_team(season):
    fixture = _fixture(season)
    regular = fixture.home.roster.first().player
    with pytest.raises(ValidationError, match="already on"):
        services.sub_add(team=fixture.home, fixture=fixture, name=regular.name, email=regular.email)


def test_subs_are_for_the_teams_own_fixtures_still_to_play(season):
    fixture = _fixture(season)
    other = make_season(teams_per_level=(1,)).teams.first()
    with pytest.raises(ValidationError):
        services.sub_add(team=other, fixture=fixture, name="Sam")
    fixture.status = Fixture.Status.PLAYED
    fixture.save()
    with pytest.raises(ValidationError, match="over"):
        services.sub_add(team=fixture.home, fixture=fixture, name="Sam")


def test_a_season_without_subs_refuses_them(season):
    season.subs_in_regular_season = False
    season.save()
    with pytest.raises(ValidationError, match="aren't allowed"):
        services.sub_add(team=season.teams.first(), fixture=_fixture(season), name="Sam")


@pytest.mark.parametrize(
    ("policy", "outcome"),
    [("not_allowed", "refused"), ("approval", "pending"), ("allowed", "approved")],
)
def test_playoff_subs_follow_the_policy(season, policy, outcome):
    Season.objects.filter(pk=season.pk).update(playoff_subs=policy)
    fixture = _fixture(season, stage=Fixture.Stage.PLAYOFF)
    fixture.season.refresh_from_db()
    if outcome == "refused":
        with pytest.raises(ValidationError, match="playoffs"):
            services.sub_add(team=fixture.home, fixture=fixture, name="Sam")
        return
    entry = services.sub_add(team=fixture.home, fixture=fixture, name="Sam")
    assert entry.approved is (outcome == "approved")


def test_a_manager_approves_or_refuses_a_pending_sub(season):
    fixture = _fixture(season, stage=Fixture.Stage.PLAYOFF)
    entry = services.sub_add(team=fixture.home, fixture=fixture, name="Sam")
    services.sub_decide(entry=entry, approve=True)
    entry.refresh_from_db()
    assert entry.approved
    services.sub_decide(entry=entry, approve=False)
    assert not RosterEntry.objects.filter(pk=entry.pk).exists()
    with pytest.raises(ValidationError):
        services.sub_decide(entry=RosterEntryFactory(), approve=True)


def test_a_bad_email_is_refused():
    with pytest.raises(ValidationError, match="isn't an email|is not an email"):
        services.player_find_or_create(name="Ann", email="nope")


def test_an_email_finds_its_owner_whose_details_stay_their_own():
    existing = PlayerFactory(name="Ann Owner", email="ann@example.com", phone="")
    found = services.player_find_or_create(name="Annie", email="Ann@Example.com", phone="555")
    existing.refresh_from_db()
    assert found == existing
    assert (existing.name, existing.phone) == ("Ann Owner", "")


def test_a_sub_of_the_season_made_a_regular_while_playing_elsewhere_is_refused(season):
    first, second = season.teams.all()
    regular = second.roster.get(role=RosterEntry.Role.PLAYER)
    sub = RosterEntryFactory(team=first, player=regular.player, role=RosterEntry.Role.SUB)
    with pytest.raises(ValidationError, match="already plays for another team"):
        services.roster_set_role(team=first, entry_id=sub.pk, role="player")
    sub.refresh_from_db()
    assert sub.role == "sub"


def test_an_address_already_someones_added_by_a_captain_is_invited_not_shown(season):
    team = season.teams.first()
    captain = team.roster.get(role=RosterEntry.Role.CAPTAIN)
    user = UserFactory()
    captain.player.user = user
    captain.player.save()
    owner = PlayerFactory(name="Olivia Owner", email="olivia@example.com", phone="555-0199")
    entry = services.roster_add_player(
        team=team, name="Liv", email="Olivia@Example.com", phone="", by=user
    )
    assert entry.player != owner and entry.player.name == "Liv" and entry.player.email == ""
    assert (entry.invited.email, entry.invited.player_id) == ("olivia@example.com", entry.player_id)
    owner.refresh_from_db()
    assert (owner.name, owner.phone) == ("Olivia Owner", "555-0199")
    with pytest.raises(ValidationError, match="already invited"):
        services.roster_add_player(team=team, name="Liv", email="olivia@example.com", by=user)


def test_without_a_person_acting_an_existing_player_joins_as_they_are(season):
    team = season.teams.first()
    owner = PlayerFactory(name="Olivia Owner", email="olivia@example.com")
    entry = services.roster_add_player(team=team, name="Liv", email="olivia@example.com")
    assert entry.player == owner and entry.invited is None
    with pytest.raises(ValidationError, match="olivia@example.com is already on"):
        services.roster_add_player(team=team, name="Liv", email="olivia@example.com")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("T" * 121, "Keep the team's name to 120 characters"),
        ("Nul\x00Team", "The team's name has characters that can't be shown"),
        ("Esc\x1bTeam", "The team's name has characters that can't be shown"),
        ("Bidi\u202eTeam", "The team's name has characters that can't be shown"),
    ],
)
def test_a_team_name_too_long_or_with_control_characters_is_refused(season, name, message):
    with pytest.raises(ValidationError, match=message):
        services.team_create(season=season, name=name)
    assert season.teams.count() == 2


TYPED = [
    ({"name": "P" * 121}, "Keep the player's name to 120 characters"),
    ({"name": "Ann\x00Lee"}, "The player's name has characters that can't be shown"),
    ({"name": "Ann\x1b[1mLee"}, "The player's name has characters that can't be shown"),
    ({"phone": "5" * 33}, "Keep the phone number to 32 characters"),
    ({"phone": "555\x000143"}, "The phone number has characters that can't be shown"),
    ({"phone": "555\x070143"}, "The phone number has characters that can't be shown"),
    ({"email": "a" * 250 + "@example.com"}, "Keep the email address to 254 characters"),
    ({"email": "ann\x00@example.com"}, "The email address has characters that can't be shown"),
]


@pytest.mark.parametrize(("typed", "message"), TYPED)
def test_a_roster_player_too_long_or_with_control_characters_is_refused(season, typed, message):
    team = season.teams.first()
    before = (Player.objects.count(), RosterEntry.objects.count())
    with pytest.raises(ValidationError, match=message):
        services.roster_add_player(team=team, **{"name": "Ann Lee", **typed})
    assert (Player.objects.count(), RosterEntry.objects.count()) == before


@pytest.mark.parametrize(("typed", "message"), TYPED)
def test_a_sub_too_long_or_with_control_characters_is_refused(season, typed, message):
    home, away = season.teams.all()
    fixture = FixtureFactory(season=season, home=home, away=away)
    before = (Player.objects.count(), RosterEntry.objects.count())
    with pytest.raises(ValidationError, match=message):
        services.sub_add(team=home, fixture=fixture, **{"name": "Sam Sub", **typed})
    assert (Player.objects.count(), RosterEntry.objects.count()) == before


@pytest.mark.parametrize(
    ("name", "phone", "message"),
    [
        ("L" * 121, "", "Keep the player's name to 120"),
        ("Liv\x00", "", "can't"),
        ("Liv", "5" * 40, "Keep the phone"),
    ],
)
def test_a_stand_in_for_someones_address_is_checked_like_a_new_player(season, name, phone, message):
    PlayerFactory(name="Olivia Owner", email="olivia@example.com")
    team = season.teams.first()
    captain = team.roster.get(role="captain")
    by = UserFactory()
    captain.player.user = by
    captain.player.save()
    with pytest.raises(ValidationError, match=message):
        services.roster_add_player(
            team=team, name=name, email="olivia@example.com", phone=phone, by=by
        )
    assert not Player.objects.filter(name__startswith="L", email="").exists()
