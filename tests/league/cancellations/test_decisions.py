"""decisions.cancellation_decide: makeup dates honouring the night's limits, or a shorter season."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.cancellations import decisions, services
from league.cancellations.models import Cancellation
from league.seasons.models import Fixture
from league.seasons.services import fixture_update
from league.seasons.services.schedule import schedule_clashes
from notices.models import Announcement, Notice, Subscription
from tests.factories import (
    RosterEntryFactory,
    captain_user,
    director_user,
    manager_user,
    player_user,
)
from tests.league.cancellation_factories import (
    back_room,
    captains_of,
    makeup,
    night,
    opt_in_to_texts,
    other_season_fixture,
    players_of,
    published_season,
)
from tests.league.factories import TUESDAY, signed_team

pytestmark = pytest.mark.django_db

THURSDAY = TUESDAY + datetime.timedelta(days=2)
AFTER_SEASON = TUESDAY + datetime.timedelta(weeks=4)


@pytest.fixture
def manager():
    return manager_user()


@pytest.fixture
def season():
    season = published_season()
    makeup(season, THURSDAY)
    makeup(season, AFTER_SEASON)
    return season


def _cancel(season, manager, **kwargs) -> Cancellation:
    values = {"date": TUESDAY, "scope": "night", "reason": "weather"}
    values.update(kwargs)
    return services.night_cancel(season=season, user=manager, **values)


def _snapshot(fixtures) -> list[tuple]:
    return [
        (f.pk, f.date, f.status, f.table_id, f.original_date)
        for f in Fixture.objects.filter(pk__in=[f.pk for f in fixtures]).order_by("pk")
    ]


def _occupy(table, date, home=None):
    """Another league night's fixture at one of our tables (or with one of our teams)."""
    other = other_season_fixture()
    other.date, other.table = date, table
    if home is not None:
        other.home, other.away = home, signed_team(home.season, f"Guest of {home}")
    other.save()
    return other


def test_rescheduling_moves_every_fixture_to_the_earliest_makeup_date_on_its_own_table(
    season, manager
):
    cancellation = _cancel(season, manager)
    tables = {f.pk: f.table_id for f in night(season)}
    decided = decisions.cancellation_decide(
        cancellation=cancellation, outcome="reschedule", user=manager, note="Thanks for waiting."
    )
    moved = Fixture.objects.filter(pk__in=tables)
    assert {(f.date, f.status, f.original_date) for f in moved} == {
        (THURSDAY, "scheduled", TUESDAY)
    }
    assert {f.pk: f.table_id for f in moved} == tables
    assert decided.outcome == "reschedule" and decided.decided_by == manager
    assert decided.decided_at is not None and decided.outcome_note == "Thanks for waiting."
    assert schedule_clashes(season) == []


def test_a_team_plays_once_a_night_and_a_table_holds_one_fixture(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager)
    busy_team = tuesday[0].home
    tables = list(back_room(season).tables.all()) + list(
        season.venues.exclude(pk=back_room(season).pk).get().tables.all()
    )
    _occupy(tables[0], THURSDAY, home=busy_team)  # one of our teams already plays Thursday
    for table in tables[1:4]:
        _occupy(table, THURSDAY)  # four of the six tables are taken
    decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    moved = {f.pk: f for f in Fixture.objects.filter(pk__in=[f.pk for f in tuesday])}
    assert moved[tuesday[0].pk].date == AFTER_SEASON
    on_thursday = [f for f in moved.values() if f.date == THURSDAY]
    assert len(on_thursday) == 2  # the two free tables
    assert {f.table_id for f in on_thursday} == {t.pk for t in tables[4:]}
    assert len([f for f in moved.values() if f.date == AFTER_SEASON]) == 2
    assert schedule_clashes(season) == []


def test_a_manager_picks_the_makeup_date_of_one_fixture(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager)
    decisions.cancellation_decide(
        cancellation=cancellation,
        outcome="reschedule",
        user=manager,
        moves={tuesday[2].pk: AFTER_SEASON},
    )
    dates = dict(Fixture.objects.filter(pk__in=[f.pk for f in tuesday]).values_list("pk", "date"))
    assert dates == {f.pk: AFTER_SEASON if f == tuesday[2] else THURSDAY for f in tuesday}


