"""Sessions in the database, read with a select compiled once per process.

Every signed-in request reads its session first; the ORM's building of that one-table select
took twice as long as PostgreSQL's answer. The row, the expiry check and what a missing
session does are Django's own (`django.contrib.sessions.backends.db`); only the read is
compiled once (`queries.compiled`). Writes, `exists`, `delete` and clearing expired rows
stay the ORM's.
"""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.db import router
from django.utils import timezone

from queries.compiled import CompiledQuery

COLUMNS = tuple(field.attname for field in Session._meta.concrete_fields)

# By key only: the expiry is compared below, as a marker can't take a moment's place.
_SESSION = CompiledQuery(
    lambda key: Session.objects.filter(session_key=key).values_list(*COLUMNS), "\x00key\x00"
)
EXPIRES = COLUMNS.index("expire_date")


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self) -> Session | None:
        alias = router.db_for_read(Session)
        rows = _SESSION.rows(self.session_key, using=alias)
        if not rows or rows[0][EXPIRES] <= timezone.now():
            self._session_key = None
            return None
        return Session.from_db(alias, COLUMNS, rows[0])
