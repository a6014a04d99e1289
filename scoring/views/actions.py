"""Confirm, dispute, settle and correct: every check is the service's; views parse and show."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import permissions
from scoring import presenters, services
from scoring.engine import INDIVIDUAL
from scoring.forms import ReasonForm, SeatCodeForm, StaffDecisionForm
from scoring.models import Scorecard
from scoring.selectors import draft_for, scorecard_for_game
from scoring.views.common import game_or_404, posted_version


@require_POST
@login_required
def game_confirm(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    version = posted_version(request, game)
    try:
        services.scorecard_confirm(version=version, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, "Card confirmed. Thank you!")
    return redirect("scoring:game_detail", game_id=game.pk)


@require_POST
@login_required
def game_confirm_code(request: HttpRequest, game_id: int) -> HttpResponse:
    """The other side confirms on this phone with a seat code from their seat cards."""
    game = game_or_404(game_id)
    version = posted_version(request, game)
    form = SeatCodeForm(request.POST)
    code = form.cleaned_data["code"] if form.is_valid() else ""
    try:
        services.scorecard_confirm_by_code(version=version, user=request.user, code=code)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, "Card confirmed with the seat code. Thank you!")
    return redirect("scoring:game_detail", game_id=game.pk)


@require_POST
@login_required
def game_dispute(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    version = posted_version(request, game)
    form = ReasonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        services.scorecard_dispute(version=version, user=request.user, reason=reason)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, "Card disputed: a manager or director will settle it.")
    return redirect("scoring:game_detail", game_id=game.pk)


def _next(request: HttpRequest) -> str:
    """Where the page that sent the decision asked to go back to (this site only)."""
    target = request.POST.get("next") or request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and safe else ""


def _bases(card: Scorecard | None, draft_hands: int, correcting: bool) -> list[tuple[str, str]]:
    bases = []
    version = card.current_version if card else None
    if version is not None and not correcting:
        bases.append(
            (StaffDecisionForm.BASIS_CURRENT, f"The card as it stands (version {version.number})")
        )
    if draft_hands:
        bases.append((StaffDecisionForm.BASIS_DRAFT, f"The {draft_hands} hands in my draft"))
    bases.append((StaffDecisionForm.BASIS_FINAL, "These final scores"))
    return bases


def _decide(request: HttpRequest, game_id: int, correcting: bool) -> HttpResponse:
    game = game_or_404(game_id)
    permissions.deny_unless(
        permissions.can_settle_game(request.user, game),
        "Only the staff of the league or tournament that owns this game can decide its card.",
    )
    card = scorecard_for_game(game.pk)
    draft = draft_for(request.user, game)
    draft_rows = draft.rows() if draft else []
    spec = game.rule_set.to_spec()
    bases = _bases(card, len(draft_rows), correcting)
    form = StaffDecisionForm(request.POST or None, spec=spec, bases=bases)
    names = presenters.side_names(game)
    for key, name in names.short.items():  # each side's boxes by its name, before they're read
        if f"score_{key}" in form.fields:
            form.fields[f"score_{key}"].label = name
    error = ""
    if request.method == "POST" and form.is_valid():
        basis = form.cleaned_data["basis"]
        action = services.scorecard_correct if correcting else services.scorecard_settle
        try:
            action(
                scorecard=card or Scorecard(game=game),  # the service creates it if it holds
                user=request.user,
                reason=form.cleaned_data["reason"],
                hands=draft_rows if basis == form.BASIS_DRAFT else None,
                final_scores=form.scores() if basis == form.BASIS_FINAL else None,
                timed_out=form.cleaned_data.get("timed_out", False),
            )
        except ValidationError as exc:
            error = names.say(" ".join(exc.messages))
        else:
            messages.success(request, "Card corrected." if correcting else "Card settled.")
            return redirect(_next(request) or reverse("scoring:game_detail", args=[game.pk]))
    version = card.current_version if card else None
    return render(
        request,
        "scoring/staff_decision.html",
        {
            "game": game,
            "card": card,
            "version": version,
            "lines": presenters.version_lines(version, names),
            "side_names": names,
            "individual": spec.scoring_mode == INDIVIDUAL,
            "seat_headings": presenters.seat_headings(game),
            "form": form,
            "error": error,
            "correcting": correcting,
            "next": _next(request),
        },
    )


@login_required
def game_settle(request: HttpRequest, game_id: int) -> HttpResponse:
    return _decide(request, game_id, correcting=False)


@login_required
def game_correct(request: HttpRequest, game_id: int) -> HttpResponse:
    return _decide(request, game_id, correcting=True)
