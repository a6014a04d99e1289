"""The money part's rows of the permission matrix: its ledgers, sign-up settings,
registrations and payments, and the rows of the test world they need (made on first use)."""

from typing import Any

from tests.config.permission_entries import (
    ALL,
    DIRECTOR,
    MANAGER,
    NA,
    NOBODY,
    Entry,
    _event,
    _league,
    _none,
    _season,
)
from tests.config.permission_world import World


def _event_ledger(w: World) -> dict:
    """Tournament T's ledger (made on first use), with a loner basket and one line."""
    from django.utils import timezone

    from money.models import Ledger, LedgerEntry, SidePot

    ledger, _ = Ledger.objects.get_or_create(tournament=w.tournament)
    pot, _ = SidePot.objects.get_or_create(
        ledger=ledger, name="Loners", defaults={"buy_in_cents": 200}
    )
    line = ledger.entries.first() or LedgerEntry.objects.create(
        ledger=ledger, kind="income", amount_cents=500, at=timezone.now()
    )
    return {"pk": ledger.pk, "_pot": pot.pk, "_line": line.pk}


def _ledger(w: World) -> dict:
    return {"pk": _event_ledger(w)["pk"]}


def _ledger_pot(w: World) -> dict:
    made = _event_ledger(w)
    return {"pk": made["pk"], "pot": made["_pot"]}


def _ledger_line(w: World) -> dict:
    made = _event_ledger(w)
    return {"pk": made["pk"], "entry": made["_line"]}


def _sign_up(w: World) -> dict:
    """League A's season sign-up, open now (made on first use)."""
    return {"sign_up_id": _season_sign_up(w).pk}


def _season_sign_up(w: World) -> Any:
    import datetime

    from django.utils import timezone

    from money.models import SignUp

    now = timezone.now()
    sign_up, _ = SignUp.objects.get_or_create(
        season=w.season,
        defaults={
            "unit": "team",
            "opens_at": now - datetime.timedelta(days=1),
            "closes_at": now + datetime.timedelta(days=7),
        },
    )
    return sign_up


def _setup_question(w: World) -> dict:
    """A question of league A's season sign-up (made on first use)."""
    from money.models import Question

    sign_up = _season_sign_up(w)
    question, _ = Question.objects.get_or_create(sign_up=sign_up, text="Matrix question?")
    return {"pk": sign_up.pk, "question": question.pk}


def _setup_member(w: World) -> dict:
    """The player, a member of league A (made on first use)."""
    from money.models import Member

    member, _ = Member.objects.get_or_create(league=w.league, player=w.users["player"].player)
    return {"league": w.league.slug, "pk": member.pk}


def _registration(w: World) -> Any:
    """The player's own registration (a team holding place 1) in league A's sign-up."""
    from money.models import Registration

    registration, _ = Registration.objects.get_or_create(
        sign_up=_season_sign_up(w),
        player=w.users["player"].player,
        defaults={"state": "holding", "place": 1, "team_name": "Matrix Bowers"},
    )
    return registration


def _registration_pk(w: World) -> dict:
    return {"pk": _registration(w).pk}


def _partner_token(w: World) -> dict:
    return {"token": _registration(w).partner_token}


def _paid(w: World) -> Any:
    """A cash payment of the player's registration, with a refund from it (made on first use)."""
    from money.models import Payment, Refund

    payment, _ = Payment.objects.get_or_create(
        registration=_registration(w),
        provider_ref="door:matrix",
        defaults={"amount_cents": 1000, "currency": "USD", "method": "cash", "state": "paid"},
    )
    refund, _ = Refund.objects.get_or_create(
        payment=payment, defaults={"amount_cents": 100, "state": "done"}
    )
    return payment, refund


MONEY_MATRIX: dict[str, Entry] = {
    # --- money: the ledgers (a season's: its managers; an event's: its directors) ---
    "money:ledger_event": Entry(_event, DIRECTOR, NA),
    "money:ledger_season": Entry(_season, MANAGER, NA),
    "money:ledger_csv": Entry(_ledger, DIRECTOR, NA),
    "money:ledger_purse": Entry(_ledger, DIRECTOR, DIRECTOR),
    "money:ledger_line_add": Entry(_ledger, DIRECTOR, DIRECTOR),
    "money:ledger_correct": Entry(_ledger_line, DIRECTOR, DIRECTOR),
    "money:ledger_close": Entry(_ledger, NA, DIRECTOR),
    "money:ledger_pot_new": Entry(_ledger, DIRECTOR, DIRECTOR),
    "money:ledger_buy_ins": Entry(_ledger_pot, DIRECTOR, DIRECTOR),
    "money:ledger_pot_pay_out": Entry(_ledger_pot, DIRECTOR, DIRECTOR),
    "money:ledger_prizes": Entry(_ledger, DIRECTOR, DIRECTOR),
    # --- money: sign-up settings (a season's: its managers; an event's: its directors) ---
    "money:index": Entry(_none, ALL, NA),  # the sign-ups open now, to everyone
    "money:season_sign_up": Entry(_season, MANAGER, MANAGER),
    "money:event_sign_up": Entry(_event, DIRECTOR, DIRECTOR),
    "money:sign_up_questions": Entry(lambda w: {"pk": _season_sign_up(w).pk}, MANAGER, MANAGER),
    "money:question_edit": Entry(_setup_question, MANAGER, MANAGER),
    "money:question_move": Entry(_setup_question, NA, MANAGER),
    "money:question_remove": Entry(_setup_question, NA, MANAGER),
    "money:league_members": Entry(_league, MANAGER, MANAGER),
    "money:member_remove": Entry(_setup_member, NA, MANAGER),
    # --- money: registrations (a sign-up's staff; the person's own; token links) ---
    "money:register": Entry(_sign_up, ALL, ALL),  # a refusal re-shows the form
    "money:registration_list": Entry(_sign_up, MANAGER, NA),
    "money:registration_csv": Entry(_sign_up, MANAGER, NA),
    "money:registration_detail": Entry(_registration_pk, frozenset({"player", "manager"}), NA),
    "money:registration_withdraw": Entry(_registration_pk, NA, frozenset({"player"})),
    "money:registration_accept": Entry(_registration_pk, NA, MANAGER),
    "money:registration_refuse": Entry(_registration_pk, NA, MANAGER),
    "money:registration_place": Entry(_registration_pk, NA, MANAGER),
    # Whoever holds the partner's link may open it and accept (signed in, or giving a name).
    "money:partner_accept": Entry(_partner_token, ALL, ALL),
    # An offer's link that isn't a live offer is not found, for everyone.
    "money:offer_respond": Entry(lambda w: {"token": "not-an-offer"}, NOBODY, NOBODY),
    # --- money: payments (the registration's own person pays; its staff mark paid, refund) ---
    "money:pay_by_card": Entry(_registration_pk, NA, frozenset({"player"})),
    "money:checkout_cancelled": Entry(_registration_pk, frozenset({"player"}), NA),
    "money:mark_paid": Entry(_registration_pk, NA, MANAGER),
    "money:refund_payment": Entry(lambda w: {"pk": _paid(w)[0].pk}, NA, MANAGER),
    "money:refund_send_again": Entry(lambda w: {"pk": _paid(w)[1].pk}, NA, MANAGER),
    # Stripe's webhook: public, answered 400 without its signature (test_webhooks.py).
    "money:stripe_webhook": Entry(_none, NA, ALL),
}
