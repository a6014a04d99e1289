import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.seasons.models import Waiver
from league.seasons.services import waiver_record_paper, waiver_sign_online
from tests.factories import PlayerFactory, RosterEntryFactory, TeamFactory, manager_user
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


def _rostered(season, **kwargs):
    """A player on a team of `season`: only they sign its waiver."""
    player = PlayerFactory(**kwargs)
    RosterEntryFactory(team=TeamFactory(season=season), player=player)
    return player


@pytest.fixture
def season():
    season = make_season(teams_per_level=())
    season.waiver_version = 4
    season.save()
    return season


def test_a_player_signs_online_with_their_name_in_any_case(season):
    player = _rostered(season, name="Casey Captain")
    waiver = waiver_sign_online(
        player=player,
        season=season,
        typed_name="  casey   CAPTAIN ",
        agreed=True,
        ip_address="203.0.113.9",
    )
    assert (waiver.method, waiver.version, waiver.typed_name) == ("online", 4, "casey CAPTAIN")
    assert waiver.ip_address == "203.0.113.9"
    assert abs(waiver.signed_at - timezone.now()) < datetime.timedelta(minutes=1)


def test_a_curly_apostrophe_or_accents_left_out_still_sign(season):
    player = _rostered(season, name="Zoë O'Brien")
    waiver = waiver_sign_online(
        player=player, season=season, typed_name="zoe o’brien", agreed=True, ip_address=None
    )
    assert waiver.typed_name == "zoe o’brien"


@pytest.mark.parametrize(
    ("typed", "agreed", "message"),
    [("Casey Captain", False, "Tick the box"), ("Casey", True, "as the roster has it")],
)
def test_signing_needs_the_full_name_and_the_tick(season, typed, agreed, message):
    player = _rostered(season, name="Casey Captain")
    with pytest.raises(ValidationError, match=message):
        waiver_sign_online(
            player=player, season=season, typed_name=typed, agreed=agreed, ip_address=None
        )
    assert not Waiver.objects.exists()


def test_a_waiver_is_signed_once_a_season(season):
    player = _rostered(season, name="Ann")
    waiver_sign_online(player=player, season=season, typed_name="Ann", agreed=True, ip_address=None)
    with pytest.raises(ValidationError, match="already"):
        waiver_sign_online(
            player=player, season=season, typed_name="Ann", agreed=True, ip_address=None
        )
    with pytest.raises(ValidationError, match="already"):
        waiver_record_paper(player=player, season=season, by=None)


def test_staff_record_a_paper_waiver_with_its_date(season):
    manager = manager_user()
    player = _rostered(season)
    day = timezone.localdate() - datetime.timedelta(days=3)
    waiver = waiver_record_paper(player=player, season=season, by=manager, signed_on=day)
    assert (waiver.method, waiver.recorded_by, waiver.version) == ("paper", manager, 4)
    assert timezone.localtime(waiver.signed_at).date() == day


def test_a_paper_waiver_cannot_be_dated_in_the_future(season):
    with pytest.raises(ValidationError, match="future"):
        waiver_record_paper(
            player=_rostered(season),
            season=season,
            by=None,
            signed_on=timezone.localdate() + datetime.timedelta(days=1),
        )


def test_only_the_waivers_of_seasons_a_person_is_rostered_in_are_signed(season):
    elsewhere = make_season(teams_per_level=())
    player = _rostered(elsewhere, name="Ann")
    with pytest.raises(ValidationError, match="aren't on a team in"):
        waiver_sign_online(
            player=player, season=season, typed_name="Ann", agreed=True, ip_address=None
        )
    with pytest.raises(ValidationError, match="isn't on a team in"):
        waiver_record_paper(player=player, season=season, by=manager_user())
    assert not Waiver.objects.filter(season=season).exists()
    waiver_sign_online(
        player=player, season=elsewhere, typed_name="Ann", agreed=True, ip_address=None
    )


def test_a_sub_signs_the_waiver_of_the_season_they_sub_in(season):
    player = PlayerFactory(name="Sam Sub")
    RosterEntryFactory(team=TeamFactory(season=season), player=player, role="sub")
    waiver = waiver_sign_online(
        player=player, season=season, typed_name="Sam Sub", agreed=True, ip_address=None
    )
    assert waiver.season == season


def test_a_paper_waiver_dated_before_the_date_window_is_refused(season):
    with pytest.raises(ValidationError, match="Pick a date between Sat 1 Jan 2000 and"):
        waiver_record_paper(
            player=_rostered(season), season=season, by=None, signed_on=datetime.date(1, 1, 1)
        )
    assert not Waiver.objects.exists()
