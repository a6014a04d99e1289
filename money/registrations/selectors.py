"""Reads the registration pages share: the staff's list (a fixed number of queries however
many registrations), one registration's page, and the person's own registrations."""

from dataclasses import dataclass
from typing import Any

from django.db.models import IntegerField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from accounts.permissions import player_id_for
from money.models import Payment, Refund, Registration, SignUp
from money.registrations.answers import answers_shown, questions_of

State = Registration.State


def with_paid(registrations: QuerySet) -> QuerySet:
    """Annotate `paid_cents`: PAID payments less DONE refunds, in the same query."""
    paid = (
        Payment.objects.filter(registration=OuterRef("pk"), state=Payment.State.PAID)
        .order_by()
        .values("registration")
        .annotate(n=Sum("amount_cents"))
        .values("n")
    )
    refunded = (
        Refund.objects.filter(payment__registration=OuterRef("pk"), state=Refund.State.DONE)
        .order_by()
        .values("payment__registration")
        .annotate(n=Sum("amount_cents"))
        .values("n")
    )
    zero = Value(0, output_field=IntegerField())
    return registrations.annotate(
        paid_in=Coalesce(Subquery(paid, output_field=IntegerField()), zero),
        refunded=Coalesce(Subquery(refunded, output_field=IntegerField()), zero),
    )


@dataclass
class Row:
    registration: Registration
    waitlist_number: int | None
    paid_cents: int
    answers: list[tuple[str, str]]

    @property
    def owed_cents(self) -> int:
        return max(self.registration.fee_due_cents - self.paid_cents, 0)


def _numbers(registrations: list[Registration]) -> dict[int, int]:
    """Each waitlisted registration's number in line (1 first), positions may have gaps."""
    waiting = sorted(
        (r for r in registrations if r.state == State.WAITLISTED and r.waitlist_position),
        key=lambda r: (r.waitlist_position, r.pk),
    )
    return {r.pk: n for n, r in enumerate(waiting, start=1)}


STATE_ORDER = {
    State.ACCEPTED: 0,
    State.HOLDING: 1,
    State.WAITING_PARTNER: 2,
    State.OFFERED: 3,
    State.FREE_AGENT: 4,
    State.WAITLISTED: 5,
}


def registration_rows(sign_up: SignUp) -> list[Row]:
    """Every registration of the sign-up: places first, then free agents, the waitlist in
    order, and those who left last. Three queries."""
    registrations = list(
        with_paid(
            Registration.objects.filter(sign_up=sign_up).select_related(
                "player", "partner", "skill_level", "team", "entry"
            )
        )
    )
    questions = questions_of(sign_up)
    numbers = _numbers(registrations)
    rows = [
        Row(
            registration=r,
            waitlist_number=numbers.get(r.pk),
            paid_cents=r.paid_in - r.refunded,
            answers=answers_shown(questions, r.answers),
        )
        for r in registrations
    ]
    rows.sort(
        key=lambda row: (
            STATE_ORDER.get(row.registration.state, 9),
            row.registration.place or 0,
            row.waitlist_number or 0,
            row.registration.created_at,
        )
    )
    return rows


def registration_row(registration: Registration) -> Row:
    """One registration as its page shows it."""
    fresh = (
        with_paid(Registration.objects.filter(pk=registration.pk))
        .select_related(
            "sign_up__season__league",
            "sign_up__tournament",
            "player",
            "partner",
            "skill_level",
            "team",
            "entry",
        )
        .get()
    )
    number = None
    if fresh.state == State.WAITLISTED and fresh.waitlist_position is not None:
        number = (
            Registration.objects.filter(
                sign_up_id=fresh.sign_up_id,
                state=State.WAITLISTED,
                waitlist_position__lt=fresh.waitlist_position,
            ).count()
            + 1
        )
    return Row(
        registration=fresh,
        waitlist_number=number,
        paid_cents=fresh.paid_in - fresh.refunded,
        answers=answers_shown(questions_of(fresh.sign_up), fresh.answers),
    )


def registrations_of(user: Any) -> list[Registration]:
    """The person's registrations, as the one who registered or the accepted partner, newest
    first (for the account page): one query."""
    player_id = player_id_for(user)
    if player_id is None:
        return []
    mine = Registration.objects.filter(player_id=player_id) | Registration.objects.filter(
        partner_id=player_id, partner_accepted_at__isnull=False
    )
    return list(
        mine.select_related(
            "sign_up__season__league", "sign_up__tournament", "player", "partner"
        ).order_by("-created_at", "-pk")
    )
