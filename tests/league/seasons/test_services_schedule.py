import datetime
from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.seasons import services
from league.seasons.models import Fixture, Player, SeasonDate
from league.seasons.services.schedule import publish_audience
from notices.models import Notice
from tests.factories import manager_user
from tests.league.factories import TUESDAY, TableFactory, make_season

pytestmark = pytest.mark.django_db
WEEK = datetime.timedelta(weeks=1)


def test_it_generates_weekly_fixtures_within_each_level_with_byes():
    season = make_season(teams_per_level=(4, 3), tables=4, weeks=6)
    SeasonDate.objects.create(season=season, date=TUESDAY + WEEK, kind="blackout")
    count = services.season_generate_schedule(season=season)
    fixtures = list(season.fixtures.select_related("home", "away", "skill_level"))
    assert count == len(fixtures) == 6 * (2 + 2)  # A: 2 games; B: 1 game and a bye
    assert {f.date for f in fixtures} == {TUESDAY + WEEK * n for n in (0, 2, 3, 4, 5, 6)}
    for fixture in fixtures:
        if fixture.away is None:
            assert fixture.table is None and fixture.games == 0
        else:
            assert fixture.home.skill_level == fixture.away.skill_level == fixture.skill_level
            assert fixture.games == 3 and fixture.table is not None
    byes = Counter(f.home.name for f in fixtures if f.is_bye)
    assert set(byes) == {"B1", "B2", "B3"}


def test_regenerating_replaces_the_draft():
    season = make_season(teams_per_level=(4,), weeks=3)
    services.season_generate_schedule(season=season)
    first_ids = set(season.fixtures.values_list("pk", flat=True))
    services.season_generate_schedule(season=season)
    assert season.fixtures.count() == 6
    assert not first_ids & set(season.fixtures.values_list("pk", flat=True))


def test_a_published_schedule_is_not_regenerated():
    season = make_season(teams_per_level=(4,), weeks=3)
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    season.refresh_from_db()
    assert season.is_published and season.schedule_published_at is not None
    with pytest.raises(ValidationError, match="published"):
        services.season_generate_schedule(season=season)
    with pytest.raises(ValidationError, match="already published"):
        services.season_publish_schedule(season=season)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"teams_per_level": (1,)}, "two active teams"),
        ({"teams_per_level": (6,), "tables": 2}, "tables"),
        ({"teams_per_level": (4,), "starts_on": None}, "first league night"),
    ],
)
def test_it_explains_why_a_schedule_cannot_be_generated(setup, message):
    starts_on = setup.pop("starts_on", TUESDAY)
    season = make_season(**setup)
    season.starts_on = starts_on
    season.save()
    with pytest.raises(ValidationError, match=message):
        services.season_generate_schedule(season=season)
    assert not season.fixtures.exists()


def test_a_season_stored_starting_in_december_9999_gets_a_message_not_an_overflow():
    season = make_season(teams_per_level=(4,), weeks=3)
    season.starts_on = datetime.date(9999, 12, 28)  # a Tuesday, saved before the window
    season.save(update_fields=["starts_on"])
    with pytest.raises(ValidationError, match="Change the season's first league night: Pick a"):
        services.season_generate_schedule(season=season)
    assert not season.fixtures.exists()


def test_an_empty_schedule_cannot_be_published():
    with pytest.raises(ValidationError, match="Generate"):
        services.season_publish_schedule(season=make_season(teams_per_level=(2,)))


@pytest.fixture
def scheduled():
    season = make_season(teams_per_level=(4,), tables=2, weeks=3)
    services.season_generate_schedule(season=season)
    return season


def _edit(fixture, **changes):
    values = {
        "date": fixture.date,
        "home": fixture.home,
        "away": fixture.away,
        "table": fixture.table,
        "status": fixture.status,
    }
    values.update(changes)
    return services.fixture_update(fixture=fixture, **values)


