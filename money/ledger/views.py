"""The ledger's pages: the ledger of a season or an event, its CSV, the purse, money in and
out by hand, corrections and closing. Side pots and prizes: `views_pots`.

Thin: find the ledger, ask `can_manage_ledger`, call a service, show its refusal as a
message (nothing changed) or its result.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.permissions import deny_unless
from activity.exports import csv_response
from league.seasons.models import Season
from money.access import ONLY_STAFF, can_manage_ledger
from money.amounts import cents_text
from money.ledger import selectors, services
from money.ledger.event_reads import prizes_due, with_payments
from money.ledger.forms import CorrectionForm, LineForm, PurseForm
from money.ledger.pots import purse_prizes
from money.ledger.tables import LinesTable
from money.models import Ledger
from tournaments.models import Tournament

FORM = "money/ledger/form.html"


def ledger_url(ledger: Ledger) -> str:
    if ledger.tournament_id is not None:
        return reverse("money:ledger_event", args=[ledger.tournament.slug])
    return reverse("money:ledger_season", args=[ledger.season.league.slug, ledger.season.slug])


def owned(request: HttpRequest, pk: int) -> Ledger:
    ledger = get_object_or_404(
        Ledger.objects.select_related("season__league", "tournament", "closed_by"), pk=pk
    )
    deny_unless(can_manage_ledger(request.user, ledger), ONLY_STAFF)
    return ledger


def title(ledger: Ledger) -> str:
    return f"{ledger.season.name if ledger.season_id else ledger.tournament.name}: ledger"


def attempt(request: HttpRequest, action: Callable[[], Any], success: str) -> Any:
    """Run a service; its refusal becomes a message (nothing changed), None returned."""
    try:
        done = action()
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return None
    if success:
        messages.success(request, success)
    return done


def form_page(request: HttpRequest, ledger: Ledger, form: Any, heading: str, **extra: Any):
    context = {"ledger": ledger, "form": form, "heading": heading, "back": ledger_url(ledger)}
    return render(request, FORM, context | extra)


def _page(request: HttpRequest, ledger: Ledger) -> HttpResponse:
    entries = list(selectors.ledger_entries(ledger))
    summary = selectors.ledger_summary(ledger, entries)
    lines = selectors.ledger_lines(ledger, entries)
    prizes = []
    if ledger.tournament_id is not None:
        prizes = with_payments(prizes_due(ledger.tournament), ledger.pk)
    context = {
        "ledger": ledger,
        "title": title(ledger),
        "lines": lines,
        "lines_table": LinesTable(lines, ledger=ledger),
        "summary": summary,
        "prizes": prizes,
        "prizes_total": sum(p.cents for p in prizes),
        "back": (
            reverse("tournaments:manage", args=[ledger.tournament.slug])
            if ledger.tournament_id
            else reverse(
                "league:season_dashboard", args=[ledger.season.league.slug, ledger.season.slug]
            )
        ),
    }
    return render(request, "money/ledger/ledger.html", context)


@login_required
@require_safe
def ledger_event(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    # Asked before the ledger is made on first use: nobody else makes one.
    deny_unless(can_manage_ledger(request.user, Ledger(tournament=tournament)), ONLY_STAFF)
    ledger = services.ledger_for_event(tournament=tournament)
    return _page(request, owned(request, ledger.pk))


@login_required
@require_safe
def ledger_season(request: HttpRequest, league: str, season: str) -> HttpResponse:
    found = get_object_or_404(
        Season.objects.select_related("league"), league__slug=league, slug=season
    )
    deny_unless(can_manage_ledger(request.user, Ledger(season=found)), ONLY_STAFF)
    ledger = services.ledger_for_season(season=found)
    return _page(request, owned(request, ledger.pk))


@login_required
@require_safe
def ledger_csv(request: HttpRequest, pk: int) -> HttpResponse:
    ledger = owned(request, pk)
    currency = ledger.currency
    rows = (
        [
            line.entry.pk,
            timezone.localtime(line.entry.at).isoformat(timespec="seconds"),
            line.entry.get_kind_display(),
            line.entry.pot.name if line.entry.pot else "",
            line.entry.party,
            line.entry.get_method_display(),
            cents_text(line.entry.amount_cents, currency),
            cents_text(line.balance, currency),
            line.entry.corrects_id or "",
            line.entry.note,
            line.entry.by.get_username() if line.entry.by else "",
            "yes" if line.after_closing else "",
        ]
        for line in selectors.ledger_lines(ledger)
    )
    header = [
        "Line",
        "When",
        "What",
        "Pot",
        "Who",
        "How",
        "Amount",
        "Balance",
        "Corrects line",
        "Note",
        "By",
        "After closing",
    ]
    name = (
        ledger.tournament.slug
        if ledger.tournament_id
        else f"{ledger.season.league.slug}-{ledger.season.slug}"
    )
    return csv_response(f"{name}-ledger.csv", header, rows)


@login_required
@require_http_methods(["GET", "POST"])
def ledger_purse(request: HttpRequest, pk: int) -> HttpResponse:
    ledger = owned(request, pk)
    initial = {
        "kind": ledger.purse_kind,
        "fixed": cents_text(ledger.purse_fixed_cents).lstrip("$")
        if ledger.purse_fixed_cents
        else "",
        "share": ledger.purse_share_percent or None,
        "split": ", ".join(str(p) for p in ledger.purse_split),
    }
    form = PurseForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = attempt(
            request,
            lambda: (
                services.ledger_purse_set(
                    ledger=ledger,
                    by=request.user,
                    kind=data["kind"],
                    fixed_cents=data.get("fixed") or 0,
                    share_percent=data.get("share") or 0,
                    split_percents=data["split"],
                ),
            ),
            "Purse saved.",
        )
        if done is not None:
            if done[0] is not None:
                prizes = ", ".join(cents_text(c, ledger.currency) for c in done[0])
                messages.info(request, f"The event's prizes are now {prizes}.")
            return redirect(ledger_url(ledger))
    summary = selectors.ledger_summary(ledger)
    preview = purse_prizes(summary.purse, ledger.purse_split) if ledger.purse_split else []
    return form_page(
        request,
        ledger,
        form,
        "The purse",
        summary=summary,
        preview=preview,
        flights=ledger.tournament.flights
        if ledger.tournament_id and ledger.tournament.has_flights
        else [],
    )


@login_required
@require_http_methods(["GET", "POST"])
def ledger_line_add(request: HttpRequest, pk: int) -> HttpResponse:
    ledger = owned(request, pk)
    form = LineForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = attempt(
            request,
            lambda: services.ledger_line_add(
                ledger=ledger,
                by=request.user,
                kind=data["kind"],
                amount_cents=data["amount"],
                method=data["method"],
                party=data["party"],
                note=data["note"],
            ),
            "Line posted.",
        )
        if done is not None:
            return redirect(ledger_url(ledger))
    return form_page(request, ledger, form, "Money in or out by hand")


@login_required
@require_http_methods(["GET", "POST"])
def ledger_correct(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    ledger = owned(request, pk)
    target = get_object_or_404(ledger.entries.select_related("pot"), pk=entry)
    form = CorrectionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = attempt(
            request,
            lambda: services.ledger_correct(
                ledger=ledger,
                by=request.user,
                entry_id=target.pk,
                amount_cents=data["amount"],
                reason=data["reason"],
            ),
            f"Correction of line {target.pk} posted.",
        )
        if done is not None:
            return redirect(ledger_url(ledger))
    return form_page(request, ledger, form, f"Correct line {target.pk}", target=target)


@login_required
@require_POST
def ledger_close(request: HttpRequest, pk: int) -> HttpResponse:
    ledger = owned(request, pk)
    attempt(
        request,
        lambda: services.ledger_close(ledger=ledger, by=request.user),
        "Ledger closed: from now on only corrections.",
    )
    return redirect(ledger_url(ledger))
