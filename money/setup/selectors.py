"""Reads of sign-ups shared by the settings pages, the public index and the season's and the
event's pages: which sign-ups are open now, and how many places are taken or waited for."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, QuerySet
from django.utils import timezone

from money.models import Member, Registration, SignUp

PLACED = Q(registrations__state__in=Registration.PLACED)
WAITING = Q(registrations__state=Registration.State.WAITLISTED)


@dataclass(frozen=True)
class Places:
    """How full a sign-up is: `left` is None when there is no limit."""

    limit: int | None
    taken: int
    waitlisted: int

    @property
    def left(self) -> int | None:
        return None if self.limit is None else max(self.limit - self.taken, 0)

    @property
    def full(self) -> bool:
        return self.limit is not None and self.taken >= self.limit


def with_counts(queryset: QuerySet[SignUp]) -> QuerySet[SignUp]:
    """Each sign-up with its places taken and its waitlist counted in the same query."""
    return queryset.annotate(
        taken_count=Count("registrations", filter=PLACED, distinct=True),
        waitlist_count=Count("registrations", filter=WAITING, distinct=True),
    )


def places_of(sign_up: SignUp) -> Places:
    taken = getattr(sign_up, "taken_count", None)
    waiting = getattr(sign_up, "waitlist_count", None)
    if taken is None or waiting is None:
        counts = sign_up.registrations.aggregate(
            taken=Count("pk", filter=Q(state__in=Registration.PLACED)),
            waiting=Count("pk", filter=Q(state=Registration.State.WAITLISTED)),
        )
        taken, waiting = counts["taken"], counts["waiting"]
    return Places(limit=sign_up.places, taken=taken, waitlisted=waiting)


def places_held(sign_up: SignUp) -> tuple[int, int]:
    """(places taken, the highest place number held)."""
    found = sign_up.registrations.filter(place__isnull=False).aggregate(
        taken=Count("pk"), highest=Max("place")
    )
    return found["taken"], found["highest"] or 0


def is_open(sign_up: SignUp, now: datetime.datetime | None = None) -> bool:
    now = now or timezone.now()
    return sign_up.opens_at <= now < sign_up.closes_at


def open_sign_ups(now: datetime.datetime | None = None) -> list[SignUp]:
    """Sign-ups taking registrations now, closing soonest first, with their places."""
    now = now or timezone.now()
    found = with_counts(
        SignUp.objects.filter(opens_at__lte=now, closes_at__gt=now).select_related(
            "season__league", "tournament"
        )
    )
    return list(found.order_by("closes_at", "pk"))


def sign_up_of(target: Any) -> SignUp | None:
    """A season's or an event's sign-up, with its places counted (None: it has none)."""
    kind = "season" if target._meta.model_name == "season" else "tournament"
    return with_counts(SignUp.objects.filter(**{kind: target})).first()


def league_currency(league_id: int, *, besides: int | None = None) -> str | None:
    """The currency the league's sign-ups with a fee take (one per league), if any has one."""
    found = SignUp.objects.filter(season__league_id=league_id, fee_cents__isnull=False)
    if besides is not None:
        found = found.exclude(pk=besides)
    return found.values_list("currency", flat=True).order_by("pk").first()


def members_of(league: Any) -> QuerySet[Member]:
    return Member.objects.filter(league=league).select_related("player").order_by("player__name")