def test_a_manager_moves_a_fixture_and_the_original_date_is_kept(scheduled):
    fixture = scheduled.fixtures.filter(week=1).first()
    moved = _edit(fixture, date=TUESDAY + datetime.timedelta(days=2))
    assert moved.original_date == TUESDAY and moved.was_moved
    _edit(moved, date=TUESDAY + datetime.timedelta(days=3))
    moved.refresh_from_db()
    assert moved.original_date == TUESDAY


def test_a_team_cannot_play_twice_the_same_night(scheduled):
    first, second = scheduled.fixtures.filter(week=1)
    with pytest.raises(ValidationError, match="already play"):
        _edit(second, away=first.home)


def test_a_table_holds_one_fixture_a_night(scheduled):
    first, second = scheduled.fixtures.filter(week=1)
    with pytest.raises(ValidationError, match="already holds"):
        _edit(second, table=first.table)
    elsewhere = TableFactory()
    with pytest.raises(ValidationError, match="venues"):
        _edit(second, table=elsewhere)


def test_a_hand_edit_cannot_pit_a_team_against_itself_or_another_season(scheduled):
    fixture = scheduled.fixtures.first()
    with pytest.raises(ValidationError, match="itself"):
        _edit(fixture, away=fixture.home)
    stranger = make_season(teams_per_level=(1,)).teams.first()
    with pytest.raises(ValidationError, match="isn't in"):
        _edit(fixture, away=stranger)


def test_publishing_refuses_a_clash_left_in_the_draft(scheduled):
    first, second = scheduled.fixtures.filter(week=1)
    Fixture.objects.filter(pk=second.pk).update(away=first.home, home=second.home)
    with pytest.raises(ValidationError, match="plays twice"):
        services.season_publish_schedule(season=scheduled)


def test_a_fixture_moved_outside_the_date_window_is_refused_and_stays(scheduled):
    fixture = scheduled.fixtures.filter(away__isnull=False).first()
    with pytest.raises(ValidationError, match="Pick a date between Sat 1 Jan 2000 and"):
        services.fixture_update(
            fixture=fixture,
            date=datetime.date(9999, 12, 31),
            home=fixture.home,
            away=fixture.away,
            table=fixture.table,
            status=fixture.status,
            start_time=datetime.time(23, 30),
        )
    fixture.refresh_from_db()
    assert (fixture.date, fixture.original_date, fixture.start_time) == (TUESDAY, None, None)


def test_publishing_tells_every_rostered_player_accounts_or_not_texts_by_consent():
    season = make_season(teams_per_level=(4,), weeks=3)
    services.season_generate_schedule(season=season)
    manager = manager_user(season.league)
    players = list(Player.objects.filter(roster_entries__team__season=season))
    texter = players[0]
    texter.phone, texter.sms_opt_in = "+14165550123", True
    texter.save(update_fields=["phone", "sms_opt_in"])
    assert publish_audience(season).sentence == "This will email 8 people and text 1."
    services.season_publish_schedule(season=season, by=manager)
    notice = Notice.objects.get(kind=Notice.Kind.SCHEDULE_PUBLISHED)
    emails = set(notice.messages.filter(channel="email").values_list("address", flat=True))
    assert emails == {p.email for p in players} and len(emails) == 8
    assert all(p.user_id is None for p in players)  # none of them has an account
    assert list(notice.messages.filter(channel="sms").values_list("address", flat=True)) == [
        "+14165550123"
    ]
    assert notice.subject == f"{season.league.name}: the {season.name} schedule is out"
    assert "6 fixtures over 3 weeks, from Tue 3 Sep 2030" in notice.body
    assert notice.link.endswith("/schedule/") and notice.created_by == manager
    assert notice.announcement.league == season.league


def test_the_demo_loader_publishing_with_nobody_tells_nobody():
    season = make_season(teams_per_level=(4,), weeks=3)
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    assert not Notice.objects.exists()


def test_only_the_leagues_managers_publish_its_schedule():
    season = make_season(teams_per_level=(4,), weeks=3)
    services.season_generate_schedule(season=season)
    other = manager_user(make_season().league)
    with pytest.raises(PermissionDenied):
        services.season_publish_schedule(season=season, by=other)
    season.refresh_from_db()
    assert not season.is_published and not Notice.objects.exists()
