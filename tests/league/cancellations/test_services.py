"""night_cancel: which fixtures it calls off, who hears, and what it refuses."""

import datetime
import threading

import pytest
import sms
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection

from league.cancellations import services
from league.cancellations.models import Cancellation
from league.seasons.models import Fixture, RosterEntry, Season
from notices.models import Announcement, Notice, OutboxMessage
from tests.factories import UserFactory, captain_user, director_user, manager_user, player_user
from tests.league.cancellation_factories import (
    WEDNESDAY,
    WEEK,
    back_room,
    captains,
    captains_of,
    night,
    opt_in_to_texts,
    other_season_fixture,
    players_of,
    published_season,
)
from tests.league.factories import TUESDAY, VenueFactory, make_season
from tests.notices.factories import SubscriptionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def sms_outbox():
    sms.outbox = []
    yield sms.outbox
    sms.outbox = []


@pytest.fixture
def season() -> Season:
    return published_season()


@pytest.fixture
def manager():
    return manager_user()


def _cancel(season, user, **kwargs) -> Cancellation:
    values = {"date": TUESDAY, "scope": "night", "reason": "weather"}
    values.update(kwargs)
    return services.night_cancel(season=season, user=user, **values)


def _statuses(season) -> dict[int, str]:
    return dict(season.fixtures.values_list("pk", "status"))


def _addresses(notice, channel: str) -> set[str]:
    return set(notice.messages.filter(channel=channel).values_list("address", flat=True))


def _emails(players) -> set[str]:
    return {p.email for p in players}


def test_cancelling_a_night_calls_off_every_fixture_still_to_play_that_night(season, manager):
    tuesday = night(season)
    cancellation = _cancel(season, manager, details="Ice on every road.")
    assert {f.pk for f in cancellation.fixtures.all()} == {f.pk for f in tuesday}
    for fixture in Fixture.objects.filter(pk__in=[f.pk for f in tuesday]):
        assert fixture.status == Fixture.Status.CANCELLED
        assert fixture.date == TUESDAY and fixture.original_date is None
    later = season.fixtures.exclude(date=TUESDAY)
    assert set(later.values_list("status", flat=True)) == {Fixture.Status.SCHEDULED}
    assert (cancellation.scope, cancellation.reason, cancellation.details) == (
        "night",
        "weather",
        "Ice on every road.",
    )
    assert cancellation.created_by == manager and cancellation.outcome == "undecided"


def test_a_night_cancelled_ahead_of_time_tells_every_captain_player_and_subscriber(season, manager):
    subscriber = SubscriptionFactory(league=season.league).player
    cancellation = _cancel(season, manager)
    notice = Notice.objects.get()
    assert notice.kind == Notice.Kind.CANCELLATION
    assert notice.subject == "Play cancelled Tue 3 Sep 2030 — weather"
    assert notice.source["cancellation"] == cancellation.pk
    assert notice.season == season and notice.created_by == manager
    everyone = _emails(captains(season)) | _emails(players_of(night(season)))
    assert _addresses(notice, "email") == everyone | {subscriber.email}
    assert len(captains(season)) == 8 and len(everyone) == 16
    announcement = Announcement.objects.get()
    assert announcement.league == season.league and announcement.notice == notice
    assert announcement.title == notice.subject
    first = night(season)[0]
    assert announcement.body.startswith(
        f"{season.league.name}, {season.name}: play on Tue 3 Sep 2030"
    )
    assert f"- {first.home} v {first.away} ({first.table})" in announcement.body
    assert announcement.link == season.get_absolute_url()


def test_only_players_who_opted_in_get_a_text(season, manager):
    first, second, third = captains(season)[:3]
    opt_in_to_texts(first, "317 555 0101")
    opt_in_to_texts(second, "+13175550102")
    third.phone = "+13175550103"  # a number, but no consent
    third.save(update_fields=["phone"])
    SubscriptionFactory(league=season.league, by_sms=True, player__phone="317-555-0104")
    SubscriptionFactory(league=season.league, by_sms=False, player__phone="317-555-0105")
    _cancel(season, manager)
    notice = Notice.objects.get()
    assert _addresses(notice, "sms") == {"+13175550101", "+13175550102", "+13175550104"}


def test_on_site_only_the_players_of_teams_still_scheduled_hear(season, manager):
    tuesday = night(season)
    played, still = tuesday[:2], tuesday[2:]
    Fixture.objects.filter(pk__in=[f.pk for f in played]).update(status=Fixture.Status.PLAYED)
    subscriber = SubscriptionFactory(league=season.league).player
    cancellation = _cancel(season, manager, on_site=True, reason="facility")
    assert {f.pk for f in cancellation.fixtures.all()} == {f.pk for f in still}
    assert cancellation.on_site
    notice = Notice.objects.get()
    expected = _emails(players_of(still)) | {subscriber.email}
    assert _addresses(notice, "email") == expected
    assert len(captains_of(still)) == 4 and len(players_of(still)) == 8
    assert not _emails(players_of(played)) & _addresses(notice, "email")
    assert set(
        Fixture.objects.filter(pk__in=[f.pk for f in played]).values_list("status", flat=True)
    ) == {"played"}
    assert "tonight" in notice.body


