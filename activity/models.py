"""The activity log's one table: an entry per business action, never edited once written."""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.utils import timezone

LABEL_MAX = 200
DETAIL_MAX = 500


class Verb(models.TextChoices):
    """What happened. Adding one is a migration (the check constraint lists them)."""

    CARD_SUBMITTED = "card_submitted", "Card submitted"
    CARD_CONFIRMED = "card_confirmed", "Card confirmed"
    CARD_DISPUTED = "card_disputed", "Card disputed"
    CARD_SETTLED = "card_settled", "Card settled"
    CARD_CORRECTED = "card_corrected", "Card corrected"
    FIXTURE_CLOSED = "fixture_closed", "Fixture closed"
    FORFEIT_RECORDED = "forfeit_recorded", "Forfeit recorded"
    FORFEIT_ANNOUNCED = "forfeit_announced", "Forfeit announced"
    FORFEIT_OVERTURNED = "forfeit_overturned", "Forfeit overturned"
    PLAYOFF_REVIEW_DECIDED = "playoff_review_decided", "Playoff place decided"
    NIGHT_CANCELLED = "night_cancelled", "Play cancelled"
    NIGHT_MOVED = "night_moved", "Night moved"
    CANCELLATION_DECIDED = "cancellation_decided", "Cancellation decided"
    SCHEDULE_PUBLISHED = "schedule_published", "Schedule published"
    STANDINGS_PUBLISHED = "standings_published", "Standings published"
    PLAYOFFS_CREATED = "playoffs_created", "Playoffs created"
    SERIES_AWARDED = "series_awarded", "Series awarded"
    TOURNAMENT_STARTED = "tournament_started", "Tournament started"
    ROUND_STARTED = "round_started", "Round started"
    MATCH_AWARDED = "match_awarded", "Match awarded"
    ENTRY_WITHDRAWN = "entry_withdrawn", "Entry withdrawn"
    ENTRY_REINSTATED = "entry_reinstated", "Withdrawal undone"
    ENTRY_ARRIVED_LATE = "entry_arrived_late", "Late arrival"
    ENTRIES_REGISTERED = "entries_registered", "List registered"
    TOURNAMENT_FINISHED = "tournament_finished", "Tournament finished"
    ROLE_GRANTED = "role_granted", "Role granted"
    ROLE_REVOKED = "role_revoked", "Role revoked"
    SIGN_IN_LINK_SENT = "sign_in_link_sent", "Sign-in link sent"
    TEAM_RENAMED = "team_renamed", "Team renamed"
    TEAM_LEVEL_CHANGED = "team_level_changed", "Team moved to another level"
    TEAM_WITHDRAWN = "team_withdrawn", "Team withdrawn"
    VENUE_CHANGED = "venue_changed", "Venue changed"
    VENUE_REMOVED = "venue_removed", "Venue removed"
    PLAYERS_MERGED = "players_merged", "Players merged"
    PLAYER_MERGE_UNDONE = "player_merge_undone", "Player merge undone"
    LADDER_CREATED = "ladder_created", "Season ladder created"
    LADDER_CHANGED = "ladder_changed", "Season ladder changed"
    LADDER_EVENT_ADDED = "ladder_event_added", "Event added to a season ladder"
    LADDER_EVENT_REMOVED = "ladder_event_removed", "Event removed from a season ladder"
    LADDER_TOP_INVITED = "ladder_top_invited", "Season ladder's top invited"
    LINEUP_RECORDED = "lineup_recorded", "Line-up recorded"
    SIGN_UP_CHANGED = "sign_up_changed", "Sign-up changed"
    REGISTERED = "registered", "Registered"
    PARTNER_ACCEPTED = "partner_accepted", "Partner accepted"
    PLACE_TAKEN = "place_taken", "Place taken"
    WAITLISTED = "waitlisted", "Put on the waitlist"
    PLACE_OFFERED = "place_offered", "Place offered from the waitlist"
    OFFER_LAPSED = "offer_lapsed", "Offered place passed on"
    REGISTRATION_ACCEPTED = "registration_accepted", "Registration accepted"
    FREE_AGENT_PLACED = "free_agent_placed", "Free agent placed"
    REGISTRATION_REFUSED = "registration_refused", "Registration refused"
    REGISTRATION_WITHDRAWN = "registration_withdrawn", "Registration withdrawn"
    REGISTRATION_LAPSED = "registration_lapsed", "Registration lapsed (not paid in time)"
    PAYMENT_RECORDED = "payment_recorded", "Payment recorded"
    REFUND_RECORDED = "refund_recorded", "Refund recorded"
    LEDGER_POSTED = "ledger_posted", "Ledger entry posted"
    LEDGER_CLOSED = "ledger_closed", "Ledger closed"
    SUB_REQUESTED = "sub_requested", "Sub asked for"
    SUB_FOUND = "sub_found", "Sub found"
    SUB_REQUEST_WITHDRAWN = "sub_request_withdrawn", "Sub request withdrawn"
    MAKEUP_ARRANGED = "makeup_arranged", "Makeup game arranged"
    MAKEUP_CANCELLED = "makeup_cancelled", "Makeup game cancelled"
    EMBED_SITE_ALLOWED = "embed_site_allowed", "Site allowed to show the embeds"
    EMBED_SITE_REMOVED = "embed_site_removed", "Site no longer allowed to show the embeds"


class Scope(models.TextChoices):
    """Whose log an entry belongs to: a league's, a tournament's, or no page's (site)."""

    LEAGUE = "league", "League"
    TOURNAMENT = "tournament", "Tournament"
    SITE = "site", "Site"


class Activity(models.Model):
    """Who (`actor`; None for the system or a task) did what (`verb`) to which object
    (`target`), and when.

    `target_label` is the object as it read at the time, so the log still reads after the
    object is renamed or deleted; `scope_kind` + `scope_id` name the league or tournament
    whose staff see the entry.
    """

    at = models.DateTimeField(default=timezone.now, editable=False)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The actor's username then: the entry still names them if the account goes.
    actor_label = models.CharField(max_length=150, blank=True)
    verb = models.CharField(max_length=32, choices=Verb.choices)
    content_type = models.ForeignKey(
        ContentType, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    object_id = models.PositiveBigIntegerField(null=True, blank=True)
    target = GenericForeignKey("content_type", "object_id")
    target_label = models.CharField(max_length=LABEL_MAX)
    scope_kind = models.CharField(max_length=12, choices=Scope.choices)
    scope_id = models.PositiveBigIntegerField(null=True, blank=True)
    detail = models.CharField(max_length=DETAIL_MAX, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "activities"
        indexes = [
            models.Index(fields=["scope_kind", "scope_id", "-at"], name="activity_scope_time"),
            models.Index(fields=["content_type", "object_id"], name="activity_target"),
            models.Index(fields=["-at"], name="activity_time"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(verb__in=Verb.values), name="activity_verb_known"),
            models.CheckConstraint(
                condition=Q(scope_kind__in=[Scope.LEAGUE, Scope.TOURNAMENT], scope_id__isnull=False)
                | Q(scope_kind=Scope.SITE, scope_id__isnull=True),
                name="activity_scope_complete",
            ),
            models.CheckConstraint(
                condition=Q(content_type__isnull=True, object_id__isnull=True)
                | Q(content_type__isnull=False, object_id__isnull=False),
                name="activity_target_complete",
            ),
            models.CheckConstraint(condition=~Q(target_label=""), name="activity_target_named"),
        ]

    def __str__(self) -> str:
        return f"{self.get_verb_display()}: {self.target_label}"

    @property
    def actor_name(self) -> str:
        return self.actor_label or "System"
