"""The entry component: hands tapped into a server-side draft, then submitted.

Each POST answers htmx with the re-rendered component (`scoring/_entry.html`), or
without htmx redirects back to the entry page with a message. What a phone without signal
kept and sends later (static/js/offline-entry.js, marked `X-Entry-Sync`) is answered in
JSON: `{"ok": true}` (and where to go once a card is submitted) or the refusal's message.
Hands and submissions carry the phone's `key`, so one sent twice counts once.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts import permissions
from scoring import presenters, services
from scoring.forms import FinalScoresForm, HandForm
from scoring.models import Game
from scoring.owners import CardStep, card_refusals
from scoring.selectors import draft_for
from scoring.views.common import game_or_404, posted_version


def _next(request: HttpRequest) -> str:
    """Where an embedding page asked to return after submitting (same site only)."""
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and safe else ""


def _synced(request: HttpRequest) -> bool:
    """Sent by the phone's queue of entries kept while it had no signal."""
    return request.headers.get("X-Entry-Sync") == "1"


def _component(
    request: HttpRequest, game: Game, error: str = "", typed: dict[str, str] | None = None
) -> HttpResponse:
    """The component again; `typed`: the refused final scores, kept in their boxes with the
    reason beside them (with or without htmx); the engine's words in the sides' names."""
    error = presenters.side_names(game, players=False).say(error)
    if _synced(request):
        return JsonResponse({"ok": not error, "error": error}, status=400 if error else 200)
    context = {"game": game, "entry_error": error, "next": _next(request), "final_typed": typed}
    if request.htmx:
        return render(request, "scoring/_entry.html", context)
    if typed and error and error != " ".join(card_refusals(game, CardStep.ENTER)):
        return render(request, "scoring/game_entry.html", context)  # the scores, to fix
    if error:
        messages.error(request, error)
    return redirect("scoring:game_entry", game_id=game.pk)


def _typed_final(request: HttpRequest, form: FinalScoresForm) -> dict[str, str]:
    """What was typed in the final-score boxes, to give back as it was (bounded)."""
    typed = {key: request.POST.get(f"score_{key}", "")[:6] for key in form.keys}
    typed["timed_out"] = "on" if request.POST.get("timed_out") == "on" else ""
    return typed


def _errors(exc: ValidationError) -> str:
    return " ".join(exc.messages)


def _entitled_game(request: HttpRequest, game_id: int) -> Game:
    """The game, for someone who may enter its card (every entry step asks, not only the page)."""
    game = game_or_404(game_id)
    permissions.deny_unless(
        bool(permissions.scoring_sides_for(request.user, game)),
        "Only the captains (or, without teams, the players at the table) enter this card.",
    )
    return game


@login_required
def game_entry(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _entitled_game(request, game_id)
    return render(request, "scoring/game_entry.html", {"game": game})


@require_POST
@login_required
def entry_add_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _entitled_game(request, game_id)
    try:
        hand = HandForm(request.POST).hand()
        key = request.POST.get("key", "")
        services.draft_add_hand(game=game, user=request.user, hand=hand, key=key)
    except ValidationError as exc:
        return _component(request, game, _errors(exc))
    return _component(request, game)


@require_POST
@login_required
def entry_undo(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _entitled_game(request, game_id)
    try:
        services.draft_remove_last_hand(game=game, user=request.user)
    except ValidationError as exc:
        return _component(request, game, _errors(exc))
    return _component(request, game)


@require_POST
@login_required
def entry_clear(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _entitled_game(request, game_id)
    services.draft_clear(game=game, user=request.user)
    return _component(request, game)


@require_POST
@login_required
def entry_options(request: HttpRequest, game_id: int) -> HttpResponse:
    """The side (for staff who may enter either) and the 'time ran out' tick."""
    game = _entitled_game(request, game_id)
    side = request.POST.get("side") or None
    try:
        services.draft_set_options(
            game=game, user=request.user, side=side, timed_out=request.POST.get("timed_out") == "on"
        )
    except ValidationError as exc:
        return _component(request, game, _errors(exc))
    return _component(request, game)


@require_POST
@login_required
def entry_copy_card(request: HttpRequest, game_id: int) -> HttpResponse:
    """Start the draft from the current card, to fix a hand without retyping the rest."""
    game = _entitled_game(request, game_id)
    version = posted_version(request, game)
    try:
        services.draft_start_from(game=game, user=request.user, version=version)
    except ValidationError as exc:
        return _component(request, game, _errors(exc))
    return _component(request, game)


def _side(request: HttpRequest, game: Game) -> str:
    sides = permissions.scoring_sides_for(request.user, game)
    draft = draft_for(request.user, game)
    side = request.POST.get("side") or (draft.side if draft else "")
    if not side and len(sides) == 1:
        side = sides[0]
    if not side:
        raise ValidationError("Choose the side you are entering the card for: N-S or E-W.")
    return side


def _submitted(request: HttpRequest, game: Game, side: str) -> HttpResponse:
    names = presenters.side_names(game)
    done = f"Card submitted for {names[side]}: {names.other(side)} confirms it next."
    url = _next(request) or reverse("scoring:game_detail", args=[game.pk])
    if _synced(request):
        messages.success(request, f"Sent from this phone now the signal is back. {done}")
        return JsonResponse({"ok": True, "error": "", "redirect": url})
    messages.success(request, done)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
@login_required
def entry_submit(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _entitled_game(request, game_id)
    draft = draft_for(request.user, game)
    try:
        side = _side(request, game)
        version = services.scorecard_submit(
            game=game,
            user=request.user,
            side=side,
            hands=draft.rows() if draft else [],
            timed_out=request.POST.get("timed_out") == "on",
            key=request.POST.get("key", ""),
        )
    except ValidationError as exc:
        return _component(request, game, _errors(exc))
    return _submitted(request, game, version.submitted_for or side)


@require_POST
@login_required
def entry_submit_final(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _entitled_game(request, game_id)
    form = FinalScoresForm(request.POST, spec=game.rule_set.to_spec())
    typed = _typed_final(request, form)
    if not form.is_valid():
        problems = [
            f"{form.fields[name].label if name in form.fields else 'Score'}: {' '.join(errs)}"
            for name, errs in form.errors.items()
        ]
        return _component(request, game, " ".join(problems), typed)
    try:
        side = _side(request, game)
        version = services.scorecard_submit(
            game=game,
            user=request.user,
            side=side,
            final_scores=form.scores(),
            timed_out=form.cleaned_data.get("timed_out", False),
            key=request.POST.get("key", ""),
        )
    except ValidationError as exc:
        return _component(request, game, _errors(exc), typed)
    return _submitted(request, game, version.submitted_for or side)
