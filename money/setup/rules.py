"""What a sign-up's settings must be, checked without the database: each rule answers with a
message for the field it is about, so the form can show it where the organiser typed.

Pure: no Django. The service gathers what only the database knows (places already taken,
the currency the league's other sign-ups take fees in, payments already made) and passes
it in; `terms_problems` returns {field: message}, empty when everything holds.
"""

import datetime
from dataclasses import dataclass, fields, replace

from money.amounts import cents_text

# Bounds of what an organiser may type (the model's fields hold more; nobody needs more).
PLACES_MAX = 1000
HOURS_MAX = 24 * 14  # an offer or a payment deadline of at most two weeks
FEE_MAX_CENTS = 1_000_000  # as the model's constraint: $10,000
CURRENCY_CODES = ("USD", "CAD", "EUR", "GBP")
UNITS = ("team", "player", "pair")
DOOR, CARD = "door", "card"


@dataclass(frozen=True)
class Terms:
    """A sign-up's settings as typed (amounts in cents, moments aware)."""

    opens_at: datetime.datetime
    closes_at: datetime.datetime
    places: int | None = None
    free_agents: bool = True
    offer_hours: int = 48
    currency: str = "USD"
    fee_cents: int | None = None
    fee_per: str = "team"
    early_fee_cents: int | None = None
    early_until: datetime.datetime | None = None
    member_fee_cents: int | None = None
    payment: str = DOOR
    pay_to_hold: bool = False
    pay_within_hours: int = 72
    refund_until: datetime.datetime | None = None


TERM_FIELDS = tuple(f.name for f in fields(Terms))


@dataclass(frozen=True)
class Facts:
    """What the database says about the sign-up and its neighbours."""

    unit: str
    for_season: bool
    taken: int = 0  # places held now
    highest: int = 0  # the highest place number held (places may be held out of order)
    league_currency: str | None = None  # what the league's other sign-ups with a fee take
    paid_currency: str | None = None  # what this sign-up's payments were made in


def unit_for(*, for_season: bool, event_format: str = "") -> str:
    """A season signs up teams; a progressive players; a bracket or heats pairs."""
    if for_season:
        return "team"
    return "player" if event_format == "progressive" else "pair"


def normalized(terms: Terms, facts: Facts) -> Terms:
    """What is fixed by what the sign-up is for: players pay per player; events take no
    free agents and have no members' price (a member list is a league's)."""
    changes: dict = {}
    if facts.unit == "player":
        changes["fee_per"] = "player"
    if not facts.for_season:
        changes["free_agents"] = False
    return replace(terms, **changes)


def _money(cents: int, currency: str) -> str:
    return cents_text(cents, currency if currency in CURRENCY_CODES else "USD")


def _hours(value: int, label: str) -> str | None:
    if not 1 <= value <= HOURS_MAX:
        return f"{label} must be between 1 and {HOURS_MAX} hours (two weeks)."
    return None


def _dates(terms: Terms) -> dict[str, str]:
    problems = {}
    if terms.closes_at <= terms.opens_at:
        problems["closes_at"] = "The closing must come after the opening."
    if terms.early_until is not None:
        if terms.early_until <= terms.opens_at:
            problems["early_until"] = "The early price must end after the opening."
        elif terms.early_until >= terms.closes_at:
            problems["early_until"] = "The early price must end before the closing."
    if terms.refund_until is not None and terms.refund_until <= terms.opens_at:
        problems["refund_until"] = (
            "A deadline before the opening: nobody could withdraw in time for a refund."
        )
    return problems


def _places(terms: Terms, facts: Facts) -> dict[str, str]:
    if terms.places is None:
        return {}
    if not 1 <= terms.places <= PLACES_MAX:
        return {
            "places": f"Give between 1 and {PLACES_MAX} places, or leave it empty for no limit."
        }
    if terms.places < facts.taken:
        return {
            "places": (
                f"{facts.taken} places are already taken: keep at least {facts.taken}, "
                "or leave it empty for no limit."
            )
        }
    if terms.places < facts.highest:  # fewer would leave a held place beyond the last
        return {
            "places": (
                f"Place {facts.highest} is held ({facts.taken} taken in all): keep at least "
                f"{facts.highest}, or leave it empty for no limit."
            )
        }
    return {}


