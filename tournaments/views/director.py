"""Director pages: set up, register and check in, start, move rounds on, decide matches.

Any tournament director may create an event and then runs it; only that event's director
(or a superuser) may change it afterwards. Every write checks that on the server.
"""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.permissions import can_run_tournament, deny_unless, organiser_required
from inputs.bounds import typed_number
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.forms import EntryForm, SeedForm, TournamentForm
from tournaments.models import BracketMatch, Tournament
from tournaments.selectors import bracket_view, heats_view, rounds_view
from tournaments.selectors.door import door_counts
from tournaments.services.check_in import check_in_is_open
from tournaments.services.notify import results_audience, round_seats_audience, start_audience

NOT_YOURS = "Only this tournament's director can run it."


def _owned(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("rule_set"), slug=slug)
    deny_unless(can_run_tournament(request.user, tournament), NOT_YOURS)
    return tournament


def _attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    try:
        action()
    except TournamentError as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, success)
    return True


def _setup_form(request: HttpRequest, fields_url: str, **kwargs) -> TournamentForm:
    """The setup form for the format chosen; "Show this format's settings" and "Add a
    stage" post it to be shown again, not saved."""
    reload = request.POST.get("reload", "") if request.method == "POST" else ""
    return TournamentForm(request.POST or None, reload=reload, fields_url=fields_url, **kwargs)


@organiser_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = _setup_form(request, reverse("tournaments:create_fields"))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                tournament=form.save(commit=False), director=request.user
            )
        except TournamentError as exc:  # the same event set up at the same moment
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{tournament} is set up: now register the entries.")
            return redirect("tournaments:manage", tournament.slug)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@login_required
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    form = _setup_form(
        request, reverse("tournaments:edit_fields", args=[slug]), instance=tournament
    )
    if request.method == "POST" and form.is_valid():
        ok = _attempt(
            request,
            lambda: services.tournament_update(tournament=form.save(commit=False)),
            "Saved.",
        )
        if ok:
            return redirect("tournaments:manage", tournament.slug)
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament}
    )


@login_required
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    entries = list(tournament.entries.select_related("player", "partner"))
    context = {
        "tournament": tournament,
        "entries": entries,
        "undoable": [entry for entry in entries if entry.withdrawal_undoable],
        "entry_form": EntryForm(),
        "counts": door_counts(tournament),
        "check_in_open": check_in_is_open(tournament),
    }
    if tournament.status == Tournament.Status.SETUP:
        context["audience"] = start_audience(tournament)
    else:
        if tournament.is_progressive and tournament.current_round:
            current = rounds_view(tournament, [tournament.current_round])[0]
            context["current"] = current
            context["waiting"] = [t.number for t in current.tables if not t.confirmed]
            context["last_round"] = last = tournament.current_round >= tournament.rounds
            if tournament.status == Tournament.Status.RUNNING:
                context["audience"] = (
                    results_audience(tournament)
                    if last
                    else round_seats_audience(tournament, tournament.current_round + 1)
                )
        elif tournament.is_bracket:
            context["brackets"] = bracket_view(tournament)
        elif tournament.is_heats:
            context["stages"] = heats_view(tournament)
    return render(request, "tournaments/manage.html", context)