def test_every_player_of_the_affected_teams_hears_the_new_dates(season, manager):
    at_back = [f for f in night(season) if f.table.venue == back_room(season)]
    opt_in_to_texts(captains_of(at_back)[0], "317 555 0101")
    cancellation = _cancel(season, manager, scope="venue", venue=back_room(season))
    decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    follow_up = Notice.objects.latest("pk")
    assert follow_up.subject == "Makeup dates for the fixtures cancelled Tue 3 Sep 2030"
    assert follow_up.source == {"cancellation": cancellation.pk, "decision": "reschedule"}
    emails = set(follow_up.messages.filter(channel="email").values_list("address", flat=True))
    assert emails == {p.email for p in players_of(at_back)} and len(emails) == 8
    assert list(follow_up.messages.filter(channel="sms").values_list("address", flat=True)) == [
        "+13175550101"
    ]
    for fixture in at_back:
        fixture.refresh_from_db()
        assert f"- {fixture.home} v {fixture.away}: Thu 5 Sep 2030, {fixture.table}" in (
            follow_up.body
        )
    assert Announcement.objects.filter(notice=follow_up).exists()


def test_players_of_the_affected_teams_hear_it_with_the_texts_their_subscription_asks(
    season, manager
):
    at_back = [f for f in night(season) if f.table.venue == back_room(season)]
    elsewhere = [f for f in night(season) if f not in at_back]
    asked = RosterEntryFactory(team=at_back[0].home).player
    Subscription.objects.create(player=asked, league=season.league, by_email=False, by_sms=True)
    opt_in_to_texts(asked, "317 555 0102")
    never_asked = RosterEntryFactory(team=at_back[0].home).player  # on the roster: email
    other_team = RosterEntryFactory(team=elsewhere[0].home).player
    Subscription.objects.create(player=other_team, league=season.league)
    cancellation = _cancel(season, manager, scope="venue", venue=back_room(season))
    decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    follow_up = Notice.objects.latest("pk")
    players = set(follow_up.messages.values_list("player_id", "channel"))
    assert (asked.pk, "sms") in players and (asked.pk, "email") in players
    assert (never_asked.pk, "email") in players and (never_asked.pk, "sms") not in players
    told = {p.pk for p in players_of(at_back)}
    assert told == {p for p, _ in players} and other_team.pk not in told


def test_a_makeup_date_that_is_not_the_seasons_is_refused(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager)
    before = _snapshot(tuesday)
    with pytest.raises(ValidationError, match="Fri 6 Sep isn't one of the season's makeup"):
        decisions.cancellation_decide(
            cancellation=cancellation,
            outcome="reschedule",
            user=manager,
            moves={tuesday[0].pk: THURSDAY + datetime.timedelta(days=1)},
        )
    _assert_undecided(cancellation, tuesday, before)


def test_a_picked_night_where_a_team_already_plays_is_refused(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager)
    _occupy(None, THURSDAY, home=tuesday[0].away)
    before = _snapshot(tuesday)
    with pytest.raises(ValidationError, match="one of its teams already plays on Thu 5 Sep"):
        decisions.cancellation_decide(
            cancellation=cancellation,
            outcome="reschedule",
            user=manager,
            moves={tuesday[0].pk: THURSDAY},
        )
    _assert_undecided(cancellation, tuesday, before)


def test_no_room_on_any_makeup_date_is_refused_and_moves_nothing(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager)
    for date in (THURSDAY, AFTER_SEASON):
        for venue in season.venues.all():
            for table in venue.tables.all():
                _occupy(table, date)
    before = _snapshot(tuesday)
    with pytest.raises(ValidationError, match="No makeup date has room for"):
        decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    _assert_undecided(cancellation, tuesday, before)


def test_without_makeup_dates_ahead_rescheduling_is_refused(manager):
    season = published_season()
    makeup(season, datetime.date(2020, 1, 7))  # long past
    cancellation = _cancel(season, manager)
    tuesday = night(season)
    before = _snapshot(tuesday)
    with pytest.raises(ValidationError, match="no makeup dates ahead"):
        decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    _assert_undecided(cancellation, tuesday, before)


def _assert_undecided(cancellation, fixtures, before) -> None:
    cancellation.refresh_from_db()
    assert cancellation.outcome == "undecided" and cancellation.decided_at is None
    assert _snapshot(fixtures) == before
    assert not Notice.objects.filter(source__has_key="decision").exists()


