import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from notices.models import OutboxMessage
from tests.factories import LeagueFactory, admin_user, director_user, manager_user, user_for
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db

Status = OutboxMessage.Status


def _failed_notice():
    notice = send_notice(recipients=recipients(2))
    failed = notice.messages.filter(channel="email").order_by("pk").first()
    OutboxMessage.objects.filter(pk=failed.pk).update(
        status=Status.FAILED, attempts=5, last_error="SMTPRecipientsRefused: 550 no such user"
    )
    return notice, failed


PAGES = [
    ("notices:outbox", False),
    ("notices:notice_detail", True),
]


@pytest.mark.parametrize(("name", "needs_notice"), PAGES)
def test_anonymous_visitors_are_sent_to_log_in(client, name, needs_notice):
    args = [send_notice().pk] if needs_notice else []
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("role", ["player", "captain", "director"])
@pytest.mark.parametrize(("name", "needs_notice"), PAGES)
def test_the_outbox_pages_are_for_managers_only(client, role, name, needs_notice):
    args = [send_notice().pk] if needs_notice else []
    client.force_login(user_for(role))
    assert client.get(reverse(name, args=args)).status_code == 403


def test_the_outbox_lists_notices_with_their_counts(client, django_assert_max_num_queries):
    for _ in range(30):
        send_notice(recipients=recipients(2))
    _failed_notice()
    client.force_login(admin_user())  # these notices belong to no league
    with django_assert_max_num_queries(12):
        response = client.get(reverse("notices:outbox"))
    assert response.status_code == 200
    content = response.content.decode()
    assert "1 failed" in content
    assert "Tonight is cancelled" in content


def test_the_outbox_filters_by_failures(client):
    notice, _ = _failed_notice()
    send_notice(subject="All fine")
    client.force_login(admin_user())  # these notices belong to no league
    response = client.get(reverse("notices:outbox"), {"problems": "failed"})
    assert list(response.context["table"].data) == [notice]


def test_the_outbox_filters_by_search(client):
    announced = send_notice(subject="Snow day")
    send_notice(subject="Other")
    client.force_login(admin_user())  # these notices belong to no league
    by_text = client.get(reverse("notices:outbox"), {"q": "day"})
    assert list(by_text.context["table"].data) == [announced]


def test_htmx_gets_just_the_table(client):
    send_notice()
    client.force_login(admin_user())  # these notices belong to no league
    response = client.get(reverse("notices:outbox"), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert b"<html" not in response.content
    assert b'id="outbox-results"' in response.content


@pytest.mark.parametrize(
    "query", [{"page": "zebra"}, {"page": "999"}, {"sort": "nonsense"}, {"kind": "<script>"}]
)
def test_odd_query_strings_never_break_the_outbox(client, query):
    send_notice()
    client.force_login(admin_user())  # these notices belong to no league
    assert client.get(reverse("notices:outbox"), query).status_code in (200, 404)


def test_the_notice_page_shows_failures_with_their_errors(client, django_assert_max_num_queries):
    notice, failed = _failed_notice()
    client.force_login(admin_user())  # these notices belong to no league
    with django_assert_max_num_queries(12):
        response = client.get(reverse("notices:notice_detail", args=[notice.pk]))
    content = response.content.decode()
    assert "550 no such user" in content
    assert reverse("notices:message_resend", args=[failed.pk]) in content
    assert reverse("notices:notice_resend_failed", args=[notice.pk]) in content


def test_a_big_notice_page_takes_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    notice = send_notice(recipients=recipients(150))
    OutboxMessage.objects.filter(notice=notice, channel="sms").update(
        status=Status.FAILED, attempts=5, last_error="provider unreachable"
    )
    client.force_login(admin_user())  # these notices belong to no league
    with django_assert_max_num_queries(12):
        response = client.get(reverse("notices:notice_detail", args=[notice.pk]))
    assert response.context["failed_count"] == 150
    assert len(response.context["failures"]) == 20
    assert "All 150 failures" in response.content.decode()


def test_the_notice_page_filters_messages(client):
    notice, failed = _failed_notice()
    client.force_login(admin_user())  # these notices belong to no league
    response = client.get(reverse("notices:notice_detail", args=[notice.pk]), {"status": "failed"})
    assert list(response.context["table"].data) == [failed]


def test_an_unknown_notice_is_not_found(client):
    client.force_login(admin_user())  # these notices belong to no league
    assert client.get(reverse("notices:notice_detail", args=[999])).status_code == 404


@pytest.mark.parametrize("role", ["player", "captain", "director"])
def test_only_managers_may_resend(client, role, django_capture_on_commit_callbacks):
    _, failed = _failed_notice()
    client.force_login(user_for(role))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("notices:message_resend", args=[failed.pk]))
    assert response.status_code == 403
    failed.refresh_from_db()
    assert failed.status == Status.FAILED
    assert mail.outbox == []


def test_anonymous_resend_goes_to_log_in(client):
    _, failed = _failed_notice()
    response = client.post(reverse("notices:message_resend", args=[failed.pk]))
    assert response.status_code == 302
    failed.refresh_from_db()
    assert failed.status == Status.FAILED


def test_a_manager_resends_a_failed_message(client, django_capture_on_commit_callbacks):
    notice, failed = _failed_notice()
    manager = admin_user()
    client.force_login(manager)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("notices:message_resend", args=[failed.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("notices:notice_detail", args=[notice.pk])
    failed.refresh_from_db()
    assert (failed.status, failed.resent_by) == (Status.SENT, manager)
    assert [m.to for m in mail.outbox] == [[failed.address]]


def test_resending_a_sent_message_is_refused_with_a_message(client):
    notice = send_notice(recipients=recipients(1, sms=False))
    message = notice.messages.get()
    OutboxMessage.objects.filter(pk=message.pk).update(status=Status.SENT, sent_at=timezone.now())
    client.force_login(admin_user())  # these notices belong to no league
    response = client.post(reverse("notices:message_resend", args=[message.pk]), follow=True)
    assert "Only a failed message can be sent again" in response.content.decode()
    assert mail.outbox == []


def test_resend_is_post_only(client):
    _, failed = _failed_notice()
    client.force_login(admin_user())  # these notices belong to no league
    assert client.get(reverse("notices:message_resend", args=[failed.pk])).status_code == 405


def test_a_manager_resends_every_failure_of_a_notice(client, django_capture_on_commit_callbacks):
    notice, failed = _failed_notice()
    client.force_login(admin_user())  # these notices belong to no league
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("notices:notice_resend_failed", args=[notice.pk]))
    assert notice.messages.filter(status=Status.FAILED).count() == 0
    assert failed.address in [m.to[0] for m in mail.outbox]


def test_the_manage_page_links_the_outbox_for_managers(client):
    link = f'href="{reverse("notices:outbox")}"'.encode()
    client.force_login(manager_user(league=LeagueFactory()))
    assert link in client.get(reverse("manage")).content
    client.force_login(director_user())
    assert link not in client.get(reverse("manage")).content


def test_a_leagues_manager_reads_its_notices_and_not_another_leagues():
    from django.test import Client

    from tests.factories import SeasonFactory
    from tests.notices.factories import send_notice

    season, other = SeasonFactory(), SeasonFactory()
    notice = send_notice(season=season)
    theirs = send_notice(season=other)
    client = Client()
    client.force_login(manager_user(league=season.league))
    listed = client.get(reverse("notices:outbox")).context["table"].data
    assert [n.pk for n in listed] == [notice.pk]
    assert client.get(reverse("notices:notice_detail", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("notices:notice_resend_failed", args=[theirs.pk])).status_code == 404
