"""Queries compiled to SQL once per process, then run with a request's values.

The busiest reads (a signed-in request's session, the standings page's season, an event's
row, a profile's and a ladder's stamps) are querysets that never change but for one or two
values from the address. Building and compiling such a queryset cost the web process more
than the database spends answering it: about a millisecond, against a tenth or less.
`CompiledQuery` builds and compiles it once per process and database, with markers standing
in for the values, and runs the SQL with each request's values in the markers' places.

Only the text of the SQL is kept, never a row: every read still asks the database, so a
change made by any process shows on the next one. What comes back is what the queryset
would give: `instances` are model instances (`QuerySet.raw`: fields converted as usual,
annotations as the database sends them); `rows` are a `values_list` queryset's rows, each
column converted as the ORM converts it (JSON decoded; on SQLite, dates and booleans read).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet


@dataclass(frozen=True)
class _Compiled:
    queryset: QuerySet
    sql: str
    params: tuple[Any, ...]
    # For each parameter: the marker (by position) it stands for, or None for the query's own.
    slots: tuple[int | None, ...]
    converters: dict


class CompiledQuery[M: Model]:
    """`build(*markers)`'s SQL, compiled once per database, run for any values.

    `build` must use each value only as a plain parameter (a filter's right-hand side), and
    each marker must be a value of the same type that no other parameter of the query takes.
    """

    def __init__(self, build: Callable[..., QuerySet[M]], *markers: Any) -> None:
        self.build = build
        self.markers = markers
        self._compiled: dict[tuple[str, str], _Compiled] = {}
        self._lock = threading.Lock()

    def _sql(self, using: str) -> _Compiled:
        key = (using, connections[using].vendor)
        found = self._compiled.get(key)
        if found is None:
            found = self._compile(using)
            with self._lock:
                self._compiled[key] = found
        return found

    def _compile(self, using: str) -> _Compiled:
        queryset = self.build(*self.markers)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = tuple(self._marker_of(param) for param in params)
        if set(range(len(self.markers))) - set(slots):
            # A lookup that rewrites its value (icontains, a date) can't take a marker.
            raise ValueError("The built query does not take every marker as a parameter.")
        columns = [selected[0] for selected in compiler.select[: compiler.col_count]]
        return _Compiled(queryset, sql, tuple(params), slots, compiler.get_converters(columns))

    def _marker_of(self, param: Any) -> int | None:
        for number, marker in enumerate(self.markers):
            if type(param) is type(marker) and param == marker:
                return number
        return None

    def params(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> list[Any]:
        """The parameters for `values` (the SQL's own, with the values in the markers')."""
        if len(values) != len(self.markers):
            raise TypeError(f"{len(self.markers)} values expected, {len(values)} given.")
        compiled = self._sql(using)
        return [
            param if slot is None else values[slot]
            for param, slot in zip(compiled.params, compiled.slots, strict=True)
        ]

    def instances(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> list[M]:
        """The instances `build(*values)` would give, read with the SQL compiled once."""
        compiled = self._sql(using)
        manager = compiled.queryset.model._default_manager.db_manager(using)
        return list(manager.raw(compiled.sql, self.params(*values, using=using)))

    def rows(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> list[list[Any]]:
        """A `values_list` query's rows for `values`, each a list of converted values."""
        compiled = self._sql(using)
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, self.params(*values, using=using))
            fetched = cursor.fetchall()
        return [_converted(list(row), compiled.converters, connection) for row in fetched]


def _converted(row: list[Any], converters: dict, connection: Any) -> list[Any]:
    for position, (functions, expression) in converters.items():
        value = row[position]
        for function in functions:
            value = function(value, expression, connection)
        row[position] = value
    return row
