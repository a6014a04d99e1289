"""Notices, the outbox that delivers them, public announcements and players' subscriptions.

A notice is written once; its outbox holds one row per recipient and channel,
created in the same transaction as the event that caused the notice. Workers
claim rows with a conditional UPDATE, so each row is sent by one worker only.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Notice(models.Model):
    class Kind(models.TextChoices):
        CANCELLATION = "cancellation", "Cancellation"
        CARD_AWAITING_CONFIRMATION = "card_awaiting_confirmation", "Scorecard to confirm"
        CARD_MISSING = "card_missing", "Missing scorecard"
        WAIVER_REMINDER = "waiver_reminder", "Waiver reminder"
        STANDINGS_PUBLISHED = "standings_published", "Standings published"
        FORFEIT_WARNING = "forfeit_warning", "Forfeit warning"
        GENERAL = "general", "General"
        INVITATION = "invitation", "Invitation"
        CARD_DISPUTED = "card_disputed", "Scorecard disputed"
        CARD_SETTLED = "card_settled", "Scorecard settled"
        FIXTURE_CLOSED = "fixture_closed", "Fixture closed"
        RESCHEDULE_REQUESTED = "reschedule_requested", "Reschedule request"
        RESCHEDULE_ANSWERED = "reschedule_answered", "Reschedule answer"
        TOURNAMENT_SEAT = "tournament_seat", "Tournament seat"
        TOURNAMENT_RESULTS = "tournament_results", "Tournament results"
        SCHEDULE_PUBLISHED = "schedule_published", "Schedule published"
        FIXTURES_MOVED = "fixtures_moved", "Fixtures moved"
        CARD_CORRECTED = "card_corrected", "Scorecard corrected"
        AVAILABILITY_ASK = "availability_ask", "Are you coming?"
        SUB_WANTED = "sub_wanted", "Sub wanted"
        SUB_FOUND = "sub_found", "Sub found"
        MAKEUP_GAME = "makeup_game", "Makeup game"
        RACE_CHANGED = "race_changed", "Clinched or eliminated"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    sms_text = models.CharField("text message", max_length=320, blank=True)
    link = models.CharField(max_length=500, blank=True)
    season = models.ForeignKey(
        "league.Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="notices"
    )
    # What caused the notice, e.g. {"fixtures": [12, 13], "reason": "weather"}.
    source = models.JSONField(default=dict, blank=True)
    # Producers that may run twice (periodic jobs) pass a key; a second run finds the first.
    key = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["kind", "-created_at"])]
        constraints = [
            models.UniqueConstraint(fields=["key"], condition=~Q(key=""), name="notice_key_unique")
        ]

    def __str__(self) -> str:
        return self.subject


class OutboxMessage(models.Model):
    class Channel(models.TextChoices):
        EMAIL = "email", "Email"
        SMS = "sms", "Text message"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    notice = models.ForeignKey(Notice, on_delete=models.CASCADE, related_name="messages")
    channel = models.CharField(max_length=8, choices=Channel.choices)
    address = models.CharField(max_length=254)
    name = models.CharField(max_length=120, blank=True)
    player = models.ForeignKey(
        "league.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    # Not before this time (backoff after a failure).
    available_at = models.DateTimeField(default=timezone.now)
    # When the row was last handed to delivery (written, resent, queued by the sweep): the
    # sweep re-queues a pending row whose task has had long enough.
    queued_at = models.DateTimeField(null=True, blank=True)
    claim_token = models.UUIDField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    resent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["notice", "channel", "address"]
        constraints = [
            models.UniqueConstraint(
                fields=["notice", "channel", "address"], name="outbox_once_per_channel"
            ),
            models.CheckConstraint(
                condition=~Q(status="sent") | Q(sent_at__isnull=False),
                name="outbox_sent_has_time",
            ),
        ]
        indexes = [
            models.Index(
                fields=["available_at"], condition=Q(status="pending"), name="outbox_pending_due"
            ),
            models.Index(
                fields=["claimed_at"], condition=Q(status="sending"), name="outbox_sending_claimed"
            ),
            models.Index(fields=["notice", "status"], name="outbox_notice_status"),
        ]

    def __str__(self) -> str:
        return f"{self.get_channel_display()} to {self.address} ({self.get_status_display()})"


class Announcement(models.Model):
    """Public text on the league's pages and in its Atom feed."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="announcements"
    )
    title = models.CharField(max_length=200)
    body = models.TextField()
    link = models.CharField(max_length=500, blank=True)
    notice = models.OneToOneField(
        Notice, null=True, blank=True, on_delete=models.SET_NULL, related_name="announcement"
    )
    published_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-published_at", "-pk"]
        indexes = [models.Index(fields=["league", "-published_at"])]

    def __str__(self) -> str:
        return self.title


