"""Personal access tokens, webhook endpoints and their deliveries, and embed origins."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class AccessToken(models.Model):
    """A person's token for scripts: only its SHA-256 digest is stored; `prefix` (the first
    characters, shown on the account page) tells the tokens apart."""

    class Scope(models.TextChoices):
        READ = "read", "Read"
        SCORES = "scores", "Read and enter scores"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=80)
    scope = models.CharField(max_length=8, choices=Scope.choices, default=Scope.READ)
    prefix = models.CharField(max_length=12)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                "user",
                "name",
                condition=Q(revoked_at__isnull=True),
                name="api_token_name_once_per_user",
                violation_error_message="You already have a token with this name.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class WebhookEndpoint(models.Model):
    """A URL a league's or an event's staff registered for chosen events."""

    class Format(models.TextChoices):
        JSON = "json", "JSON (signed)"
        DISCORD = "discord", "Discord-compatible"
        SLACK = "slack", "Slack-compatible"

    league = models.ForeignKey(
        "league.League", null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="webhooks",
    )
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list)
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.JSON)
    secret = models.CharField(max_length=64)
    active = models.BooleanField(default=True)
    failures = models.PositiveSmallIntegerField(default=0)  # in a row; reset by a success
    disabled_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(league__isnull=False, tournament__isnull=True)
                | Q(league__isnull=True, tournament__isnull=False),
                name="webhook_for_a_league_or_an_event",
            )
        ]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event sent (or to be sent) to one endpoint: the exact body signed, and each try."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting"
        SENDING = "sending", "Sending"
        SENT = "sent", "Delivered"
        FAILED = "failed", "Gave up"

    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    event = models.CharField(max_length=40)
    # What happened, once per endpoint: "card_confirmed:game:12:v3" (a second send finds it).
    event_key = models.CharField(max_length=200)
    body = models.TextField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    available_at = models.DateTimeField()
    claim_token = models.UUIDField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "webhook deliveries"
        constraints = [
            models.UniqueConstraint(
                fields=["endpoint", "event_key"], name="webhook_delivery_once_per_event"
            )
        ]
        indexes = [models.Index(fields=["status", "available_at"], name="webhook_due")]

    def __str__(self) -> str:
        return f"{self.event} → {self.endpoint}"


class EmbedOrigin(models.Model):
    """A site allowed to frame a league's or an event's embeds (`frame-ancestors`)."""

    league = models.ForeignKey(
        "league.League",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="embed_origins",
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="embed_origins",
    )
    origin = models.CharField(max_length=200)  # "https://club.example.org", no path

    class Meta:
        ordering = ["origin"]
        constraints = [
            models.CheckConstraint(
                condition=Q(league__isnull=False, tournament__isnull=True)
                | Q(league__isnull=True, tournament__isnull=False),
                name="embed_origin_for_a_league_or_an_event",
            ),
            models.UniqueConstraint(
                fields=["league", "origin"],
                condition=Q(league__isnull=False),
                name="embed_origin_once_per_league",
            ),
            models.UniqueConstraint(
                fields=["tournament", "origin"],
                condition=Q(tournament__isnull=False),
                name="embed_origin_once_per_event",
            ),
        ]

    def __str__(self) -> str:
        return self.origin