def test_one_venue_is_cancelled_on_its_own(season, manager):
    tuesday = night(season)
    at_back = [f for f in tuesday if f.table.venue.name == "Back Room"]
    elsewhere = [f for f in tuesday if f not in at_back]
    cancellation = _cancel(season, manager, scope="venue", venue=back_room(season))
    assert cancellation.venue == back_room(season)
    assert {f.pk for f in cancellation.fixtures.all()} == {f.pk for f in at_back}
    statuses = _statuses(season)
    assert {statuses[f.pk] for f in elsewhere} == {"scheduled"}
    assert Notice.objects.get().subject == "Play at Back Room cancelled Tue 3 Sep 2030 — weather"


def test_single_fixtures_are_cancelled_on_their_own(season, manager):
    tuesday = night(season)
    cancellation = _cancel(
        season, manager, scope="fixtures", fixtures=[tuesday[1]], reason="conflict"
    )
    assert list(cancellation.fixtures.all()) == [tuesday[1]]
    statuses = _statuses(season)
    assert [statuses[f.pk] for f in tuesday] == ["scheduled", "cancelled", "scheduled", "scheduled"]
    subject = Notice.objects.get().subject
    assert (
        subject
        == f"{tuesday[1].home} v {tuesday[1].away} cancelled Tue 3 Sep 2030 — scheduling conflict"
    )


def test_a_venue_then_the_rest_of_the_night_can_be_cancelled(season, manager):
    _cancel(season, manager, scope="venue", venue=back_room(season))
    rest = _cancel(season, manager)
    assert rest.fixtures.count() == 2
    assert set(_statuses(season)[f.pk] for f in night(season)) == {"cancelled"}
    assert Notice.objects.count() == 2


def test_the_preview_counts_fixtures_and_recipients_and_writes_nothing(season, manager):
    first, second = captains(season)[:2]
    opt_in_to_texts(first, "317 555 0101")
    SubscriptionFactory(league=season.league, player=second)  # a captain who also subscribed
    SubscriptionFactory(league=season.league, by_sms=True, player__phone="317-555-0104")
    plan = services.night_cancel_preview(
        season=season, date=TUESDAY, scope="night", reason="weather", user=manager
    )
    assert len(plan.fixtures) == 4
    assert (plan.email_count, plan.sms_count, plan.people_count) == (17, 2, 17)
    assert plan.audience.sentence == "This will email 17 people and text 2."
    assert not Cancellation.objects.exists() and not Notice.objects.exists()
    assert set(_statuses(season).values()) == {"scheduled"}


def test_the_notice_is_delivered_once_the_cancellation_commits(
    season, manager, django_capture_on_commit_callbacks, sms_outbox
):
    opt_in_to_texts(captains(season)[0], "317 555 0101")
    with django_capture_on_commit_callbacks(execute=True):
        _cancel(season, manager)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(_emails(players_of(night(season))))
    assert [m.recipients for m in sms_outbox] == [["+13175550101"]]
    assert mail.outbox[0].subject == "Play cancelled Tue 3 Sep 2030 — weather"
    assert set(OutboxMessage.objects.values_list("status", flat=True)) == {"sent"}


def _nothing_written(season, before: dict[int, str]) -> None:
    assert not Cancellation.objects.exists()
    assert not Notice.objects.exists()
    assert not OutboxMessage.objects.exists()
    assert not Announcement.objects.exists()
    assert _statuses(season) == before


REFUSALS = [
    ("a night without fixtures", {"date": WEDNESDAY}, "Nothing is scheduled on Wed 4 Sep 2030"),
    (
        "a fixture of another night",
        {"scope": "fixtures", "fixtures": "next week"},
        "isn't on Tue 3 Sep 2030; it's on Tue 10 Sep 2030",
    ),
    ("a fixture of another season", {"scope": "fixtures", "fixtures": "elsewhere"}, "isn't in"),
    ("no fixtures ticked", {"scope": "fixtures", "fixtures": []}, "Tick the fixtures"),
    ("a bye", {"scope": "fixtures", "fixtures": "bye"}, "has a bye"),
    ("no venue", {"scope": "venue"}, "Choose the venue"),
    ("another league's venue", {"scope": "venue", "venue": "stranger"}, "isn't one of"),
    ("an unknown reason", {"reason": "aliens"}, "Choose a reason"),
    ("an unknown scope", {"scope": "everything"}, "Choose what to cancel"),
    ("a night that has passed", {"date": datetime.date(2020, 9, 1)}, "has passed"),
    ("over-long details", {"details": "x" * 1001}, "1000 characters"),
]


