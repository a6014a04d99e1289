"""Asking for a sub, answering, withdrawing: the rules, the refusals and what is told."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity
from league.availability.models import Availability
from league.seasons.models import Fixture, RosterEntry, Season
from league.subs import services
from league.subs.models import SubAsk, SubRequest
from notices.models import Notice, OutboxMessage, ReplyCode
from tests.factories import RosterEntryFactory, manager_user
from tests.league.subs.factories import fixture_ahead, volunteer

pytestmark = pytest.mark.django_db


def ask_for(ahead, **kwargs):
    return services.sub_request_create(
        fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain, **kwargs
    )


def test_a_request_asks_each_eligible_volunteer_with_their_own_link_and_code():
    ahead = fixture_ahead()
    ann, bob = volunteer(ahead.season, name="Ann"), volunteer(ahead.season, name="Bob")
    request = ask_for(ahead, note="Back table")
    asks = list(request.asks.order_by("player__name"))
    assert [a.player for a in asks] == [ann, bob]
    assert all(len(a.token) == 43 for a in asks)
    notices = Notice.objects.filter(kind=Notice.Kind.SUB_WANTED)
    assert notices.count() == 2  # one each: the link and the code are theirs
    for ask in asks:
        notice = notices.get(key=f"sub_wanted:ask:{ask.pk}")
        assert notice.link == f"/leagues/subs/answers/{ask.token}/"
        channels = set(notice.messages.values_list("channel", flat=True))
        assert channels == {OutboxMessage.Channel.EMAIL, OutboxMessage.Channel.SMS}
        assert ReplyCode.objects.filter(message__notice=notice, handler="league_sub").exists()
    assert Activity.objects.filter(verb="sub_requested").count() == 1


def test_only_the_teams_captain_or_its_manager_may_ask():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    with pytest.raises(PermissionDenied):
        services.sub_request_create(fixture=ahead.fixture, team=ahead.home, by=ahead.away_captain)
    other_league = manager_user()
    other_league.object_roles.all().delete()
    with pytest.raises(PermissionDenied):
        services.sub_request_create(fixture=ahead.fixture, team=ahead.home, by=other_league)
    manager = manager_user(league=ahead.season.league)
    assert services.sub_request_create(fixture=ahead.fixture, team=ahead.home, by=manager).pk


@pytest.mark.parametrize(
    "change, message",
    [
        ({"status": Fixture.Status.PLAYED}, "This fixture is played"),
        ({"status": Fixture.Status.CANCELLED}, "This fixture is cancelled"),
        ({"status": Fixture.Status.POSTPONED}, "This fixture is postponed"),
        ({"date": datetime.date(2020, 1, 7)}, "has started or is over"),
    ],
)
def test_a_fixture_not_ahead_is_refused(change, message):
    ahead = fixture_ahead()
    volunteer(ahead.season)
    Fixture.objects.filter(pk=ahead.fixture.pk).update(**change)
    with pytest.raises(ValidationError, match=message):
        ask_for(ahead)
    assert not SubRequest.objects.exists()


def test_a_fixture_that_started_tonight_is_refused():
    ahead = fixture_ahead(days=0)
    volunteer(ahead.season)
    # Midnight tonight: started whatever the time of day the test runs.
    Fixture.objects.filter(pk=ahead.fixture.pk).update(start_time=datetime.time(0, 0))
    with pytest.raises(ValidationError, match="has started"):
        ask_for(ahead)


def test_a_bye_and_a_team_not_in_the_fixture_are_refused():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    third = fixture_ahead(ahead.season)
    with pytest.raises(ValidationError, match="doesn't play in this fixture"):
        services.sub_request_create(fixture=ahead.fixture, team=third.home, by=third.home_captain)
    bye = Fixture.objects.create(
        season=ahead.season, week=6, date=ahead.fixture.date, home=third.home
    )
    with pytest.raises(ValidationError, match="A bye"):
        services.sub_request_create(fixture=bye, team=third.home, by=third.home_captain)


def test_the_seasons_sub_rules_are_obeyed():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    Season.objects.filter(pk=ahead.season.pk).update(subs_in_regular_season=False)
    ahead.home.season.refresh_from_db()
    with pytest.raises(ValidationError, match="Subs aren't allowed in this season."):
        ask_for(ahead)
    Fixture.objects.filter(pk=ahead.fixture.pk).update(stage=Fixture.Stage.PLAYOFF)
    Season.objects.filter(pk=ahead.season.pk).update(playoff_subs="not_allowed")
    ahead.fixture.refresh_from_db()
    ahead.home.season.refresh_from_db()
    with pytest.raises(ValidationError, match="playoffs"):
        ask_for(ahead)


def test_a_team_at_its_sub_limit_is_refused():
    ahead = fixture_ahead(sub_limit_per_team=1)
    volunteer(ahead.season)
    earlier = fixture_ahead(ahead.season)
    RosterEntryFactory(
        team=ahead.home, role=RosterEntry.Role.SUB, fixture=earlier.fixture
    )  # counted though it's another pairing's fixture: the team used one
    with pytest.raises(ValidationError, match="used its 1 sub"):
        ask_for(ahead)


def test_nobody_eligible_is_said_and_the_opponents_players_are_never_asked():
    ahead = fixture_ahead()
    on_opponent = volunteer(ahead.season)
    RosterEntryFactory(team=ahead.away, player=on_opponent)
    with pytest.raises(ValidationError, match="Nobody on the season's sub list"):
        ask_for(ahead)
    free = volunteer(ahead.season)
    assert [a.player for a in ask_for(ahead).asks.all()] == [free]


def test_a_regular_of_another_team_is_asked_only_when_their_team_is_free():
    ahead = fixture_ahead()
    same_night = fixture_ahead(ahead.season)
    busy = volunteer(ahead.season)
    RosterEntryFactory(team=same_night.home, player=busy)
    with pytest.raises(ValidationError, match="Nobody"):
        ask_for(ahead)
    Fixture.objects.filter(pk=same_night.fixture.pk).update(
        date=ahead.fixture.date + datetime.timedelta(days=7)
    )
    assert [a.player for a in ask_for(ahead).asks.all()] == [busy]


def test_asking_twice_answers_with_the_open_request():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    first = ask_for(ahead)
    with pytest.raises(services.AlreadyLooking) as caught:
        services.sub_request_create(fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain)
    assert caught.value.existing == first
    assert SubRequest.objects.count() == 1


# --- answers ---


def test_the_first_yes_fills_it_marks_the_sub_coming_and_tells_everyone():
    ahead = fixture_ahead()
    ann, bob = volunteer(ahead.season, name="Ann"), volunteer(ahead.season, name="Bob")
    request = ask_for(ahead)
    ann_ask, bob_ask = request.asks.get(player=ann), request.asks.get(player=bob)
    answered = services.sub_request_answer(ask=ann_ask, yes=True, via="link")
    assert answered.outcome == services.FILLED
    request.refresh_from_db()
    assert (request.status, request.filled_by) == (SubRequest.Status.FILLED, ann)
    entry = request.entry
    assert (entry.team, entry.fixture, entry.role, entry.approved) == (
        ahead.home,
        ahead.fixture,
        RosterEntry.Role.SUB,
        True,
    )
    assert Availability.objects.get(fixture=ahead.fixture, player=ann).answer == "coming"
    found = Notice.objects.get(key=f"sub_found:request:{request.pk}")
    assert set(found.messages.values_list("player_id", flat=True)) >= {ahead.home_captain.player.pk}
    filled = Notice.objects.get(key=f"sub_filled:request:{request.pk}")
    assert set(filled.messages.values_list("player_id", flat=True)) == {bob.pk}
    late = services.sub_request_answer(ask=bob_ask, yes=True, via="text")
    assert late.outcome == services.TOO_LATE
    assert "already filled" in late.message
    bob_ask.refresh_from_db()
    assert bob_ask.answer == SubAsk.Answer.TOO_LATE
    assert RosterEntry.objects.filter(fixture=ahead.fixture).count() == 1


def test_the_same_yes_twice_changes_nothing():
    ahead = fixture_ahead()
    ann = volunteer(ahead.season)
    ask = ask_for(ahead).asks.get(player=ann)
    services.sub_request_answer(ask=ask, yes=True, via="link")
    again = services.sub_request_answer(ask=ask, yes=True, via="text")
    assert again.outcome == services.ALREADY
    assert RosterEntry.objects.filter(fixture=ahead.fixture, player=ann).count() == 1
    assert Notice.objects.filter(kind=Notice.Kind.SUB_FOUND).count() == 1  # nobody else asked
    assert Activity.objects.filter(verb="sub_found").count() == 1


def test_a_playoff_sub_under_approval_waits_for_the_manager():
    ahead = fixture_ahead()
    Fixture.objects.filter(pk=ahead.fixture.pk).update(stage=Fixture.Stage.PLAYOFF)
    ahead.fixture.refresh_from_db()
    ann = volunteer(ahead.season)
    answered = services.sub_request_answer(
        ask=ask_for(ahead).asks.get(player=ann), yes=True, via="link"
    )
    assert "approval" in answered.message
    assert answered.request.entry.approved is False


def test_a_no_just_records_no_and_leaves_it_open():
    ahead = fixture_ahead()
    ann = volunteer(ahead.season)
    ask = ask_for(ahead).asks.get(player=ann)
    assert services.sub_request_answer(ask=ask, yes=False, via="link").outcome == services.NO
    ask.refresh_from_db()
    assert ask.answer == SubAsk.Answer.NO
    assert ask.request.status == SubRequest.Status.OPEN
    assert services.sub_request_answer(ask=ask, yes=True, via="link").outcome == services.FILLED


def test_a_yes_after_the_request_was_withdrawn_is_told_so():
    ahead = fixture_ahead()
    ann = volunteer(ahead.season)
    request = ask_for(ahead)
    services.sub_request_withdraw(request=request, by=ahead.home_captain)
    assert Notice.objects.filter(key=f"sub_withdrawn:request:{request.pk}").exists()
    answered = services.sub_request_answer(ask=request.asks.get(player=ann), yes=True, via="link")
    assert answered.outcome == services.CLOSED
    assert "withdrew" in answered.message
    assert not RosterEntry.objects.filter(fixture=ahead.fixture, player=ann).exists()
    with pytest.raises(ValidationError, match="already withdrawn"):
        services.sub_request_withdraw(request=request, by=ahead.home_captain)


def test_only_the_teams_captain_or_manager_withdraws():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    request = ask_for(ahead)
    with pytest.raises(PermissionDenied):
        services.sub_request_withdraw(request=request, by=ahead.away_captain)


def test_a_yes_from_someone_who_joined_the_opponents_roster_since_is_refused():
    ahead = fixture_ahead()
    ann = volunteer(ahead.season)
    ask = ask_for(ahead).asks.get(player=ann)
    RosterEntryFactory(team=ahead.away, player=ann)
    answered = services.sub_request_answer(ask=ask, yes=True, via="link")
    assert answered.outcome == services.REFUSED
    assert "opponent's roster" in answered.message
    assert SubRequest.objects.get().status == SubRequest.Status.OPEN


def test_a_yes_from_someone_now_subbing_elsewhere_that_night_is_refused():
    ahead = fixture_ahead()
    other = fixture_ahead(ahead.season)
    ann = volunteer(ahead.season)
    ask = ask_for(ahead).asks.get(player=ann)
    RosterEntryFactory(team=other.home, player=ann, role="sub", fixture=other.fixture)
    assert services.sub_request_answer(ask=ask, yes=True, via="link").outcome == services.REFUSED


def test_a_yes_once_the_fixture_is_cancelled_closes_the_request():
    ahead = fixture_ahead()
    ann = volunteer(ahead.season)
    request = ask_for(ahead)
    Fixture.objects.filter(pk=ahead.fixture.pk).update(status=Fixture.Status.CANCELLED)
    answered = services.sub_request_answer(ask=request.asks.get(player=ann), yes=True, via="link")
    assert answered.outcome == services.CLOSED
    request.refresh_from_db()
    assert request.status == SubRequest.Status.CLOSED


def test_closing_stale_requests_closes_only_those_whose_fixture_changed_or_passed():
    ahead, later = fixture_ahead(), None
    volunteer(ahead.season)
    stale = ask_for(ahead)
    later = fixture_ahead(ahead.season, days=14)
    live = services.sub_request_create(
        fixture=later.fixture, team=later.home, by=later.home_captain
    )
    Fixture.objects.filter(pk=ahead.fixture.pk).update(status=Fixture.Status.POSTPONED)
    assert services.sub_requests_close_stale() == 1
    stale.refresh_from_db()
    live.refresh_from_db()
    assert (stale.status, live.status) == ("closed", "open")
    soon = timezone.now() + datetime.timedelta(days=30)
    assert services.sub_requests_close_stale(now=soon) == 1
