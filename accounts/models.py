"""Roles on objects: who manages which league, who directs or keeps score at which event.

Accounts sits below the league and tournaments, so a role names its object by kind and id
(`scope_kind`, `scope_id`) rather than by a foreign key. Site-wide roles (organisers, who may
create leagues and tournaments) use the "site" kind with id 0.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


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
        where = (
            "the site" if self.scope_kind == Scope.SITE else f"{self.scope_kind} {self.scope_id}"
        )
        return f"{self.user} · {self.get_role_display()} of {where}"


class Invitation(models.Model):
    """An invitation to take a role, sent by email and/or text as a signed, expiring link.

    What it grants is named like a role's object, by kind and id (accounts can't know the
    league's teams or the tournaments): `kind` says what the person becomes and `scope_kind`
    + `scope_id` of what; `player_id` names the league player record the account is linked to
    (captains, players, entrants). `label` is the object in words as it read when invited,
    `link_after` where the person goes once they accept, and `payload` is for the owner of
    the kind (accounts never reads it). Applying the grant is the owner's: see
    `accounts.invitations.register_invitation_handler`.
    """

    class Kind(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        MANAGER = "manager", "League manager"
        DIRECTOR = "director", "Tournament director"
        SCOREKEEPER = "scorekeeper", "Scorekeeper"
        CAPTAIN = "captain", "Captain"
        PLAYER = "player", "Player"
        SUB = "sub", "Sub"
        ENTRANT = "entrant", "Entrant"

    class ScopeKind(models.TextChoices):
        SITE = "site", "Site"
        LEAGUE = "league", "League"
        TOURNAMENT = "tournament", "Tournament"
        TEAM = "team", "Team"

    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        ACCEPTED = "accepted", "Accepted"
        REVOKED = "revoked", "Revoked"
        EXPIRED = "expired", "Expired"

    kind = models.CharField(max_length=12, choices=Kind.choices)
    scope_kind = models.CharField(max_length=12, choices=ScopeKind.choices)
    scope_id = models.PositiveBigIntegerField()
    player_id = models.PositiveBigIntegerField(null=True, blank=True)
    name = models.CharField(max_length=120, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=20, blank=True)
    label = models.CharField(max_length=200)
    link_after = models.CharField(max_length=300, blank=True)
    payload = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations_sent",
    )
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    send_count = models.PositiveSmallIntegerField(default=0)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations_accepted",
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["scope_kind", "scope_id", "state"], name="invitation_scope"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(email="", phone=""), name="invitation_has_an_address"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(kind="organiser", scope_kind="site", scope_id=0)
                    | models.Q(kind="manager", scope_kind="league", scope_id__gt=0)
                    | models.Q(
                        kind__in=["director", "scorekeeper", "entrant"],
                        scope_kind="tournament",
                        scope_id__gt=0,
                    )
                    | models.Q(
                        kind__in=["captain", "player", "sub"], scope_kind="team", scope_id__gt=0
                    )
                ),
                name="invitation_kind_fits_scope",
            ),
            models.CheckConstraint(
                condition=~models.Q(state="accepted") | models.Q(accepted_at__isnull=False),
                name="invitation_accepted_has_time",
            ),
            # One pending invitation per person and object: a double click or two inviters
            # at once find the first one.
            models.UniqueConstraint(
                fields=["kind", "scope_kind", "scope_id", "email"],
                condition=models.Q(state="pending") & ~models.Q(email=""),
                name="invitation_pending_once_by_email",
            ),
            models.UniqueConstraint(
                fields=["kind", "scope_kind", "scope_id", "phone"],
                condition=models.Q(state="pending") & ~models.Q(phone=""),
                name="invitation_pending_once_by_phone",
            ),
            models.UniqueConstraint(
                fields=["scope_kind", "scope_id", "player_id"],
                condition=models.Q(state="pending", player_id__isnull=False),
                name="invitation_pending_once_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.label} → {self.address}"

    @property
    def address(self) -> str:
        return " / ".join(a for a in (self.email, self.phone) if a)

    @property
    def offer(self) -> str:
        """What accepting makes the person, after "You are now": "the captain of Red Aces
        (Tuesday League, Fall 2026)", "a player for Left Bowers (…)"."""
        return OFFERS[self.kind].format(label=self.label)

    @property
    def invited_to(self) -> str:
        """What the invitation asks, after "invited you to": "play for Left Bowers (…)"."""
        return INVITED_TO[self.kind].format(label=self.label)


# How each kind of invitation reads, with the object's label in words.
OFFERS: dict[str, str] = {
    Invitation.Kind.ORGANISER: "an organiser on {label}",
    Invitation.Kind.MANAGER: "a manager of {label}",
    Invitation.Kind.DIRECTOR: "a director of {label}",
    Invitation.Kind.SCOREKEEPER: "a scorekeeper at {label}",
    Invitation.Kind.CAPTAIN: "the captain of {label}",
    Invitation.Kind.PLAYER: "a player for {label}",
    Invitation.Kind.SUB: "a sub for {label}",
    Invitation.Kind.ENTRANT: "entered in {label}",
}
INVITED_TO: dict[str, str] = {
    Invitation.Kind.ORGANISER: "be an organiser on {label}",
    Invitation.Kind.MANAGER: "manage {label}",
    Invitation.Kind.DIRECTOR: "direct {label}",
    Invitation.Kind.SCOREKEEPER: "keep score at {label}",
    Invitation.Kind.CAPTAIN: "captain {label}",
    Invitation.Kind.PLAYER: "play for {label}",
    Invitation.Kind.SUB: "sub for {label}",
    Invitation.Kind.ENTRANT: "play in {label}",
}


class ThrottleCounter(models.Model):
    """One counter of the sign-in and reset throttle (`accounts.throttle`), kept in the
    database so it holds whatever happens to the cache: the attempts counted for one key
    (a scope and the digest of an account, an address or a game) since `expires - window`,
    and the moment the key waits or is locked until. Times are epoch seconds."""

    key = models.CharField(max_length=80, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.FloatField(default=0)  # the count lapses at this moment
    until = models.FloatField(default=0)  # refused until this moment (0: not refused)
    kind = models.CharField(max_length=8, blank=True)  # "locked" or "slowed"

    class Meta:
        indexes = [models.Index(fields=["expires"], name="throttle_expires")]

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"


class AccountPhone(models.Model):
    """The mobile number of an account, where a password reset or a sign-in link may be
    texted. Only its owner sets it — from a text invitation they accepted (the link reached
    that phone) or by typing it on their own pages — never someone else: a captain or a
    manager who changes a player's number for notices can't redirect their sign-in.
    Several accounts may share a phone (a family's): each gets its own link."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="account_phone",
    )
    number = models.CharField(max_length=20, db_index=True)  # E.164
    set_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.user} · {self.number}"
