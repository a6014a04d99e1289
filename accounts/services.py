"""Granting and revoking roles on objects; each change is logged in the activity log."""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from accounts import permissions
from accounts.models import ROLES_BY_SCOPE, SITE_ID, Role, RoleName, Scope
from activity.models import Scope as ActivityScope
from activity.models import Verb
from activity.services import activity_record


def _check(scope_kind: str, scope_id: int, role: str) -> int:
    if role not in ROLES_BY_SCOPE.get(scope_kind, ()):
        raise ValidationError(f"A {scope_kind} has no {role} role.")
    if scope_kind == Scope.SITE:
        return SITE_ID
    if not scope_id:
        raise ValidationError("Say which league or tournament the role is for.")
    return scope_id


def _activity_scope(scope_kind: str, scope_id: int) -> tuple[str, int | None]:
    return (ActivityScope.SITE, None) if scope_kind == Scope.SITE else (scope_kind, scope_id)


@transaction.atomic
def role_grant(
    *,
    user: Any,
    role: str,
    scope_kind: str,
    scope_id: int = SITE_ID,
    by: Any = None,
    first_staff: bool = False,
) -> Role:
    """Give `user` the role on the object; granting a role they hold returns it unchanged.

    `by` None is the system (a migration, the demo). `first_staff` is for whoever just
    created the league or tournament (the caller has checked they may create it).
    """
    scope_id = _check(scope_kind, scope_id, role)
    if (
        by is not None
        and not first_staff
        and not permissions.can_grant_role(by, scope_kind, scope_id)
    ):
        raise PermissionDenied("You can't give roles here.")
    existing = Role.objects.filter(
        user=user, scope_kind=scope_kind, scope_id=scope_id, role=role
    ).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            granted = Role.objects.create(
                user=user, scope_kind=scope_kind, scope_id=scope_id, role=role, granted_by=by
            )
    except IntegrityError:  # granted at the same moment by someone else
        return Role.objects.get(user=user, scope_kind=scope_kind, scope_id=scope_id, role=role)
    kind, ident = _activity_scope(scope_kind, scope_id)
    activity_record(
        actor=by,
        verb=Verb.ROLE_GRANTED,
        target=user,
        scope_kind=kind,
        scope_id=ident,
        label=user.get_full_name() or user.get_username(),
        detail=RoleName(role).label,
    )
    permissions.forget_roles(user)
    return granted


@transaction.atomic
def role_revoke(*, user: Any, role: str, scope_kind: str, scope_id: int = SITE_ID, by: Any) -> bool:
    """Take the role away; False when the user doesn't hold it there (nothing changes).
    The last manager or director of an object can't be removed."""
    scope_id = _check(scope_kind, scope_id, role)
    if not permissions.can_grant_role(by, scope_kind, scope_id):
        raise PermissionDenied("You can't remove roles here.")
    rows = Role.objects.select_for_update().filter(scope_kind=scope_kind, scope_id=scope_id)
    holders = list(rows.filter(role=role).values_list("user_id", flat=True))
    if user.pk not in holders:
        return False
    if role in (RoleName.MANAGER, RoleName.DIRECTOR) and len(holders) == 1:
        raise ValidationError(f"{RoleName(role).label}: someone else must hold it first.")
    rows.filter(user=user, role=role).delete()
    kind, ident = _activity_scope(scope_kind, scope_id)
    activity_record(
        actor=by,
        verb=Verb.ROLE_REVOKED,
        target=user,
        scope_kind=kind,
        scope_id=ident,
        label=user.get_full_name() or user.get_username(),
        detail=RoleName(role).label,
    )
    permissions.forget_roles(user)
    return True


def staff_of(scope_kind: str, scope_id: int) -> list[Role]:
    """Everyone holding a role on the object, for its staff page."""
    return list(
        Role.objects.filter(scope_kind=scope_kind, scope_id=scope_id)
        .select_related("user")
        .order_by("role", "user__username")
    )
