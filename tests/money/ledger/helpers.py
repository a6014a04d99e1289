"""Ledgers for the ledger tests: an event's with its director, a season's with its manager,
fees paid through the payments' posting, lone hands on hand-by-hand cards."""

from typing import Any

from money.ledger.posting import ledger_post_payment, ledger_post_refund
from money.ledger.services import ledger_for_event, ledger_for_season
from money.models import Ledger, Payment, Refund, Registration
from tests.factories import SeasonFactory, director_user, manager_user
from tests.money.factories import EventSignUpFactory, RegistrationFactory, SeasonSignUpFactory
from tests.people.factories import line
from tests.tournaments.factories import progressive


def event_ledger(players: int = 4, rounds: int = 2, **kwargs: Any) -> tuple[Ledger, Any]:
    """A progressive of `players` with its ledger, and the event's director."""
    director = director_user()
    tournament = progressive(players=players, rounds=rounds, director=director, **kwargs)
    director = director_user(tournament=tournament)
    return ledger_for_event(tournament=tournament), director


def season_ledger() -> tuple[Ledger, Any]:
    season = SeasonFactory()
    return ledger_for_season(season=season), manager_user(league=season.league)


def event_sign_up(ledger: Ledger, fee_cents: int = 1000) -> Any:
    return EventSignUpFactory(tournament=ledger.tournament, fee_cents=fee_cents)


def season_sign_up(ledger: Ledger, fee_cents: int = 5000) -> Any:
    return SeasonSignUpFactory(season=ledger.season, fee_cents=fee_cents)


def registration(sign_up: Any, due: int | None = None, **kwargs: Any) -> Registration:
    return RegistrationFactory(
        sign_up=sign_up, fee_due_cents=sign_up.fee_cents if due is None else due, **kwargs
    )


def pay(reg: Registration, cents: int, method: str = "cash", by: Any = None) -> Payment:
    payment = Payment.objects.create(
        registration=reg,
        amount_cents=cents,
        currency=reg.sign_up.currency,
        method=method,
        state=Payment.State.PAID,
    )
    ledger_post_payment(payment=payment, by=by)
    return payment


def refund(payment: Payment, cents: int, by: Any = None) -> Refund:
    done = Refund.objects.create(
        payment=payment, amount_cents=cents, state=Refund.State.DONE, reason="Withdrew"
    )
    ledger_post_refund(refund=done, by=by)
    return done


def players_of(ledger: Ledger) -> list[Any]:
    return [e.player for e in ledger.tournament.entries.select_related("player").order_by("number")]


def lone_hands(ledger: Ledger, player: Any, made: int) -> None:
    """A hand-by-hand card of the event on which `player` made `made` lone hands."""
    line(
        player, tournament=ledger.tournament, by_hand=True, hands=8, lone_tried=made, lone_made=made
    )
