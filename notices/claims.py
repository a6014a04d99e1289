"""The two statements a batch runs most, written out: the claim, which reads back the rows it
won (UPDATE … RETURNING), and the "sent" mark of a slice.

Built through the ORM they cost more than they take to run: a list of 250 ids is checked
value by value, then the driver splits a statement of 250 placeholders apart again (40 µs a
message, a fifth of rendering one). On PostgreSQL the ids travel as one array parameter.
The claim is the conditional UPDATE docs/notices.md shows: pending, or 'sending' under a
lease that ran out with attempts left.

Both test the status in a CASE, so that PostgreSQL looks the rows up by id. A plain
`status = 'pending'` lets the planner pick the partial index of pending rows instead, which
statistics taken before a big notice was written describe as nearly empty: it then read
every pending row to find the batch's 250 (every 'sending' row for a slice's 25), a tenth
of a millisecond a message.

The same statistics make a sequential scan of the whole table look cheaper than 250 lookups
by id: the claims of a notice written after an ANALYZE of a nearly empty outbox read every
row of the table, each matched against the 250 ids (40-90 ms a claim where a lookup by id
takes 3, until the table had grown enough for the planner to change its mind; most of the
database's time in a 12,500-message notice). A batch runs with sequential scans off
(`batch_settings`), so a claim or mark finds its rows by id whatever the statistics say.
"""

import logging
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from django.db import DatabaseError, connection

from notices.models import Notice, OutboxMessage, ReplyCode
from notices.senders import Outgoing

logger = logging.getLogger(__name__)

Status = OutboxMessage.Status
_PENDING, _SENDING, _SENT = Status.PENDING.value, Status.SENDING.value, Status.SENT.value
# What a batch's connection runs under on PostgreSQL, reset when the batch ends.
_BATCH_SETTINGS = ("synchronous_commit", "enable_seqscan")


@contextmanager
def batch_settings() -> Iterator[None]:
    """On PostgreSQL, while a batch runs on this connection: commits that don't wait for the
    disk, and no sequential scans (a claim or mark finds its rows by id, above).

    Waiting for the disk at every mark cost more than the sending (6 ms a commit on our
    machines). What it risks: a crash of the database server itself may forget the last
    fraction of a second of commits, so a claim or a mark undone; the row is then pending
    or under a lease again and goes out again. A row is never lost this way.
    """
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO off; SET enable_seqscan TO off")
    try:
        yield
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute("; ".join(f"RESET {name}" for name in _BATCH_SETTINGS))
        except DatabaseError:
            logger.warning("Could not reset the batch's settings", exc_info=True)


def _ids_match(ids: list[int]) -> tuple[str, list]:
    """`id …` matching `ids`, and its parameters."""
    if connection.vendor == "postgresql":
        return "= ANY(%s)", [list(ids)]
    return f"IN ({', '.join(['%s'] * len(ids))})", list(ids)


def _token(token: uuid.UUID) -> object:
    return OutboxMessage._meta.get_field("claim_token").get_db_prep_value(token, connection)


def _time(moment: datetime) -> object:
    return connection.ops.adapt_datetimefield_value(moment)


def claim_rows(
    ids: list[int], token: uuid.UUID, *, now: datetime, expired_before: datetime, attempts: int
) -> tuple[list[Outgoing], dict[int, Notice]]:
    """Claim what is claimable among `ids` for `token` at `now`: pending rows, and rows
    'sending' under a lease taken before `expired_before` with fewer than `attempts`. Returns
    the rows won, in id order, and their notices (a second, small query)."""
    qn = connection.ops.quote_name
    table, codes = qn(OutboxMessage._meta.db_table), qn(ReplyCode._meta.db_table)
    match, id_params = _ids_match(ids)
    code_of = f"FROM {codes} WHERE {codes}.message_id = {table}.id"
    sql = (
        f"UPDATE {table} SET status = '{_SENDING}', claim_token = %s, claimed_at = %s,"
        f" attempts = attempts + 1 WHERE id {match} AND CASE status WHEN '{_PENDING}' THEN TRUE"
        f" WHEN '{_SENDING}' THEN claimed_at < %s AND attempts < %s ELSE FALSE END"
        f" RETURNING id, notice_id, channel, address, name, attempts,"
        f" (SELECT handler {code_of}), (SELECT code {code_of})"
    )
    params = [_token(token), _time(now), *id_params, _time(expired_before), attempts]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = [Outgoing(*values) for values in sorted(cursor.fetchall())]
    if not rows:
        return [], {}
    wanted = {row.notice_id for row in rows}
    notices = Notice.objects.filter(pk__in=wanted).only(
        "subject", "body", "sms_text", "link", "created_at"
    )
    return rows, {notice.pk: notice for notice in notices}


def mark_sent(ids: list[int], token: uuid.UUID, *, now: datetime) -> int:
    """`ids` still claimed under `token` are sent; returns how many."""
    match, id_params = _ids_match(ids)
    sql = (
        f"UPDATE {connection.ops.quote_name(OutboxMessage._meta.db_table)}"
        f" SET status = '{_SENT}', sent_at = %s, last_error = ''"
        f" WHERE id {match} AND claim_token = %s"
        f" AND CASE status WHEN '{_SENDING}' THEN TRUE ELSE FALSE END"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [_time(now), *id_params, _token(token)])
        return cursor.rowcount
