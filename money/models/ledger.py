"""The money of one season or event: what came in, what went out, and what is left.

Append-only: an entry is never changed or deleted (corrections are new entries pointing
at the one they correct), and once the ledger is closed only corrections are taken. The
balance is the sum of the entries' signed amounts.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from money.models.payments import Payment, Refund

NOTE_MAX = 200
NAME_MAX = 80


class Ledger(models.Model):
    class PurseKind(models.TextChoices):
        NONE = "none", "No purse"
        FIXED = "fixed", "A fixed sum"
        SHARE = "share", "A share of the entry fees"

    season = models.OneToOneField(
        "league.Season", null=True, blank=True, on_delete=models.CASCADE, related_name="ledger"
    )
    tournament = models.OneToOneField(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="ledger",
    )
    currency = models.CharField(max_length=3, default="USD")
    purse_kind = models.CharField(max_length=6, choices=PurseKind.choices, default=PurseKind.NONE)
    purse_fixed_cents = models.PositiveIntegerField(default=0)
    purse_share_percent = models.PositiveSmallIntegerField(default=0)
    # How the purse is split over the places, in percent, first place first.
    purse_split = models.JSONField(default=list, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(season__isnull=False, tournament__isnull=True)
                | Q(season__isnull=True, tournament__isnull=False),
                name="ledger_for_season_or_event",
            ),
            models.CheckConstraint(
                condition=Q(purse_kind__in=["none", "fixed", "share"])
                & Q(purse_share_percent__lte=100),
                name="ledger_purse_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Ledger of {self.season or self.tournament}"

    @property
    def scope(self) -> tuple[str, int]:
        if self.season_id is not None:
            return "league", self.season.league_id
        return "tournament", self.tournament_id


class SidePot(models.Model):
    """A pot the director sets up: a loner basket (a buy-in per player, shared out per lone
    hand made, counted from the hand-by-hand cards) or a plain pot paid out by hand."""

    class Kind(models.TextChoices):
        LONER_BASKET = "loner_basket", "Loner basket (paid per lone hand made)"
        PLAIN = "plain", "Other pot (paid out by hand)"

    ledger = models.ForeignKey(Ledger, on_delete=models.CASCADE, related_name="pots")
    name = models.CharField(max_length=NAME_MAX)
    kind = models.CharField(max_length=14, choices=Kind.choices, default=Kind.LONER_BASKET)
    buy_in_cents = models.PositiveIntegerField()
    paid_out_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ledger", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(buy_in_cents__gt=0), name="side_pot_buy_in_positive"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["loner_basket", "plain"]), name="side_pot_kind_known"
            ),
            models.UniqueConstraint(fields=["ledger", "name"], name="side_pot_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class LedgerEntry(models.Model):
    """One line of the ledger. Money in is positive, money out negative; a payment or a
    refund is posted once (unique), so a webhook received twice posts nothing more."""

    class Kind(models.TextChoices):
        FEE = "fee", "Entry fee paid"
        REFUND = "refund", "Entry fee refunded"
        BUY_IN = "buy_in", "Side pot buy-in"
        POT_PAYOUT = "pot_payout", "Side pot paid out"
        PRIZE = "prize", "Prize paid"
        INCOME = "income", "Other money in"
        EXPENSE = "expense", "Other money out"
        CORRECTION = "correction", "Correction"

    IN = ["fee", "buy_in", "income"]
    OUT = ["refund", "pot_payout", "prize", "expense"]

    class Method(models.TextChoices):
        CASH = "cash", "Cash"
        OTHER = "other", "Other"
        CARD = "card", "Card online"

    ledger = models.ForeignKey(Ledger, on_delete=models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    amount_cents = models.BigIntegerField()
    method = models.CharField(max_length=6, choices=Method.choices, default=Method.CASH)
    payment = models.OneToOneField(
        Payment, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_entry"
    )
    refund = models.OneToOneField(
        Refund, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_entry"
    )
    pot = models.ForeignKey(
        SidePot, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    # Who paid in or was paid: a player when known, else a typed name.
    player = models.ForeignKey(
        "league.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    party = models.CharField(max_length=NAME_MAX, blank=True)
    # The event's entry a PRIZE line pays (one prize per entry: the guard of paying twice).
    prize_entry = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    corrects = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="corrections"
    )
    note = models.CharField(max_length=NOTE_MAX, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()

    class Meta:
        ordering = ["ledger", "at", "pk"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind__in=["fee", "buy_in", "income"]) & Q(amount_cents__gt=0))
                | (Q(kind__in=["refund", "pot_payout", "prize", "expense"]) & Q(amount_cents__lt=0))
                | (Q(kind="correction") & ~Q(amount_cents=0) & Q(corrects__isnull=False)),
                name="ledger_entry_sign_by_kind",
            ),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "other", "card"]), name="ledger_entry_method_known"
            ),
            # A double submit never doubles a buy-in, a payout or a prize.
            models.UniqueConstraint(
                fields=["pot", "player"],
                condition=Q(kind="buy_in", pot__isnull=False, player__isnull=False),
                name="ledger_buy_in_once",
            ),
            models.UniqueConstraint(
                fields=["pot", "player"],
                condition=Q(kind="pot_payout", pot__isnull=False, player__isnull=False),
                name="ledger_pot_payout_once",
            ),
            models.UniqueConstraint(
                fields=["ledger", "prize_entry"],
                condition=Q(kind="prize", prize_entry__isnull=False),
                name="ledger_prize_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.amount_cents} cents"

    def save(self, *args, **kwargs) -> None:
        # Append-only: corrections are new entries.
        if not self._state.adding:
            raise ValueError("A ledger entry is never changed: post a correction instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("A ledger entry is never deleted: post a correction instead.")
