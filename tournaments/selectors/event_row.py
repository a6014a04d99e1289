"""An event's row for its pages: the tournament, its rule set and its results count, in one
query whose SQL is compiled once per process (`queries.compiled`).

Every public page of an event starts here, and the ORM's compiling of the same three-table
select (with the rule set's thirty columns) cost more than the database's answer; the
statement itself never changes, only the slug. The instances are made with `Model.from_db`,
as the ORM makes them, so they behave as any other: deferred nothing, saved normally.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import QuerySet, Value
from django.db.models.functions import Coalesce
from django.http import Http404

from queries.compiled import CompiledQuery
from scoring.models import RuleSet
from tournaments.models import Tournament

TOURNAMENT_COLUMNS = tuple(field.attname for field in Tournament._meta.concrete_fields)
RULE_SET_COLUMNS = tuple(field.attname for field in RuleSet._meta.concrete_fields)


def _event_query(slug: str) -> QuerySet:
    return Tournament.objects.filter(slug=slug).values_list(
        *TOURNAMENT_COLUMNS,
        *(f"rule_set__{name}" for name in RULE_SET_COLUMNS),
        Coalesce("version__results", Value(0)),
    )


_EVENT = CompiledQuery(_event_query, "\x00event-slug\x00")


def tournament_for_page(slug: str) -> Tournament:
    """The event with this slug, its `rule_set` loaded and `results_version` set (what
    `tournaments.versions.results_version` reads); Http404 when there is none."""
    rows = _EVENT.rows(slug)
    if not rows:
        raise Http404("No such tournament.")
    row = rows[0]
    split = len(TOURNAMENT_COLUMNS)
    tournament = Tournament.from_db(connection.alias, TOURNAMENT_COLUMNS, row[:split])
    if tournament.rule_set_id is not None:
        values = row[split : split + len(RULE_SET_COLUMNS)]
        tournament.rule_set = RuleSet.from_db(connection.alias, RULE_SET_COLUMNS, values)
    else:
        tournament.rule_set = None
    tournament.results_version = int(row[-1])
    return tournament