@pytest.mark.parametrize(("case", "changes", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_it_refuses_with_a_clear_message_and_writes_nothing(
    season, manager, case, changes, message
):
    if changes.get("fixtures") == "next week":
        changes["fixtures"] = night(season, TUESDAY + WEEK)[:1]
    elif changes.get("fixtures") == "elsewhere":
        changes["fixtures"] = [other_season_fixture()]
    elif changes.get("fixtures") == "bye":
        bye = Fixture.objects.create(season=season, week=1, date=TUESDAY, home=season.teams.first())
        changes["fixtures"] = [bye]
    if changes.get("venue") == "stranger":
        changes["venue"] = VenueFactory()
    before = _statuses(season)
    with pytest.raises(ValidationError, match=message):
        _cancel(season, manager, **changes)
    _nothing_written(season, before)


def test_a_draft_schedule_is_not_cancelled(manager):
    season = make_season(teams_per_level=(4,))
    from league.seasons.services import season_generate_schedule

    season_generate_schedule(season=season)
    before = _statuses(season)
    with pytest.raises(ValidationError, match="isn't published"):
        _cancel(season, manager)
    _nothing_written(season, before)


def test_a_played_fixture_is_not_cancelled(season, manager):
    played = night(season)[0]
    Fixture.objects.filter(pk=played.pk).update(status=Fixture.Status.PLAYED)
    before = _statuses(season)
    with pytest.raises(ValidationError, match="is played"):
        _cancel(season, manager, scope="fixtures", fixtures=[played])
    _nothing_written(season, before)


def test_a_second_identical_cancellation_changes_nothing_and_tells_nobody_twice(season, manager):
    _cancel(season, manager)
    with pytest.raises(ValidationError, match="Play on Tue 3 Sep 2030 is already cancelled"):
        _cancel(season, manager)
    with pytest.raises(ValidationError, match="already cancelled"):
        _cancel(season, manager, scope="fixtures", fixtures=night(season)[:1])
    with pytest.raises(ValidationError, match="Play at Back Room on Tue 3 Sep 2030 is already"):
        _cancel(season, manager, scope="venue", venue=back_room(season))
    assert Cancellation.objects.count() == 1
    assert Notice.objects.count() == 1 and Announcement.objects.count() == 1
    assert OutboxMessage.objects.count() == 16


def test_when_the_notice_cannot_be_written_nothing_is_cancelled(season, manager, monkeypatch):
    def broken(**kwargs):
        raise ValidationError("The notice could not be written.")

    monkeypatch.setattr(services, "notice_send", broken)
    before = _statuses(season)
    with pytest.raises(ValidationError, match="could not be written"):
        _cancel(season, manager)
    _nothing_written(season, before)


@pytest.mark.parametrize("role", ["anonymous", "player", "captain", "director"])
def test_only_managers_cancel_play(season, role):
    from django.contrib.auth.models import AnonymousUser

    users = {
        "anonymous": AnonymousUser,
        "player": lambda: player_user(team=season.teams.first())[0],
        "captain": lambda: captain_user(team=season.teams.first())[0],
        "director": director_user,
    }
    before = _statuses(season)
    with pytest.raises(PermissionDenied):
        _cancel(season, users[role]())
    with pytest.raises(PermissionDenied):
        services.night_cancel_preview(
            season=season, date=TUESDAY, scope="night", reason="weather", user=users[role]()
        )
    _nothing_written(season, before)


def test_a_superuser_counts_as_a_manager(season):
    boss = UserFactory(is_superuser=True)
    assert _cancel(season, boss).fixtures.count() == 4


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_managers_submitting_at_once_cancel_and_notify_once():
    season = published_season()
    manager = manager_user()
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def submit() -> None:
        try:
            start.wait()
            _cancel(season, manager)
            outcomes.append("cancelled")
        except ValidationError as exc:
            outcomes.append(exc.messages[0])
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["Play on Tue 3 Sep 2030 is already cancelled.", "cancelled"]
    assert Cancellation.objects.count() == 1 and Notice.objects.count() == 1
    # One email for each rostered player of the night's eight teams, captain or not: once.
    rostered = set(
        RosterEntry.objects.filter(team__season=season).values_list("player__email", flat=True)
    )
    assert sorted(OutboxMessage.objects.values_list("address", flat=True)) == sorted(rostered)


def test_a_night_outside_the_date_window_is_refused_on_the_date_field(season, manager):
    with pytest.raises(ValidationError) as refused:
        _cancel(season, manager, date=datetime.date(9999, 12, 28))
    assert "Pick a date between Sat 1 Jan 2000 and" in refused.value.message_dict["date"][0]
    assert not Cancellation.objects.exists()


@pytest.mark.parametrize(
    ("details", "message"), [("d" * 1001, "Keep the details to 1000"), ("a\x00b", "can't be shown")]
)
def test_details_too_long_or_with_control_characters_are_refused(season, manager, details, message):
    with pytest.raises(ValidationError) as refused:
        _cancel(season, manager, details=details)
    assert message in refused.value.message_dict["details"][0]
    assert not Cancellation.objects.exists()
    assert set(_statuses(season).values()) == {"scheduled"}
