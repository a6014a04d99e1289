"""Money in (payments) and back out (refunds), by card through a provider or at the door."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from money.models.registrations import Registration

NOTE_MAX = 200


class Payment(models.Model):
    """One payment for a registration: marked paid by staff (cash or other), or a card
    payment through the provider's checkout (PENDING until its webhook says paid).

    At most one PENDING card checkout per registration: a second tap on "Pay" finds the
    first, so nothing is charged twice.
    """

    class Method(models.TextChoices):
        CASH = "cash", "Cash"
        OTHER = "other", "Other (cheque, transfer…)"
        CARD = "card", "Card online"

    class State(models.TextChoices):
        PENDING = "pending", "Waiting for the card payment"
        PAID = "paid", "Paid"
        FAILED = "failed", "Failed or abandoned"

    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="payments"
    )
    amount_cents = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    method = models.CharField(max_length=6, choices=Method.choices)
    state = models.CharField(max_length=8, choices=State.choices)
    # The provider's ids: the checkout session, then its payment intent (card refunds use it).
    provider_ref = models.CharField(max_length=255, blank=True)
    provider_payment_ref = models.CharField(max_length=255, blank=True)
    checkout_url = models.URLField(max_length=1000, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=NOTE_MAX, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(amount_cents__gt=0), name="payment_amount_positive"),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "other", "card"])
                & Q(state__in=["pending", "paid", "failed"]),
                name="payment_choices_known",
            ),
            models.UniqueConstraint(
                fields=["provider_ref"],
                condition=~Q(provider_ref=""),
                name="payment_provider_ref_once",
            ),
            models.UniqueConstraint(
                fields=["registration"],
                condition=Q(state="pending"),
                name="payment_one_pending_per_registration",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_method_display()} payment of {self.amount_cents} cents"


class Refund(models.Model):
    """Money given back from one payment: through the provider for a card payment (PENDING
    until it answers), recorded at once for cash. The service keeps the refunds of a payment
    within what was paid, under a lock on the payment."""

    class State(models.TextChoices):
        PENDING = "pending", "Sent to the card provider"
        DONE = "done", "Refunded"
        FAILED = "failed", "Failed"

    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="refunds")
    amount_cents = models.PositiveIntegerField()
    state = models.CharField(max_length=8, choices=State.choices)
    provider_ref = models.CharField(max_length=255, blank=True)
    reason = models.CharField(max_length=NOTE_MAX, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(amount_cents__gt=0), name="refund_amount_positive"),
            models.CheckConstraint(
                condition=Q(state__in=["pending", "done", "failed"]), name="refund_state_known"
            ),
            models.UniqueConstraint(
                fields=["provider_ref"],
                condition=~Q(provider_ref=""),
                name="refund_provider_ref_once",
            ),
        ]

    def __str__(self) -> str:
        return f"Refund of {self.amount_cents} cents"


class ProviderEvent(models.Model):
    """A webhook delivery from the payment provider, recorded once by its event id (a
    delivery again finds it; events handled by the object's state, so order doesn't matter)."""

    provider = models.CharField(max_length=16, default="stripe")
    event_id = models.CharField(max_length=255)
    kind = models.CharField(max_length=80)
    received_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["provider", "event_id"], name="provider_event_once"),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.kind} {self.event_id}"
