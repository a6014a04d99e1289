"""Who signed up, and the place each holds or waits for."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from money.models.signups import SignUp

MESSAGE_MAX = 500
ANSWER_MAX = 500
# States in which a registration counts (one per person), and those that hold a place. A
# captain's (or a pair's first player's) place is taken when they register, so a partner
# slow to accept doesn't lose it: WAITING_PARTNER holds a place too.
LIVE_STATES = ["waiting_partner", "holding", "waitlisted", "offered", "free_agent", "accepted"]
PLACED_STATES = ["waiting_partner", "holding", "offered", "accepted"]


def new_token() -> str:
    """The partner's invitation link and the waitlist offer's link carry this."""
    return secrets.token_urlsafe(24)


class Registration(models.Model):
    """One team, free agent, player or pair signed up.

    A place is a number 1..places, held by at most one live registration (a unique
    constraint: two people taking the last place at once, one gets it); the waitlist is a
    position, unique too. States that hold a place: WAITING_PARTNER, HOLDING, OFFERED,
    ACCEPTED.
    """

    class State(models.TextChoices):
        WAITING_PARTNER = "waiting_partner", "Waiting for the partner"
        HOLDING = "holding", "Place held"
        WAITLISTED = "waitlisted", "On the waitlist"
        OFFERED = "offered", "Place offered"
        FREE_AGENT = "free_agent", "Free agent, to be placed"
        ACCEPTED = "accepted", "Accepted"
        REFUSED = "refused", "Refused"
        WITHDRAWN = "withdrawn", "Withdrawn"
        LAPSED = "lapsed", "Lapsed"

    LIVE = LIVE_STATES
    PLACED = PLACED_STATES

    sign_up = models.ForeignKey(SignUp, on_delete=models.CASCADE, related_name="registrations")
    state = models.CharField(max_length=16, choices=State.choices)
    # Who registered: the captain, the player, the free agent, the pair's first player.
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    partner = models.ForeignKey(
        "league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    partner_email = models.EmailField(blank=True)
    partner_token = models.CharField(max_length=40, default=new_token, editable=False)
    partner_accepted_at = models.DateTimeField(null=True, blank=True)
    team_name = models.CharField(max_length=120, blank=True)
    skill_level = models.ForeignKey(
        "league.SkillLevel", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    answers = models.JSONField(default=dict, blank=True, help_text="Question id -> answer.")
    # The season's waiver agreed in the flow, per role ("player", "partner"): typed name,
    # when, from where. Signed as the season's Waiver once the team's roster exists.
    waivers = models.JSONField(default=dict, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    waitlist_position = models.PositiveIntegerField(null=True, blank=True)
    offer_token = models.CharField(max_length=40, blank=True)
    offer_expires_at = models.DateTimeField(null=True, blank=True)
    # What is owed, priced when the place is taken (early and members' prices apply then).
    fee_due_cents = models.PositiveIntegerField(default=0)
    pay_by = models.DateTimeField(null=True, blank=True)
    # What the registration became: the season's team, or the event's entry.
    team = models.ForeignKey(
        "league.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entry = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    staff_message = models.CharField(max_length=MESSAGE_MAX, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sign_up", "created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    state__in=[
                        "waiting_partner",
                        "holding",
                        "waitlisted",
                        "offered",
                        "free_agent",
                        "accepted",
                        "refused",
                        "withdrawn",
                        "lapsed",
                    ]
                ),
                name="registration_state_known",
            ),
            # A double tap, or the same person signing up twice, finds the first one.
            models.UniqueConstraint(
                fields=["sign_up", "player"],
                condition=Q(state__in=LIVE_STATES),
                name="registration_live_once",
            ),
            models.UniqueConstraint(
                fields=["sign_up", "partner"],
                condition=Q(state__in=LIVE_STATES, partner__isnull=False),
                name="registration_partner_live_once",
            ),
            # The guard of the last place: one live registration per place number.
            models.UniqueConstraint(
                fields=["sign_up", "place"],
                condition=Q(place__isnull=False),
                name="registration_place_once",
            ),
            models.UniqueConstraint(
                fields=["sign_up", "waitlist_position"],
                condition=Q(waitlist_position__isnull=False),
                name="registration_waitlist_position_once",
            ),
            models.CheckConstraint(
                condition=Q(place__isnull=True) | Q(state__in=PLACED_STATES),
                name="registration_place_only_when_placed",
            ),
            models.CheckConstraint(
                condition=Q(waitlist_position__isnull=True) | Q(state="waitlisted"),
                name="registration_waitlist_only_when_waiting",
            ),
            models.CheckConstraint(
                condition=~Q(partner=models.F("player")), name="registration_partner_not_self"
            ),
        ]
        indexes = [
            models.Index(fields=["state", "offer_expires_at"], name="registration_offer_due")
        ]

    def __str__(self) -> str:
        return self.team_name or str(self.player)

    @property
    def holds_place(self) -> bool:
        return self.state in self.PLACED