class Subscription(models.Model):
    """A player asks for a league's notices by email and/or text."""

    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="notice_subscriptions"
    )
    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="notice_subscriptions"
    )
    by_email = models.BooleanField(default=True)
    by_sms = models.BooleanField("by text message", default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["league", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["player", "league"], name="subscription_once"),
            models.CheckConstraint(
                condition=Q(by_email=True) | Q(by_sms=True), name="subscription_some_channel"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} → {self.league}"


class NoticePreference(models.Model):
    """How one player wants one kind of notice: email, text or both.

    Without a row the kind's default applies (`notices.channels`); a row is kept only
    while the choice differs from that default.
    """

    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="notice_preferences"
    )
    kind = models.CharField(max_length=32, choices=Notice.Kind.choices)
    by_email = models.BooleanField(default=True)
    by_sms = models.BooleanField("by text message", default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["player", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["player", "kind"], name="notice_preference_once"),
            models.CheckConstraint(
                condition=Q(by_email=True) | Q(by_sms=True), name="notice_preference_some_channel"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.get_kind_display()}"


class EmailOptOut(models.Model):
    """An address that asked, through the link at the foot of a notice email, for no more.

    Stored as `notices.addresses.normalise_email` writes it, once (a second click finds the
    first row). Texts are not concerned: they follow the person's consent to texts.
    """

    address = models.CharField(max_length=254, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = "email opt-out"

    def __str__(self) -> str:
        return self.address


class ReplyCode(models.Model):
    """The code in one text that a reply names ("YES 4821"): what it answers and who may.

    `handler` is the name an app registered (`notices.registry.register_reply_handler`),
    `target` what that app needs to act (notices never reads it). A code is unique per phone
    number, so a reply from another number is told the code isn't theirs.
    """

    message = models.OneToOneField(
        OutboxMessage, on_delete=models.CASCADE, related_name="reply_code"
    )
    phone = models.CharField(max_length=20)  # E.164, where the text went
    code = models.CharField(max_length=8)
    player = models.ForeignKey(
        "league.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handler = models.CharField(max_length=40)
    target = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)
    answer = models.CharField(max_length=16, blank=True)  # the word that was acted on

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["phone", "code"], name="reply_code_once_per_phone"),
            models.CheckConstraint(
                condition=Q(answered_at__isnull=True, answer="")
                | Q(answered_at__isnull=False) & ~Q(answer=""),
                name="reply_code_answer_complete",
            ),
        ]
        indexes = [models.Index(fields=["code"], name="reply_code_code")]

    def __str__(self) -> str:
        return f"{self.code} to {self.phone}"


class InboundText(models.Model):
    """A text someone sent in reply, once per provider message id: a replay does nothing."""

    class Outcome(models.TextChoices):
        DONE = "done", "Done"
        REFUSED = "refused", "Refused"
        IGNORED = "ignored", "Ignored"

    message_sid = models.CharField(max_length=64, unique=True)
    phone = models.CharField(max_length=32)
    body = models.TextField(blank=True)
    reply_code = models.ForeignKey(
        ReplyCode, null=True, blank=True, on_delete=models.SET_NULL, related_name="inbound"
    )
    outcome = models.CharField(max_length=8, choices=Outcome.choices, default=Outcome.IGNORED)
    reply = models.TextField(blank=True)  # what was answered
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-received_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.phone}: {self.body[:40]}"


class SentText(models.Model):
    """A text message as the database SMS backend keeps it (`notices.text_backends`): in
    the demo and on a test site, where no text leaves for a phone, every web host shows it
    to the person whose number it went to (`/notices/texts/`), whichever worker sent it."""

    recipient = models.CharField(max_length=32)  # E.164, as the sender addressed it
    sender = models.CharField(max_length=32, blank=True)
    body = models.TextField()
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-sent_at", "-pk"]
        indexes = [
            models.Index(fields=["recipient", "-sent_at"], name="sent_text_recipient_recent"),
            models.Index(fields=["-sent_at"], name="sent_text_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.recipient}: {self.body[:40]}"
