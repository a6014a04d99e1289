import pytest

from notices.selectors import notices_for_source, notices_with_counts
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db


def test_notice_counts_come_per_channel_and_status(django_assert_num_queries):
    send_notice(recipients=recipients(3))
    send_notice(recipients=recipients(2, sms=False))
    with django_assert_num_queries(1):
        rows = list(notices_with_counts())
    assert [(n.email_pending, n.sms_pending, n.email_sent, n.sms_failed) for n in rows] == [
        (2, 0, 0, 0),
        (3, 3, 0, 0),
    ]


def test_the_notices_a_cancellation_caused_are_found_by_its_source():
    mine = send_notice(source={"cancellation": 12, "reason": "weather"})
    send_notice(source={"cancellation": 13})
    send_notice()
    assert list(notices_for_source(cancellation=12)) == [mine]
