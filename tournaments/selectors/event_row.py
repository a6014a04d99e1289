"""An event's row for its pages: the tournament, its rule set and its results count, in one
query whose SQL is written once per process.

Every public page of an event starts here, and the ORM's compiling of the same three-table
select (with the rule set's thirty columns) cost more than the database's answer; the
statement itself never changes, only the slug. The instances are made with `Model.from_db`,
as the ORM makes them, so they behave as any other: deferred nothing, saved normally.
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.http import Http404

from scoring.models import RuleSet
from tournaments.models import Tournament, TournamentVersion


def _columns(model: type, alias: str) -> list[str]:
    quote = connection.ops.quote_name
    return [f"{alias}.{quote(field.column)}" for field in model._meta.concrete_fields]


@cache
def _statement() -> str:
    quote = connection.ops.quote_name
    version = TournamentVersion._meta
    rule_set_column = Tournament._meta.get_field("rule_set").column
    return (
        f"SELECT {', '.join(_columns(Tournament, 't') + _columns(RuleSet, 'r'))}, "
        f"COALESCE(v.{quote(version.get_field('results').column)}, 0) "
        f"FROM {quote(Tournament._meta.db_table)} t "
        f"LEFT JOIN {quote(RuleSet._meta.db_table)} r "
        f"ON r.{quote(RuleSet._meta.pk.column)} = t.{quote(rule_set_column)} "
        f"LEFT JOIN {quote(version.db_table)} v "
        f"ON v.{quote(version.pk.column)} = t.{quote(Tournament._meta.pk.column)} "
        f"WHERE t.{quote(Tournament._meta.get_field('slug').column)} = %s"
    )


def _names(model: type) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]


def _made(model: type, values: tuple) -> object:
    """An instance from its columns' values, each read as the ORM reads it (a JSON column
    arrives as text and is loaded by its field)."""
    fields = model._meta.concrete_fields
    read = [
        field.from_db_value(value, None, connection) if hasattr(field, "from_db_value") else value
        for field, value in zip(fields, values, strict=True)
    ]
    return model.from_db(connection.alias, _names(model), read)


def tournament_for_page(slug: str) -> Tournament:
    """The event with this slug, its `rule_set` loaded and `results_version` set (what
    `tournaments.versions.results_version` reads); Http404 when there is none."""
    with connection.cursor() as cursor:
        cursor.execute(_statement(), [slug])
        row = cursor.fetchone()
    if row is None:
        raise Http404("No such tournament.")
    split = len(Tournament._meta.concrete_fields)
    tournament = _made(Tournament, row[:split])
    rule_values = row[split : split + len(RuleSet._meta.concrete_fields)]
    tournament.rule_set = None if tournament.rule_set_id is None else _made(RuleSet, rule_values)
    tournament.results_version = int(row[-1])
    return tournament
