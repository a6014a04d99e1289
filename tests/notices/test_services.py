import datetime

import pytest
import sms
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from notices.addresses import Recipient
from notices.models import Announcement, Notice, OutboxMessage
from notices.services import message_resend, notice_resend_failed
from tests.factories import LeagueFactory, SeasonFactory, UserFactory
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db

Status = OutboxMessage.Status


def test_a_notice_writes_one_outbox_row_per_recipient_and_channel():
    notice = send_notice(
        recipients=[
            Recipient("Ann", email="ann@example.com", phone="4165550001", sms_opt_in=True),
            Recipient("Bob", email="bob@example.com", phone="4165550002"),
        ]
    )
    rows = set(notice.messages.values_list("channel", "address", "status"))
    assert rows == {
        ("email", "ann@example.com", "pending"),
        ("sms", "+14165550001", "pending"),
        ("email", "bob@example.com", "pending"),
    }


def test_nothing_is_written_when_the_callers_transaction_rolls_back():
    league = LeagueFactory()

    class Undo(Exception):
        pass

    with pytest.raises(Undo), transaction.atomic():
        send_notice(recipients=recipients(5), announce_league=league)
        raise Undo
    assert Notice.objects.count() == 0
    assert OutboxMessage.objects.count() == 0
    assert Announcement.objects.count() == 0


def test_delivery_waits_for_the_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        notice = send_notice(recipients=recipients(3))
    assert len(callbacks) == 1
    assert mail.outbox == [] and sms.outbox == []
    callbacks[0]()
    assert len(mail.outbox) == 3 and len(sms.outbox) == 3
    assert set(notice.messages.values_list("status", flat=True)) == {"sent"}


def test_a_captain_on_two_lists_gets_one_email_and_one_text(django_capture_on_commit_callbacks):
    ann = Recipient("Ann", email="ann@example.com", phone="4165550001", sms_opt_in=True)
    with django_capture_on_commit_callbacks(execute=True):
        send_notice(recipients=[ann, ann, Recipient("Ann", email="ANN@example.com")])
    assert [m.to for m in mail.outbox] == [["ann@example.com"]]
    assert [m.recipients for m in sms.outbox] == [["+14165550001"]]


def test_the_announcement_is_published_with_the_notice():
    league = LeagueFactory()
    user = UserFactory()
    notice = send_notice(announce_league=league, created_by=user, link="/leagues/x/")
    announcement = Announcement.objects.get()
    assert (announcement.league, announcement.notice, announcement.title) == (
        league,
        notice,
        "Tonight is cancelled",
    )
    assert announcement.link == "/leagues/x/"
    assert notice.created_by == user


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"subject": "  "}, "subject"),
        ({"body": ""}, "body"),
        ({"kind": "gossip"}, "kind"),
        ({"sms_text": "x" * 321}, "sms_text"),
        ({"subject": "x" * 201}, "subject"),
        ({"link": "/" + "x" * 500}, "link"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(overrides, field):
    with pytest.raises(ValidationError) as info:
        send_notice(**overrides)
    assert field in info.value.message_dict
    assert Notice.objects.count() == 0 and OutboxMessage.objects.count() == 0


@pytest.mark.parametrize("subject", ["Snow\r\nBcc: all@example.com", "Snow\nday", "Snow\u2028day"])
def test_a_subject_of_several_lines_is_refused_with_a_message_and_writes_nothing(subject):
    with pytest.raises(ValidationError) as info:
        send_notice(subject=subject, announce_league=LeagueFactory())
    assert info.value.message_dict["subject"] == [
        "Write the subject on one line: it can't contain line breaks."
    ]
    assert Notice.objects.count() == 0 and OutboxMessage.objects.count() == 0
    assert Announcement.objects.count() == 0


def test_an_anonymous_author_is_recorded_as_nobody():
    from django.contrib.auth.models import AnonymousUser

    assert send_notice(created_by=AnonymousUser()).created_by is None


def test_without_a_text_the_subject_is_sent_by_text():
    assert send_notice(sms_text="").sms_text == "Tonight is cancelled"


def test_a_second_send_with_the_same_key_returns_the_first_notice(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        first = send_notice(key="reminder:1", recipients=recipients(2))
        second = send_notice(key="reminder:1", recipients=recipients(4))
    assert first == second
    assert OutboxMessage.objects.count() == 4
    assert len(mail.outbox) == 2


def test_a_notice_to_nobody_queues_nothing(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        send_notice(recipients=[], announce_league=LeagueFactory())
    assert callbacks == []
    assert Announcement.objects.count() == 1


def test_the_season_and_source_are_recorded():
    season = SeasonFactory()
    notice = send_notice(season=season, source={"fixtures": [1, 2], "reason": "weather"})
    notice.refresh_from_db()
    assert notice.season == season
    assert notice.source == {"fixtures": [1, 2], "reason": "weather"}


def _failed(notice: Notice) -> OutboxMessage:
    message = notice.messages.filter(channel="email").first()
    OutboxMessage.objects.filter(pk=message.pk).update(
        status=Status.FAILED, attempts=5, last_error="SMTPException: down"
    )
    return message


def test_a_failed_message_is_sent_again_on_resend(django_capture_on_commit_callbacks):
    notice = send_notice(recipients=recipients(1, sms=False))
    message = _failed(notice)
    manager = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        message_resend(message=message, by=manager)
    message.refresh_from_db()
    assert (message.status, message.attempts, message.resent_by) == (Status.SENT, 1, manager)
    assert len(mail.outbox) == 1


def test_a_sent_message_cannot_be_resent(django_capture_on_commit_callbacks):
    notice = send_notice(recipients=recipients(1, sms=False))
    message = notice.messages.get()
    OutboxMessage.objects.filter(pk=message.pk).update(status=Status.SENT, sent_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ValidationError):
        message_resend(message=message, by=UserFactory())
    assert mail.outbox == []
    message.refresh_from_db()
    assert message.status == Status.SENT and message.resent_by is None


def test_resending_a_notice_retries_only_its_failures(django_capture_on_commit_callbacks):
    notice = send_notice(recipients=recipients(3, sms=False))
    _failed(notice)
    OutboxMessage.objects.filter(notice=notice, status=Status.PENDING).update(
        status=Status.SENT, sent_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    with django_capture_on_commit_callbacks(execute=True):
        count = notice_resend_failed(notice=notice, by=UserFactory())
    assert count == 1
    assert len(mail.outbox) == 1
    assert set(notice.messages.values_list("status", flat=True)) == {"sent"}


def test_resending_a_notice_without_failures_changes_nothing(django_capture_on_commit_callbacks):
    notice = send_notice()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert notice_resend_failed(notice=notice, by=UserFactory()) == 0
    assert callbacks == []
