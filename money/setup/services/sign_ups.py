"""Opening and changing a season's or an event's sign-up: the staff of that season's league
or of that event only; every change is in the activity log (SIGN_UP_CHANGED)."""

import datetime
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.permissions import can_manage_season, can_run_tournament
from activity.models import Verb
from activity.services import activity_record
from inputs.bounds import in_window, window_message
from money.access import ONLY_STAFF, can_manage_sign_up
from money.amounts import cents_text
from money.models import Payment, SignUp
from money.setup import selectors
from money.setup.rules import TERM_FIELDS, Facts, Terms, normalized, terms_problems, unit_for
from wording.when import when

MOMENTS = ("opens_at", "closes_at", "early_until", "refund_until")
AMOUNTS = ("fee_cents", "early_fee_cents", "member_fee_cents")
LABELS = {
    "opens_at": "opens",
    "closes_at": "closes",
    "places": "places",
    "free_agents": "free agents",
    "offer_hours": "offer hours",
    "currency": "currency",
    "fee_cents": "fee",
    "fee_per": "fee per",
    "early_fee_cents": "early price",
    "early_until": "early until",
    "member_fee_cents": "members' price",
    "payment": "payment",
    "pay_to_hold": "pay to hold",
    "pay_within_hours": "pay within hours",
    "refund_until": "refunds until",
}


def _may_set_up(user: Any, season: Any, tournament: Any) -> bool:
    if season is not None:
        return can_manage_season(user, season)
    return can_run_tournament(user, tournament)


def _facts(sign_up: SignUp | None, *, season: Any, tournament: Any) -> Facts:
    unit = unit_for(
        for_season=season is not None,
        event_format=tournament.format if tournament is not None else "",
    )
    if sign_up is None:
        taken, highest, paid = 0, 0, None
    else:
        taken, highest = selectors.places_held(sign_up)
        paid = (
            Payment.objects.filter(registration__sign_up=sign_up, state=Payment.State.PAID)
            .values_list("currency", flat=True)
            .first()
        )
    league = (
        selectors.league_currency(season.league_id, besides=sign_up.pk if sign_up else None)
        if season is not None
        else None
    )
    return Facts(
        unit=unit,
        for_season=season is not None,
        taken=taken,
        highest=highest,
        league_currency=league,
        paid_currency=paid,
    )


def _checked(terms: Terms, facts: Facts) -> Terms:
    terms = normalized(terms, facts)
    problems = terms_problems(terms, facts)
    for name in MOMENTS:
        moment = getattr(terms, name)
        if (
            moment is not None
            and name not in problems
            and not in_window(timezone.localtime(moment).date())
        ):
            problems[name] = window_message()
    if problems:
        raise ValidationError(problems)
    return terms


def _shown(sign_up: SignUp, name: str) -> str:
    value = getattr(sign_up, name)
    if value is None or value == "":
        return "none"
    if name in AMOUNTS:
        return cents_text(value, sign_up.currency)
    if name in MOMENTS:
        return when(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _same(old: Any, new: Any) -> bool:
    """Equal, or the same minute: the form shows and sends moments to the minute."""
    if isinstance(old, datetime.datetime) and isinstance(new, datetime.datetime):
        return old.replace(second=0, microsecond=0) == new.replace(second=0, microsecond=0)
    return old == new


def _log(sign_up: SignUp, by: Any, detail: str) -> None:
    scope_kind, scope_id = sign_up.scope
    activity_record(
        actor=by,
        verb=Verb.SIGN_UP_CHANGED,
        target=sign_up,
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=detail,
    )


def _existing(*, season: Any, tournament: Any) -> SignUp | None:
    if season is not None:
        return SignUp.objects.filter(season=season).first()
    return SignUp.objects.filter(tournament=tournament).first()


@transaction.atomic
def sign_up_create(
    *, by: Any, terms: Terms, season: Any = None, tournament: Any = None
) -> tuple[SignUp, bool]:
    """(sign-up, created): the season's or the event's sign-up with these settings. One
    already there (a double tap on "Create") is answered as it is, unchanged."""
    if (season is None) == (tournament is None):
        raise ValueError("A sign-up is for one season or one event.")
    if not _may_set_up(by, season, tournament):
        raise PermissionDenied(ONLY_STAFF)
    found = _existing(season=season, tournament=tournament)
    if found is not None:
        return found, False
    facts = _facts(None, season=season, tournament=tournament)
    terms = _checked(terms, facts)
    values = {name: getattr(terms, name) for name in TERM_FIELDS}
    try:
        with transaction.atomic():  # the one-to-one is the guard of a double submit
            sign_up = SignUp.objects.create(
                season=season, tournament=tournament, unit=facts.unit, **values
            )
    except IntegrityError:
        found = _existing(season=season, tournament=tournament)
        if found is None:
            raise
        return found, False
    shown = ", ".join(
        f"{LABELS[name]} {_shown(sign_up, name)}"
        for name in ("opens_at", "closes_at", "places", "fee_cents", "payment")
    )
    _log(sign_up, by, f"Sign-up set up: {shown}")
    return sign_up, True


@transaction.atomic
def sign_up_update(*, sign_up: SignUp, by: Any, terms: Terms) -> list[str]:
    """Change the settings; returns what changed ("fee $20.00 → $25.00"), logged once."""
    if not can_manage_sign_up(by, sign_up):
        raise PermissionDenied(ONLY_STAFF)
    # Locked: a place taken meanwhile counts against a lower number of places.
    locked = SignUp.objects.select_for_update().get(pk=sign_up.pk)
    facts = _facts(locked, season=locked.season, tournament=locked.tournament)
    terms = _checked(terms, facts)
    changes = []
    for name in TERM_FIELDS:
        new = getattr(terms, name)
        if _same(getattr(locked, name), new):
            continue
        before = _shown(locked, name)
        setattr(locked, name, new)
        changes.append(f"{LABELS[name]} {before} → {_shown(locked, name)}")
    if changes:
        locked.save()
        _log(locked, by, "; ".join(changes))
    for name in TERM_FIELDS:  # the caller's object shows what was saved
        setattr(sign_up, name, getattr(locked, name))
    return changes


def terms_of(sign_up: SignUp) -> Terms:
    return Terms(**{name: getattr(sign_up, name) for name in TERM_FIELDS})


def default_terms(*, now: datetime.datetime, closes: datetime.datetime) -> Terms:
    """What the create form starts from: open now until `closes`, no fee, at the door."""
    return Terms(opens_at=now, closes_at=closes)
