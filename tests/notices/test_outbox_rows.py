"""A notice's outbox rows: COPY on PostgreSQL writes what bulk_create writes."""

import datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from notices import outbox_rows
from notices.models import Notice, OutboxMessage
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

ROWS = [
    ("email", "ann@example.com", 'Ann O\'Neil, "Trump"\tTight', 7),
    ("sms", "+14165550100", "", None),
    ("email", "back\\slash@example.com", "Zoë\nNewline", None),
]


def _notice() -> Notice:
    return Notice.objects.create(kind="cancellation", subject="Off tonight", body="Snow.")


def _template(notice: Notice) -> OutboxMessage:
    moment = timezone.now() - datetime.timedelta(minutes=3)
    return OutboxMessage(notice=notice, available_at=moment, queued_at=moment)


def _written(notice: Notice) -> list[dict]:
    fields = [f.attname for f in OutboxMessage._meta.concrete_fields if not f.primary_key]
    return [
        {k: v for k, v in row.items() if k != "notice_id"}
        for row in notice.messages.order_by("pk").values(*fields)
    ]


@pytest.fixture
def players() -> int:
    return PlayerFactory().pk


def _rows(player_id: int) -> list:
    return [(c, a, n, player_id if p else None) for c, a, n, p in ROWS]


def test_the_rows_are_written_with_the_templates_notice_status_and_times(players):
    notice = _notice()
    template = _template(notice)
    outbox_rows.outbox_rows_write(template, _rows(players))
    written = _written(notice)
    assert [(r["channel"], r["address"], r["name"]) for r in written] == [r[:3] for r in ROWS]
    assert [r["player_id"] for r in written] == [players, None, None]
    assert {r["status"] for r in written} == {OutboxMessage.Status.PENDING}
    assert {r["attempts"] for r in written} == {0}
    assert {r["available_at"] for r in written} == {template.available_at}
    assert {r["queued_at"] for r in written} == {template.queued_at}
    assert {r["claim_token"] for r in written} == {None}


@pytest.mark.needs_postgres
def test_copy_writes_exactly_what_bulk_create_writes(players):
    assert connection.vendor == "postgresql"
    by_copy, by_bulk = _notice(), _notice()
    outbox_rows._copy(_template(by_copy), _rows(players))
    OutboxMessage.objects.bulk_create(outbox_rows._instances(_template(by_bulk), _rows(players)))
    copied, bulk = _written(by_copy), _written(by_bulk)
    for row in (*copied, *bulk):
        row.pop("available_at"), row.pop("queued_at")
    assert copied == bulk


@pytest.mark.needs_postgres
def test_a_row_breaking_a_constraint_writes_none_of_them(players):
    notice = _notice()
    twice = [*_rows(players), ROWS[1][:3] + (None,)]  # one address twice on one channel
    with pytest.raises(IntegrityError), transaction.atomic():
        outbox_rows.outbox_rows_write(_template(notice), twice)
    assert not notice.messages.exists()