def test_shortening_leaves_the_fixtures_cancelled_and_the_rest_of_the_schedule_alone(
    season, manager
):
    tuesday = night(season)
    rest = list(season.fixtures.exclude(date=TUESDAY))
    rest_before = _snapshot(rest)
    cancellation = _cancel(season, manager)
    decided = decisions.cancellation_decide(
        cancellation=cancellation, outcome="shorten", user=manager, note="No refunds."
    )
    assert decided.outcome == "shorten" and decided.outcome_note == "No refunds."
    assert decided.decided_by == manager and decided.decided_at is not None
    assert {f[2] for f in _snapshot(tuesday)} == {"cancelled"}
    assert _snapshot(rest) == rest_before
    follow_up = Notice.objects.latest("pk")
    assert follow_up.subject == "No makeup for Tue 3 Sep 2030: the season is shortened"
    assert "won't be replayed" in follow_up.body and "No refunds." in follow_up.body
    emails = set(follow_up.messages.values_list("address", flat=True))
    assert emails == {p.email for p in players_of(tuesday)}


def test_a_shortened_season_may_still_be_rescheduled_but_not_the_other_way(season, manager):
    cancellation = _cancel(season, manager)
    decisions.cancellation_decide(cancellation=cancellation, outcome="shorten", user=manager)
    with pytest.raises(ValidationError, match="already recorded"):
        decisions.cancellation_decide(cancellation=cancellation, outcome="shorten", user=manager)
    decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    assert {f.date for f in cancellation.fixtures.all()} == {THURSDAY}
    for outcome in ("reschedule", "shorten"):
        with pytest.raises(ValidationError, match="already been rescheduled"):
            decisions.cancellation_decide(cancellation=cancellation, outcome=outcome, user=manager)
    assert Notice.objects.count() == 3  # the call-off and two decisions


def test_fixtures_moved_by_hand_since_are_left_where_they_are(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager)
    by_hand = tuesday[0]
    fixture_update(
        fixture=by_hand,
        date=AFTER_SEASON,
        home=by_hand.home,
        away=by_hand.away,
        table=None,
        status="scheduled",
    )
    decisions.cancellation_decide(cancellation=cancellation, outcome="reschedule", user=manager)
    dates = dict(Fixture.objects.filter(pk__in=[f.pk for f in tuesday]).values_list("pk", "date"))
    assert dates[by_hand.pk] == AFTER_SEASON
    assert {dates[f.pk] for f in tuesday[1:]} == {THURSDAY}


def test_with_every_fixture_moved_by_hand_there_is_nothing_to_decide(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager, scope="fixtures", fixtures=tuesday[:1])
    fixture_update(
        fixture=tuesday[0],
        date=AFTER_SEASON,
        home=tuesday[0].home,
        away=tuesday[0].away,
        table=None,
        status="scheduled",
    )
    for outcome in ("reschedule", "shorten"):
        with pytest.raises(ValidationError, match="nothing left to decide"):
            decisions.cancellation_decide(cancellation=cancellation, outcome=outcome, user=manager)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"outcome": "undecided"}, "Choose to reschedule"),
        ({"outcome": "refund"}, "Choose to reschedule"),
        ({"outcome": "shorten", "note": "x" * 201}, "200 characters"),
        ({"outcome": "reschedule", "moves": {0: THURSDAY}}, "only for this cancellation"),
    ],
)
def test_bad_decisions_are_refused(season, manager, kwargs, message):
    cancellation = _cancel(season, manager)
    tuesday = night(season)
    before = _snapshot(tuesday)
    with pytest.raises(ValidationError, match=message):
        decisions.cancellation_decide(cancellation=cancellation, user=manager, **kwargs)
    _assert_undecided(cancellation, tuesday, before)


@pytest.mark.parametrize("role", ["player", "captain", "director"])
def test_only_managers_decide(season, manager, role):
    cancellation = _cancel(season, manager)
    users = {
        "player": lambda: player_user(team=season.teams.first())[0],
        "captain": lambda: captain_user(team=season.teams.first())[0],
        "director": director_user,
    }
    tuesday = night(season)
    before = _snapshot(tuesday)
    with pytest.raises(PermissionDenied):
        decisions.cancellation_decide(
            cancellation=cancellation, outcome="shorten", user=users[role]()
        )
    _assert_undecided(cancellation, tuesday, before)
