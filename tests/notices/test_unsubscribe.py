"""The link at the foot of every email: signed, usable without signing in, and obeyed."""

import pytest
import sms
from django.core import mail
from django.urls import reverse

from notices.addresses import Audience, Recipient, addresses_for
from notices.models import EmailOptOut, Notice
from notices.services import notice_addresses, notice_audience
from notices.unsubscribe import email_opt_out, unsubscribe_address, unsubscribe_token
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def sms_outbox():
    sms.outbox = []
    yield sms.outbox
    sms.outbox = []


def _link(email) -> str:
    (line,) = [line for line in email.body.splitlines() if "No more emails" in line]
    return line.split(": ", 1)[1]


def _path(link: str) -> str:
    return link[link.index("/notices/") :]


def test_every_email_carries_its_own_address_s_link_in_the_body_and_a_header(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        send_notice(recipients=recipients(2, sms=False))
    first, second = sorted(mail.outbox, key=lambda m: m.to[0])
    assert _link(first) != _link(second)
    assert unsubscribe_address(_path(_link(first)).split("/")[3]) == "r0@example.com"
    assert first.extra_headers["List-Unsubscribe"] == f"<{_link(first)}>"


def test_following_the_link_signed_out_shows_a_button_and_changes_nothing(client):
    response = client.get(reverse("notices:unsubscribe", args=[unsubscribe_token("Ann@X.test")]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "ann@x.test" in html and "No more emails" in html
    assert not EmailOptOut.objects.exists()  # a mail scanner opening it stops nothing


def test_the_button_stops_the_emails_and_a_second_click_keeps_one_row(client):
    url = reverse("notices:unsubscribe", args=[unsubscribe_token("ann@x.test")])
    assert client.post(url, {"action": "stop"}).status_code == 200
    response = client.post(url, {"action": "stop"})
    assert "no more emails to ann@x.test" in response.content.decode()
    assert list(EmailOptOut.objects.values_list("address", flat=True)) == ["ann@x.test"]
    assert "Email me again" in response.content.decode()


def test_email_me_again_undoes_it(client):
    email_opt_out("ann@x.test")
    url = reverse("notices:unsubscribe", args=[unsubscribe_token("ann@x.test")])
    response = client.post(url, {"action": "resume"})
    assert "come to ann@x.test again" in response.content.decode()
    assert not EmailOptOut.objects.exists()


# Made when the test runs: a signed token carries its moment, and every test process must
# collect the same test names.
FORGED = {
    "nonsense": lambda: "nonsense",
    "tampered": lambda: unsubscribe_token("ann@x.test")[:-3] + "abc",
    "unsigned": lambda: "InN0cmFuZ2VyQHgudGVzdCI",
}


@pytest.mark.parametrize("kind", list(FORGED))
def test_a_link_not_made_here_is_refused_and_writes_nothing(client, kind):
    token = FORGED[kind]()
    url = reverse("notices:unsubscribe", args=[token])
    assert client.get(url).status_code == 404
    assert client.post(url, {"action": "stop"}).status_code == 404
    assert not EmailOptOut.objects.exists()


def test_an_address_that_opted_out_gets_no_email_but_still_its_text(
    django_capture_on_commit_callbacks, sms_outbox
):
    email_opt_out("R0@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        notice = send_notice(kind=Notice.Kind.CANCELLATION, recipients=recipients(2, sms=True))
    assert [m.to[0] for m in mail.outbox] == ["r1@example.com"]
    assert sorted(m.recipients[0] for m in sms_outbox) == ["+14162000000", "+14162000001"]
    assert not notice.messages.filter(address="r0@example.com").exists()


def test_one_who_opted_out_of_email_and_takes_no_texts_is_not_counted():
    email_opt_out("r0@example.com")
    audience = notice_audience(kind="cancellation", recipients=recipients(3, sms=False))
    assert audience == Audience(people=2, emails=2, texts=0)
    assert [a for _, a, _, _ in notice_addresses(kind="cancellation", recipients=recipients(1))]
    assert audience.sentence == "This will email 2 people."


def test_the_pure_addresses_leave_out_an_opted_out_address_whatever_its_case():
    people = [Recipient("Ann", "ANN@x.test", "+14165550100", True, 1), Recipient("Bo", "bo@x.test")]
    rows = addresses_for(people, kind="cancellation", opted_out={"ann@x.test"})
    assert [(c, a) for c, a, _, _ in rows] == [("sms", "+14165550100"), ("email", "bo@x.test")]


@pytest.mark.parametrize(
    ("audience", "sentence"),
    [
        (Audience(people=20, emails=18, texts=6), "This will email 18 people and text 6."),
        (Audience(people=1, emails=1, texts=0), "This will email 1 person."),
        (Audience(people=2, emails=0, texts=2), "This will text 2 people."),
        (
            Audience(people=0, emails=0, texts=0),
            "Nobody will be told: nobody concerned has an email address or takes texts.",
        ),
    ],
)
def test_the_audience_says_who_will_be_told(audience, sentence):
    assert audience.sentence == sentence


def test_many_opt_outs_are_looked_up_by_address(monkeypatch):
    monkeypatch.setattr("notices.unsubscribe.IN_QUERY", 2)
    for n in range(4):
        email_opt_out(f"r{n * 2}@example.com")
    rows = notice_addresses(kind="general", recipients=recipients(6, sms=False))
    assert sorted(a for _, a, _, _ in rows) == [
        "r1@example.com",
        "r3@example.com",
        "r5@example.com",
    ]
