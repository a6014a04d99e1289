"""Sessions in the database, read with one written-once statement.

Every signed-in request reads its session first; the ORM's building of that one-table select
took twice as long as PostgreSQL's answer. The row, the expiry check and what a missing
session does are Django's own (`django.contrib.sessions.backends.db`); only the read is
written out. Writes, `exists`, `delete` and clearing expired rows stay the ORM's.
"""

from __future__ import annotations

from functools import cache

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.db import connections, router
from django.utils import timezone


@cache
def _statement(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    meta = Session._meta
    columns = [quote(field.column) for field in meta.concrete_fields]
    key, expiry = (quote(meta.get_field(name).column) for name in ("session_key", "expire_date"))
    return (
        f"SELECT {', '.join(columns)} FROM {quote(meta.db_table)} "
        f"WHERE {key} = %s AND {expiry} > %s"
    )


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self) -> Session | None:
        if not self.session_key:  # Django's store looks none up either
            self._session_key = None
            return None
        alias = router.db_for_read(Session)
        with connections[alias].cursor() as cursor:
            cursor.execute(_statement(alias), [self.session_key, timezone.now()])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        names = [field.attname for field in Session._meta.concrete_fields]
        return Session.from_db(alias, names, row)