def _currency(terms: Terms, facts: Facts) -> dict[str, str]:
    if terms.currency not in CURRENCY_CODES:
        return {"currency": f"Pick one of {', '.join(CURRENCY_CODES)}."}
    if facts.paid_currency and terms.currency != facts.paid_currency:
        return {
            "currency": f"Payments were already made in {facts.paid_currency}: keep that currency."
        }
    if facts.for_season and facts.league_currency and terms.currency != facts.league_currency:
        return {
            "currency": (
                f"The league's other sign-ups take fees in {facts.league_currency}: "
                "a league uses one currency."
            )
        }
    return {}


def _fee(terms: Terms) -> dict[str, str]:
    currency, fee = terms.currency, terms.fee_cents
    if fee is None:
        return {}
    if fee <= 0:
        return {
            "fee_cents": (
                f"A fee must be more than {_money(0, currency)} — leave it empty for no fee."
            )
        }
    if fee > FEE_MAX_CENTS:
        return {"fee_cents": f"A fee above {_money(FEE_MAX_CENTS, currency)} must be a typo."}
    return {}


def _below_fee(cents: int | None, fee: int | None, currency: str, what: str) -> str | None:
    if cents is None:
        return None
    if fee is None:
        return f"Set the fee first: {what} is a lower price than the fee."
    if cents <= 0:
        return f"{what.capitalize()} must be more than {_money(0, currency)}."
    if cents >= fee:
        return f"{what.capitalize()} must be below the fee ({_money(fee, currency)})."
    return None


def _prices(terms: Terms, facts: Facts) -> dict[str, str]:
    problems = {}
    fee, currency = terms.fee_cents, terms.currency
    early = _below_fee(terms.early_fee_cents, fee, currency, "the early price")
    if early:
        problems["early_fee_cents"] = early
    elif terms.early_fee_cents is not None and terms.early_until is None:
        problems["early_until"] = "Say until when the early price lasts."
    if terms.early_fee_cents is None and terms.early_until is not None:
        problems["early_fee_cents"] = "Give the early price too, or clear its date."
    if terms.member_fee_cents is not None and not facts.for_season:
        problems["member_fee_cents"] = "Members' prices are for a league's seasons."
    else:
        member = _below_fee(terms.member_fee_cents, fee, currency, "the members' price")
        if member:
            problems["member_fee_cents"] = member
    return problems


def _payment(terms: Terms, facts: Facts) -> dict[str, str]:
    problems = {}
    if terms.payment not in (DOOR, CARD):
        problems["payment"] = "Pick pay at the door or pay by card."
    elif terms.payment == CARD and terms.fee_cents is None:
        problems["payment"] = "With no fee there is nothing to pay by card: set a fee first."
    if terms.fee_per not in ("team", "player"):
        problems["fee_per"] = "Pick per team (or pair) or per player."
    if terms.pay_to_hold and terms.fee_cents is None:
        problems["pay_to_hold"] = "With no fee there is nothing to pay to hold a place."
    if terms.refund_until is not None and terms.fee_cents is None:
        problems.setdefault("refund_until", "With no fee there is nothing to refund.")
    for name, label in (("offer_hours", "An offer"), ("pay_within_hours", "The time to pay")):
        message = _hours(getattr(terms, name), label)
        if message:
            problems[name] = message
    return problems


def terms_problems(terms: Terms, facts: Facts) -> dict[str, str]:
    """{field: message} for every rule the settings break; empty when they all hold."""
    problems: dict[str, str] = {}
    for check in (_currency(terms, facts), _fee(terms), _prices(terms, facts)):
        for name, message in check.items():
            problems.setdefault(name, message)
    for check in (_dates(terms), _places(terms, facts), _payment(terms, facts)):
        for name, message in check.items():
            problems.setdefault(name, message)
    if facts.unit not in UNITS:
        problems["__all__"] = "This sign-up is for something the app doesn't know."
    return problems
