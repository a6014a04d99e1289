import pytest
import sms
from django.core import mail

from notices import delivery, senders
from notices.addresses import ReplyOffer
from notices.mail import notice_message_id
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db


def _ids(notice) -> list[int]:
    return list(notice.messages.order_by("pk").values_list("pk", flat=True))


def test_each_notice_is_rendered_once_a_batch_whatever_its_recipients(monkeypatch):
    rendered = []
    real_tail = senders.email_tail
    monkeypatch.setattr(
        senders, "email_tail", lambda **kwargs: rendered.append(kwargs) or real_tail(**kwargs)
    )
    first, second = send_notice(recipients=recipients(30)), send_notice(recipients=recipients(5))
    result = delivery.outbox_deliver(_ids(first) + _ids(second))
    assert len(result.sent) == 70
    assert [kwargs["body"] for kwargs in rendered] == [first.body, second.body]
    greetings = {m.body.split("\n", 1)[0] for m in mail.outbox}
    assert greetings == {f"Hello Person {i}," for i in range(30)}


def test_an_email_names_its_row_in_a_message_id_every_attempt_repeats():
    notice = send_notice(recipients=recipients(1, sms=False))
    (pk,) = _ids(notice)
    delivery.outbox_deliver([pk])
    (email,) = mail.outbox
    expected = notice_message_id(notice_id=notice.pk, created_at=notice.created_at, message_id=pk)
    assert email.extra_headers["Message-ID"] == expected
    assert email.message()["Message-ID"] == expected
    assert email.extra_headers["X-Notice-Id"] == str(notice.pk)
    assert email.extra_headers["Auto-Submitted"] == "auto-generated"


def test_a_text_carries_its_own_reply_code_after_the_notices_text():
    notice = send_notice(recipients=recipients(2), reply=ReplyOffer("league_card", {"cards": [1]}))
    delivery.outbox_deliver(_ids(notice))
    codes = dict(notice.messages.filter(channel="sms").values_list("address", "reply_code__code"))
    for text in sms.outbox:
        code = codes[text.recipients[0]]
        assert text.body.startswith("League night cancelled (snow). ")
        assert f"YES {code}" in text.body


def test_warming_up_a_process_needs_no_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        senders.warm_up()
