"""Roles on objects: who manages which league, who directs or keeps score at which event.

Accounts sits below the league and tournaments, so a role names its object by kind and id
(`scope_kind`, `scope_id`) rather than by a foreign key. Site-wide roles (organisers, who may
create leagues and tournaments) use the "site" kind with id 0.
"""

from django.conf import settings
from django.db import models


class Scope(models.TextChoices):
    SITE = "site", "Site"
    LEAGUE = "league", "League"
    TOURNAMENT = "tournament", "Tournament"


class RoleName(models.TextChoices):
    ORGANISER = "organiser", "Organiser"
    MANAGER = "manager", "League manager"
    DIRECTOR = "director", "Tournament director"
    SCOREKEEPER = "scorekeeper", "Scorekeeper"


# Which roles exist in which kind of scope.
ROLES_BY_SCOPE: dict[str, tuple[str, ...]] = {
    Scope.SITE: (RoleName.ORGANISER,),
    Scope.LEAGUE: (RoleName.MANAGER,),
    Scope.TOURNAMENT: (RoleName.DIRECTOR, RoleName.SCOREKEEPER),
}
SITE_ID = 0


class Role(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="object_roles"
    )
    scope_kind = models.CharField(max_length=12, choices=Scope.choices)
    scope_id = models.PositiveBigIntegerField()
    role = models.CharField(max_length=12, choices=RoleName.choices)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "scope_kind", "scope_id", "role"], name="one_role_per_object"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(scope_kind="site", scope_id=0, role="organiser")
                    | models.Q(scope_kind="league", scope_id__gt=0, role="manager")
                    | models.Q(
                        scope_kind="tournament",
                        scope_id__gt=0,
                        role__in=["director", "scorekeeper"],
                    )
                ),
                name="role_fits_its_scope",
            ),
        ]
        indexes = [models.Index(fields=["scope_kind", "scope_id"], name="role_scope")]

    def __str__(self) -> str:
        where = "the site" if self.scope_kind == Scope.SITE else f"{self.scope_kind} {self.scope_id}"
        return f"{self.user} · {self.get_role_display()} of {where}"
