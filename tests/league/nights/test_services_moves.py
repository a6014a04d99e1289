"""night_move: which fixtures move, which stay and why, who is told, and what is refused."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from league.nights.services.moves import night_move, night_move_preview
from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.models import Fixture, RosterEntry, SeasonDate
from league.seasons.versions import season_versions
from notices.models import Announcement, Notice, OutboxMessage
from notices.unsubscribe import email_opt_out
from tests.factories import PlayerFactory, RosterEntryFactory, UserFactory, manager_user
from tests.league.cancellation_factories import (
    WEDNESDAY,
    WEEK,
    night,
    opt_in_to_texts,
    players_of,
    published_season,
)
from tests.league.factories import TUESDAY, make_season
from tests.league.night_factories import night as past_night

pytestmark = pytest.mark.django_db
THURSDAY = TUESDAY + datetime.timedelta(days=2)


@pytest.fixture
def season():
    return published_season()


@pytest.fixture
def manager(season):
    return manager_user(season.league)


def _move(season, user, **kwargs):
    values = {"date": TUESDAY, "new_date": THURSDAY}
    values.update(kwargs)
    return night_move(season=season, user=user, **values)


def _dates(fixtures) -> set[datetime.date]:
    return set(
        Fixture.objects.filter(pk__in=[f.pk for f in fixtures]).values_list("date", flat=True)
    )


def _emails(notice) -> set[str]:
    return set(notice.messages.filter(channel="email").values_list("address", flat=True))


def test_moving_a_night_moves_every_fixture_of_it_and_keeps_the_scheduled_date(season, manager):
    tuesday = night(season)
    plan = _move(season, manager)
    assert {f.pk for f in plan.games} == {f.pk for f in tuesday}
    for fixture in Fixture.objects.filter(pk__in=[f.pk for f in tuesday]):
        assert fixture.date == THURSDAY and fixture.original_date == TUESDAY
        assert fixture.status == Fixture.Status.SCHEDULED
    assert not season.fixtures.filter(date=TUESDAY).exists()
    assert season.fixtures.filter(date=TUESDAY + WEEK).count() == 4  # the next week stays


def test_everyone_of_every_moved_fixture_is_told_accounts_or_not_with_texts_by_consent(
    season, manager
):
    tuesday = night(season)
    no_account = RosterEntryFactory(team=tuesday[0].home, player=PlayerFactory(user=None)).player
    texter = opt_in_to_texts(players_of(tuesday)[0], "317 555 0101")
    number_only = players_of(tuesday)[1]
    number_only.phone = "317 555 0102"  # a number, but no consent to texts
    number_only.save(update_fields=["phone"])
    sub = RosterEntryFactory(team=tuesday[1].away, role=RosterEntry.Role.SUB, fixture=tuesday[1])
    plan = _move(season, manager, note="The hall is booked.")
    notice = Notice.objects.get(kind=Notice.Kind.FIXTURES_MOVED)
    expected = {p.email for p in players_of(tuesday)} | {sub.player.email}
    assert no_account.email in expected and _emails(notice) == expected
    assert list(notice.messages.filter(channel="sms").values_list("player_id", flat=True)) == [
        texter.pk
    ]
    assert (plan.audience.emails, plan.audience.texts) == (len(expected), 1)
    assert plan.audience.sentence == f"This will email {len(expected)} people and text 1."
    assert notice.subject == "The league night of Tue 3 Sep 2030 moves to Thu 5 Sep 2030"
    assert "The hall is booked." in notice.body
    assert f"- {tuesday[0].home} v {tuesday[0].away} ({tuesday[0].table})" in notice.body
    assert notice.source["moved_to"] == "2030-09-05" and notice.created_by == manager
    assert Announcement.objects.get().notice == notice


def test_the_players_of_fixtures_that_stay_or_of_other_nights_hear_nothing(season, manager):
    tuesday = night(season)
    _move(season, manager, fixtures=tuesday[:1])
    notice = Notice.objects.get()
    assert _emails(notice) == {p.email for p in players_of(tuesday[:1])}
    assert (
        notice.subject
        == f"{tuesday[0].home} v {tuesday[0].away} of Tue 3 Sep 2030 moves to Thu 5 Sep 2030"
    )
    assert _dates(tuesday[1:]) == {TUESDAY}


def test_an_address_that_asked_for_no_more_emails_is_left_out_and_not_counted(season, manager):
    tuesday = night(season)
    stopped = players_of(tuesday)[0]
    email_opt_out(stopped.email)
    preview = night_move_preview(season=season, date=TUESDAY, new_date=THURSDAY, user=manager)
    assert preview.audience.emails == len(players_of(tuesday)) - 1
    _move(season, manager)
    assert stopped.email not in _emails(Notice.objects.get())


def test_the_move_is_in_the_activity_log_and_the_schedule_version_moves_on(
    season, manager, django_capture_on_commit_callbacks
):
    before = season_versions(season).schedule
    with django_capture_on_commit_callbacks(execute=True):
        _move(season, manager, note="Hall booked")
    entry = Activity.objects.get(verb=Verb.NIGHT_MOVED)
    assert entry.actor == manager and entry.scope_id == season.league_id
    assert entry.target_label == f"{season.name} · Tue 3 Sep 2030"
    assert entry.detail == "4 fixtures to Thu 5 Sep 2030 · Hall booked"
    assert season_versions(season).schedule != before


def test_the_preview_says_what_would_happen_and_writes_nothing(season, manager):
    plan = night_move_preview(season=season, date=TUESDAY, new_date=THURSDAY, user=manager)
    assert len(plan.games) == 4 and plan.audience.people == 16
    assert _dates(night(season)) == {TUESDAY}
    assert (
        not Notice.objects.exists() and not Activity.objects.filter(verb=Verb.NIGHT_MOVED).exists()
    )


def test_a_new_start_time_is_given_to_every_moved_fixture(season, manager):
    _move(season, manager, start_time=datetime.time(19, 30))
    times = set(season.fixtures.filter(date=THURSDAY).values_list("start_time", flat=True))
    assert times == {datetime.time(19, 30)}
    assert "starting at 7:30 PM" in Notice.objects.get().body


def test_played_and_cancelled_fixtures_stay_and_the_plan_says_why(season, manager):
    tuesday = night(season)
    Fixture.objects.filter(pk=tuesday[0].pk).update(status=Fixture.Status.PLAYED)
    Fixture.objects.filter(pk=tuesday[1].pk).update(status=Fixture.Status.CANCELLED)
    plan = _move(season, manager)
    assert {f.pk for f in plan.games} == {tuesday[2].pk, tuesday[3].pk}
    assert {(f.pk, why.split(":")[0]) for f, why in plan.staying} == {
        (tuesday[0].pk, "already played"),
        (tuesday[1].pk, "cancelled"),
    }
    assert _dates(tuesday[:2]) == {TUESDAY} and _dates(tuesday[2:]) == {THURSDAY}


def test_choosing_a_fixture_that_cannot_move_refuses_and_moves_nothing(season, manager):
    tuesday = night(season)
    Fixture.objects.filter(pk=tuesday[0].pk).update(status=Fixture.Status.PLAYED)
    with pytest.raises(ValidationError) as refused:
        _move(season, manager, fixtures=tuesday[:2])
    assert "stays: already played." in str(refused.value)
    assert _dates(tuesday) == {TUESDAY} and not Notice.objects.exists()


def test_a_fixture_whose_card_is_being_entered_stays():
    n = past_night()
    manager = manager_user(n.season.league)
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    new_date = timezone.localdate() + datetime.timedelta(days=3)
    with pytest.raises(ValidationError) as refused:
        night_move(season=n.season, date=n.fixture.date, new_date=new_date, user=manager)
    assert "its results are being entered" in str(refused.value)
    assert Fixture.objects.get(pk=n.fixture.pk).date == n.fixture.date


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"new_date": TUESDAY}, "Pick another night than the one it is on."),
        ({"date": WEDNESDAY}, "Nothing is scheduled on Wed 4 Sep 2030."),
        ({"new_date": datetime.date(1999, 1, 1)}, "Pick a date between"),
        ({"new_date": timezone.localdate() - datetime.timedelta(days=1)}, "has passed"),
        ({"note": "bad\x00note"}, "control characters"),
        ({"new_date": TUESDAY + WEEK}, "already play on Tue 10 Sep 2030"),
    ],
)
def test_bad_moves_are_refused_with_a_message_and_change_nothing(season, manager, kwargs, message):
    with pytest.raises(ValidationError) as refused:
        _move(season, manager, **kwargs)
    assert message in " ".join(refused.value.messages)
    assert _dates(night(season)) == {TUESDAY}
    assert not Notice.objects.exists()


def test_a_blackout_date_or_a_cancelled_night_is_refused(season, manager):
    SeasonDate.objects.create(season=season, date=THURSDAY, kind=SeasonDate.Kind.BLACKOUT)
    with pytest.raises(ValidationError, match="blackout"):
        _move(season, manager)
    next_week = night(season, TUESDAY + WEEK)
    Fixture.objects.filter(pk__in=[f.pk for f in next_week]).update(status=Fixture.Status.CANCELLED)
    with pytest.raises(ValidationError, match="is cancelled"):
        _move(season, manager, date=TUESDAY + 2 * WEEK, new_date=TUESDAY + WEEK)


def test_a_draft_schedule_is_edited_not_moved(manager):
    draft = make_season()
    with pytest.raises(ValidationError, match="isn't published"):
        night_move(season=draft, date=TUESDAY, new_date=THURSDAY, user=manager_user(draft.league))


def test_moving_the_same_night_twice_moves_and_tells_once(season, manager):
    _move(season, manager)
    with pytest.raises(ValidationError, match="Nothing is scheduled on Tue 3 Sep 2030"):
        _move(season, manager)
    assert Notice.objects.count() == 1
    assert OutboxMessage.objects.count() == 16


@pytest.mark.parametrize("who", ["other_manager", "player", "nobody"])
def test_only_this_leagues_managers_move_its_nights(season, who):
    user = {
        "other_manager": lambda: manager_user(make_season().league),
        "player": lambda: players_of(night(season))[0].user or UserFactory(),
        "nobody": lambda: None,
    }[who]()
    for call in (night_move, night_move_preview):
        with pytest.raises(PermissionDenied):
            call(season=season, date=TUESDAY, new_date=THURSDAY, user=user)
    assert _dates(night(season)) == {TUESDAY} and not Notice.objects.exists()
