"""Merging duplicate player records: the staff review page, undo, and an event's typed names.

Thin: the selectors find the pairs, the services merge and refuse; a refusal is a message
on the page and nothing changed.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import can_run_tournament, deny_unless
from league.models import Player
from people.access import staff_player_ids_query
from people.forms_merges import PICK, MergeForm
from people.models import PlayerMerge
from people.selectors.merges import (
    entry_matches,
    merge_candidates,
    pair_key,
    past_merges,
    undoable_merge_ids,
)
from people.services.merges import MergeRefused, player_merge, player_merge_undo
from tournaments.models import Tournament

DISMISSED = "people_merges_dismissed"  # the session's "different people" pairs
DISMISSED_MAX = 500
NOT_STAFF = "Only league managers and tournament directors merge player records."
NOT_YOURS = "Only this tournament's director can match its entries."


def _dismissed(request: HttpRequest) -> frozenset[str]:
    return frozenset(request.session.get(DISMISSED, []))


def _dismiss(request: HttpRequest, a: int, b: int) -> None:
    kept = [key for key in request.session.get(DISMISSED, []) if key != pair_key(a, b)]
    request.session[DISMISSED] = [*kept, pair_key(a, b)][-DISMISSED_MAX:]


def _staff(request: HttpRequest) -> None:
    deny_unless(staff_player_ids_query(request.user) is not None, NOT_STAFF)


def _merge_posted(request: HttpRequest) -> None:
    """Merge (or dismiss) the pair posted; the outcome is a message."""
    form = MergeForm(request.POST)
    if not form.is_valid():
        messages.error(request, PICK)
        return
    if request.POST.get("different"):
        _dismiss(request, *form.cleaned_data["ids"])
        messages.success(request, "Noted: they are different people.")
        return
    kept_id, merged_id = form.cleaned_data["kept"], form.cleaned_data["merged"]
    if kept_id is None:
        messages.error(request, PICK)
        return
    found = Player.objects.in_bulk([kept_id, merged_id])
    if kept_id not in found or merged_id not in found:
        messages.error(request, "One of these players no longer exists.")
        return
    try:
        merge = player_merge(
            actor=request.user,
            kept=found[kept_id],
            merged=found[merged_id],
            reason=form.cleaned_data["reason"],
        )
    except MergeRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{merge.merged.name} is now part of {merge.kept.name}.")


@login_required
def merges(request: HttpRequest) -> HttpResponse:
    _staff(request)
    if request.method == "POST":
        _merge_posted(request)
        return redirect("people:merges")
    history = list(past_merges(request.user))
    undoable = undoable_merge_ids(request.user, history)
    for merge in history:
        merge.can_undo = merge.pk in undoable
    context = {
        "candidates": merge_candidates(request.user, dismissed=_dismissed(request)),
        "history": history,
    }
    return render(request, "people/merges/review.html", context)


@require_POST
@login_required
def merge_undo(request: HttpRequest, pk: str) -> HttpResponse:
    _staff(request)
    merge = get_object_or_404(PlayerMerge.objects.select_related("kept", "merged"), pk=int(pk))
    try:
        player_merge_undo(actor=request.user, merge=merge)
    except MergeRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{merge.merged.name} and {merge.kept.name} are apart again.")
    return redirect("people:merges")


@login_required
def event_matches(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    deny_unless(can_run_tournament(request.user, tournament), NOT_YOURS)
    if request.method == "POST":
        _merge_posted(request)
        return redirect("people:entry_matches", tournament.slug)
    found = entry_matches(request.user, tournament, dismissed=_dismissed(request))
    return render(
        request, "people/merges/entry_matches.html", {"tournament": tournament, "found": found}
    )