@login_required
@require_POST
def entry_register(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    form = EntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Enter the player's name (at most 120 characters).")
    elif tournament.status == Tournament.Status.RUNNING and tournament.is_progressive:
        _attempt(
            request,
            lambda: services.entry_add_late(
                tournament=tournament,
                player_name=form.cleaned_data["player_name"],
                by=request.user,
            ),
            f"{form.cleaned_data['player_name']} joins from the next round.",
        )
    else:
        _attempt(
            request,
            lambda: services.entry_register(tournament=tournament, **form.cleaned_data),
            f"Registered {form.cleaned_data['player_name']}.",
        )
    return redirect("tournaments:manage", tournament.slug)


ENTRY_ACTIONS = {
    "check_in": (lambda e, u: services.entry_check_in(entry=e), "{} checked in."),
    "no_show": (lambda e, u: services.entry_mark_no_show(entry=e), "{} marked as a no-show."),
    "reset": (lambda e, u: services.entry_reset(entry=e), "{} is back to registered."),
    "withdraw": (lambda e, u: services.entry_withdraw(entry=e, by=u), "{} withdrew."),
    "reinstate": (
        lambda e, u: services.entry_reinstate(entry=e, by=u),
        "{} is back in: their withdrawal is undone and the rounds ahead are drawn again.",
    ),
    "arrive": (
        lambda e, u: services.entry_arrive_late(entry=e, by=u),
        "{} arrived: seated from the next round.",
    ),
}


@login_required
@require_POST
def entry_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    tournament = _owned(request, slug)
    entry = get_object_or_404(
        tournament.entries.select_related("player", "partner", "tournament"), number=number
    )
    if action not in ENTRY_ACTIONS:
        messages.error(request, "Unknown action.")
        return redirect("tournaments:manage", tournament.slug)
    run, text = ENTRY_ACTIONS[action]
    if action == "withdraw" and request.POST.get("confirm") != "1":
        # A withdrawal redraws the rounds or hands a walkover: ask first, on a page of its own.
        context = {"tournament": tournament, "entry": entry}
        return render(request, "tournaments/entry_withdraw_confirm.html", context)
    if request.htmx and action in ("check_in", "no_show", "reset"):
        # At the door: answer with the row alone, its problem (if any) shown in place.
        error = ""
        try:
            run(entry, request.user)
        except TournamentError as exc:
            error = str(exc)
        entry.refresh_from_db()
        context = {"tournament": tournament, "entry": entry, "row_error": error}
        response = render(request, "tournaments/_entry_row.html", context)
        response["HX-Trigger"] = "entries-changed"  # the door's counters refresh at once
        return response
    if action == "withdraw" and tournament.is_progressive:
        text += " Undo it on this page until the next round starts."
    _attempt(request, lambda: run(entry, request.user), text.format(entry))
    return redirect("tournaments:manage", tournament.slug)


@login_required
@require_POST
def entry_seed(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _owned(request, slug)
    entry = get_object_or_404(tournament.entries.select_related("tournament"), number=number)
    form = SeedForm(request.POST)
    if not form.is_valid():
        messages.error(request, "A seed is a whole number from 1 to 999, or empty.")
    else:
        seed = form.cleaned_data["seed"]
        _attempt(
            request,
            lambda: services.entry_set_seed(entry=entry, seed=seed),
            f"{entry} is seeded {seed}." if seed else f"{entry} is unseeded.",
        )
    return redirect("tournaments:manage", tournament.slug)


@login_required
@require_POST
def tournament_start(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    _attempt(
        request,
        lambda: services.tournament_start(tournament=tournament, by=request.user),
        "The tournament is under way.",
    )
    return redirect("tournaments:manage", tournament.slug)


@login_required
@require_POST
def round_next(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    _attempt(
        request,
        lambda: services.round_start_next(tournament=tournament, by=request.user),
        "Next round: everyone moves to their new table.",
    )
    return redirect("tournaments:manage", tournament.slug)


@login_required
@require_POST
def tournament_finish(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    ok = _attempt(
        request,
        lambda: services.progressive_finish(tournament=tournament, by=request.user),
        "Final results are in.",
    )
    if ok:
        return redirect("tournaments:detail", tournament.slug)
    return redirect("tournaments:manage", tournament.slug)


@login_required
@require_POST
def tournament_recheck(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    _attempt(
        request,
        lambda: services.tournament_recheck(tournament=tournament, by=request.user),
        "Every confirmed card has been read again.",
    )
    return redirect("tournaments:manage", tournament.slug)


@login_required
@require_POST
def match_award(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Forfeits and walkovers: the director sends one team through."""
    tournament = _owned(request, slug)
    match = get_object_or_404(BracketMatch, pk=match_id, tournament=tournament)
    chosen = typed_number(request.POST.get("winner"))
    winner = tournament.entries.filter(pk=chosen).first() if chosen is not None else None
    if winner is None:
        messages.error(request, "Choose the team that goes through.")
    else:
        _attempt(
            request,
            lambda: services.bracket_award_match(match=match, winner=winner, by=request.user),
            f"{winner} goes through.",
        )
    return redirect("tournaments:manage", tournament.slug)
