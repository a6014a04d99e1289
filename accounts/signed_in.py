"""The signed-in user and their roles in one query.

Every signed-in page reads both (the menu asks whether the user manages or directs
anything), so the authentication backend loads them together instead of the user first
and the roles in a query of their own.
"""

import functools
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import router
from django.db.models import CharField, OuterRef, StringAgg, Subquery, Value
from django.db.models.functions import Cast, Concat

from accounts import permissions
from accounts.models import Role
from queries.compiled import CompiledQuery

# Neither separator can occur in a scope kind, a role name or a number.
_FIELD, _ROW = ":", ","


def _roles_text() -> Subquery:
    """The user's roles as one text: 'league:4:manager,tournament:2:director'."""
    row = Concat("scope_kind", Value(_FIELD), Cast("scope_id", CharField()), Value(_FIELD), "role")
    rows = (
        Role.objects.filter(user_id=OuterRef("pk"))
        .order_by()
        .values("user_id")
        .annotate(text=StringAgg(row, Value(_ROW)))
        .values("text")
    )
    return Subquery(rows, output_field=CharField())


def parse_roles(text: str | None) -> frozenset[tuple[str, int, str]]:
    """The (scope kind, scope id, role) rows of `_roles_text`'s answer."""
    if not text:
        return frozenset()
    roles = set()
    for row in text.split(_ROW):
        kind, scope_id, role = row.split(_FIELD)
        roles.add((kind, int(scope_id), role))
    return frozenset(roles)


@functools.cache
def _columns() -> tuple[str, ...]:
    return tuple(field.attname for field in get_user_model()._meta.concrete_fields)


# Compiled once per database: compiling the subquery costs more than running it. Read as
# values and made with `from_db`, as the ORM makes a user, without a raw query's set-up.
_USER = CompiledQuery(
    lambda pk: (
        get_user_model()._default_manager.filter(pk=pk).values_list(*_columns(), _roles_text())
    ),
    -271828,  # stands for the user's id while the query is compiled
)


def user_with_roles(user_id: Any) -> Any | None:
    """The user with this id, their roles already known to `accounts.permissions`."""
    model = get_user_model()
    try:
        pk = model._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    alias = router.db_for_read(model)
    rows = _USER.rows(pk, using=alias)
    if not rows:
        return None
    *values, roles = rows[0]
    user = model.from_db(alias, _columns(), values)
    permissions.remember_roles(user, parse_roles(roles))
    return user
