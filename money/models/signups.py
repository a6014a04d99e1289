"""What a season or an event offers: the sign-up's dates, places, questions and fees."""

from django.db import models
from django.db.models import Q

CURRENCIES = [("USD", "US dollar"), ("CAD", "Canadian dollar"), ("EUR", "Euro"), ("GBP", "Pound")]
FEE_MAX_CENTS = 1_000_000  # $10,000: anything above is a typo
QUESTION_MAX = 200
CHOICE_MAX = 80


class SignUp(models.Model):
    """Online registration for one season (teams, and free agents the manager places) or one
    event (players for a progressive, pairs for a bracket or heats).

    Fees are integer cents in `currency`; a season's currency is its league's (every sign-up
    of a league uses the same one, checked by the service). No fee: `fee_cents` is None.
    """

    class Unit(models.TextChoices):
        TEAM = "team", "Teams"
        PLAYER = "player", "Players"
        PAIR = "pair", "Pairs"

    class FeePer(models.TextChoices):
        TEAM = "team", "Per team or pair"
        PLAYER = "player", "Per player"

    class Payment(models.TextChoices):
        DOOR = "door", "Pay at the door"
        CARD = "card", "Pay by card online"

    season = models.OneToOneField(
        "league.Season", null=True, blank=True, on_delete=models.CASCADE, related_name="sign_up"
    )
    tournament = models.OneToOneField(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="sign_up",
    )
    unit = models.CharField(max_length=8, choices=Unit.choices)
    free_agents = models.BooleanField(
        default=True,
        help_text="Seasons: players without a team may register for the manager to place.",
    )
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()
    places = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Teams, pairs or players taken; empty: no limit."
    )
    offer_hours = models.PositiveSmallIntegerField(
        default=48, help_text="How long a place offered from the waitlist is held."
    )
    currency = models.CharField(max_length=3, choices=CURRENCIES, default="USD")
    fee_cents = models.PositiveIntegerField(null=True, blank=True)
    fee_per = models.CharField(max_length=8, choices=FeePer.choices, default=FeePer.TEAM)
    early_fee_cents = models.PositiveIntegerField(null=True, blank=True)
    early_until = models.DateTimeField(null=True, blank=True)
    member_fee_cents = models.PositiveIntegerField(null=True, blank=True)
    payment = models.CharField(max_length=6, choices=Payment.choices, default=Payment.DOOR)
    pay_to_hold = models.BooleanField(
        default=False, help_text="A place is held only once paid, within `pay_within_hours`."
    )
    pay_within_hours = models.PositiveSmallIntegerField(default=72)
    refund_until = models.DateTimeField(
        null=True, blank=True, help_text="A withdrawal before this refunds itself in full."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(season__isnull=False, tournament__isnull=True)
                | Q(season__isnull=True, tournament__isnull=False),
                name="signup_for_season_or_event",
            ),
            models.CheckConstraint(
                condition=Q(closes_at__gt=models.F("opens_at")), name="signup_closes_after_opening"
            ),
            models.CheckConstraint(
                condition=(
                    Q(fee_cents__isnull=True) | Q(fee_cents__gt=0, fee_cents__lte=FEE_MAX_CENTS)
                )
                & (Q(early_fee_cents__isnull=True) | Q(early_fee_cents__gt=0))
                & (Q(member_fee_cents__isnull=True) | Q(member_fee_cents__gt=0)),
                name="signup_fees_positive",
            ),
            models.CheckConstraint(
                condition=Q(places__isnull=True) | Q(places__gt=0), name="signup_places_positive"
            ),
            models.CheckConstraint(
                condition=Q(unit__in=["team", "player", "pair"])
                & Q(payment__in=["door", "card"])
                & Q(fee_per__in=["team", "player"]),
                name="signup_choices_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Sign-up for {self.season or self.tournament}"

    @property
    def scope(self) -> tuple[str, int]:
        """The activity log's scope: the season's league or the event."""
        if self.season_id is not None:
            return "league", self.season.league_id
        return "tournament", self.tournament_id


class Question(models.Model):
    """A question the organiser adds to the sign-up form."""

    class Kind(models.TextChoices):
        TEXT = "text", "Text"
        CHOICE = "choice", "Choice"
        YES_NO = "yes_no", "Yes or no"

    sign_up = models.ForeignKey(SignUp, on_delete=models.CASCADE, related_name="questions")
    position = models.PositiveSmallIntegerField(default=0)
    text = models.CharField(max_length=QUESTION_MAX)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.TEXT)
    choices = models.JSONField(default=list, blank=True, help_text="Choice: the options offered.")
    required = models.BooleanField(default=False)

    class Meta:
        ordering = ["sign_up", "position", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["text", "choice", "yes_no"]), name="question_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return self.text


class Member(models.Model):
    """A league's member list: members pay the members' price."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="memberships"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "player"], name="member_once")]

    def __str__(self) -> str:
        return f"{self.player} in {self.league}"
