import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.seasons.models import Waiver
from league.seasons.services import waiver_record_paper, waiver_sign_online
from tests.factories import PlayerFactory, manager_user
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = make_season(teams_per_level=())
    season.waiver_version = 4
    season.save()
    return season


def test_a_player_signs_online_with_their_name_in_any_case(season):
    player = PlayerFactory(name="Casey Captain")
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


@pytest.mark.parametrize(
    ("typed", "agreed", "message"),
    [("Casey Captain", False, "Tick the box"), ("Casey", True, "exactly as it appears")],
)
def test_signing_needs_the_full_name_and_the_tick(season, typed, agreed, message):
    player = PlayerFactory(name="Casey Captain")
    with pytest.raises(ValidationError, match=message):
        waiver_sign_online(
            player=player, season=season, typed_name=typed, agreed=agreed, ip_address=None
        )
    assert not Waiver.objects.exists()


def test_a_waiver_is_signed_once_a_season(season):
    player = PlayerFactory(name="Ann")
    waiver_sign_online(player=player, season=season, typed_name="Ann", agreed=True, ip_address=None)
    with pytest.raises(ValidationError, match="already"):
        waiver_sign_online(
            player=player, season=season, typed_name="Ann", agreed=True, ip_address=None
        )
    with pytest.raises(ValidationError, match="already"):
        waiver_record_paper(player=player, season=season, by=None)


def test_staff_record_a_paper_waiver_with_its_date(season):
    manager = manager_user()
    player = PlayerFactory()
    day = timezone.localdate() - datetime.timedelta(days=3)
    waiver = waiver_record_paper(player=player, season=season, by=manager, signed_on=day)
    assert (waiver.method, waiver.recorded_by, waiver.version) == ("paper", manager, 4)
    assert timezone.localtime(waiver.signed_at).date() == day


def test_a_paper_waiver_cannot_be_dated_in_the_future(season):
    with pytest.raises(ValidationError, match="future"):
        waiver_record_paper(
            player=PlayerFactory(),
            season=season,
            by=None,
            signed_on=timezone.localdate() + datetime.timedelta(days=1),
        )
