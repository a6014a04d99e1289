"""An event ledger's side pots (set up, buy-ins, paying out) and its prizes (marking each
paid). Thin, like `views`: the services check again and guard the doubles."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from inputs.bounds import typed_number
from money.amounts import cents_text
from money.ledger import pot_services
from money.ledger.event_reads import event_players, prizes_due, with_payments
from money.ledger.forms import BuyInForm, PayForm, PotForm
from money.ledger.selectors import pot_left
from money.ledger.views import attempt, form_page, ledger_url, owned, title
from money.models import Ledger, LedgerEntry, SidePot


def _event_ledger(request: HttpRequest, pk: int) -> Ledger:
    ledger = owned(request, pk)
    if ledger.tournament_id is None:
        raise Http404("Side pots and prizes belong to an event's ledger.")
    return ledger


def _pot(ledger: Ledger, pot: int) -> SidePot:
    return get_object_or_404(SidePot.objects.select_related("ledger"), pk=pot, ledger=ledger)


@login_required
@require_http_methods(["GET", "POST"])
def pot_new(request: HttpRequest, pk: int) -> HttpResponse:
    ledger = _event_ledger(request, pk)
    form = PotForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = attempt(
            request,
            lambda: pot_services.pot_create(
                ledger=ledger,
                by=request.user,
                name=data["name"],
                kind=data["kind"],
                buy_in_cents=data["buy_in"],
            ),
            f"Pot {data['name']} set up.",
        )
        if done is not None:
            return redirect(ledger_url(ledger))
    return form_page(request, ledger, form, "A side pot")


@login_required
@require_http_methods(["GET", "POST"])
def pot_buy_ins(request: HttpRequest, pk: int, pot: int) -> HttpResponse:
    ledger = _event_ledger(request, pk)
    side_pot = _pot(ledger, pot)
    players = event_players(ledger.tournament)
    taken = set(
        side_pot.entries.filter(kind=LedgerEntry.Kind.BUY_IN).values_list("player_id", flat=True)
    )
    form = BuyInForm(request.POST or None, players=players, taken=taken)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = attempt(
            request,
            lambda: pot_services.pot_buy_ins_record(
                pot=side_pot, by=request.user, player_ids=data["players"], method=data["method"]
            ),
            "",
        )
        if done is not None:
            posted, already = done
            messages.success(
                request,
                f"{posted} buy-in{'s' if posted != 1 else ''} recorded"
                + (f"; {already} already in." if already else "."),
            )
            return redirect(ledger_url(ledger))
    return form_page(
        request,
        ledger,
        form,
        f"{side_pot.name}: buy-ins at {cents_text(side_pot.buy_in_cents, ledger.currency)}",
        pot=side_pot,
        taken=len(taken),
        submit="Record buy-ins",
    )


@login_required
@require_http_methods(["GET", "POST"])
def pot_pay_out(request: HttpRequest, pk: int, pot: int) -> HttpResponse:
    ledger = _event_ledger(request, pk)
    side_pot = _pot(ledger, pot)
    if side_pot.kind == SidePot.Kind.LONER_BASKET:
        return _loner(request, ledger, side_pot)
    form = PayForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = attempt(
            request,
            lambda: pot_services.pot_pay(
                pot=side_pot,
                by=request.user,
                amount_cents=data["amount"] or 0,
                party=data["party"],
                method=data["method"],
            ),
            "Payout posted.",
        )
        if done is not None:
            return redirect(ledger_url(ledger))
    return form_page(
        request, ledger, form, f"Pay out {side_pot.name}", pot=side_pot, left=pot_left(side_pot)
    )


def _loner(request: HttpRequest, ledger: Ledger, side_pot: SidePot) -> HttpResponse:
    """Shown first (who gets what, per lone hand made); posted once the director confirms
    the plan they saw (its amounts come back with the form)."""
    if request.method == "POST":
        expected = {}
        for key, value in request.POST.items():
            player, cents = typed_number(key.removeprefix("p-")), typed_number(value, digits=12)
            if key.startswith("p-") and player is not None and cents is not None:
                expected[player] = cents
        done = attempt(
            request,
            lambda: pot_services.pot_loner_pay_out(
                pot=side_pot, by=request.user, expected=expected
            ),
            f"{side_pot.name} paid out.",
        )
        if done is not None:
            return redirect(ledger_url(ledger))
    basket, plan = pot_services.loner_plan(side_pot)
    context = {
        "ledger": ledger,
        "pot": side_pot,
        "basket": basket,
        "plan": plan,
        "back": ledger_url(ledger),
        "title": title(ledger),
    }
    return render(request, "money/ledger/loner_payout.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def prizes(request: HttpRequest, pk: int) -> HttpResponse:
    ledger = _event_ledger(request, pk)
    if request.method == "POST":
        form = PayForm(request.POST)
        entry = typed_number(request.POST.get("entry"))
        if form.is_valid() and entry is not None:
            data = form.cleaned_data
            done = attempt(
                request,
                lambda: pot_services.prize_pay(
                    ledger=ledger,
                    by=request.user,
                    entry_id=entry,
                    amount_cents=data["amount"],
                    party=data["party"],
                    method=data["method"],
                ),
                "Prize marked paid.",
            )
            if done is not None:
                return redirect("money:ledger_prizes", pk=ledger.pk)
        else:
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            if entry is None:
                messages.error(request, "Choose the prize to mark paid.")
    due = with_payments(prizes_due(ledger.tournament), ledger.pk)
    context = {
        "ledger": ledger,
        "prizes": due,
        "back": ledger_url(ledger),
        "title": title(ledger),
        "finished": ledger.tournament.status == "finished",
    }
    return render(request, "money/ledger/prizes.html", context)
