"""The door: a pasted list registered in one go, the QR code players scan to check
themselves in, the live counters, and the room's announcement.

The director's pages ask `can_run_tournament` (and the services ask again); the self
check-in page is for anyone holding the event's signed link.
"""

import hashlib

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.permissions import can_run_tournament, deny_unless
from tournaments.errors import TournamentError
from tournaments.forms import AnnouncementForm, PasteForm, SelfCheckInForm
from tournaments.models import Tournament
from tournaments.selectors.door import door_counts, names_to_check_in
from tournaments.services.check_in import (
    check_in_is_open,
    check_in_token,
    entry_self_check_in,
    tournament_check_in_set,
    tournament_id_for_token,
)
from tournaments.services.door import PasteRefused, entries_paste_preview, entries_paste_register
from tournaments.services.room import tournament_announce

COUNTS_EVERY = "3s"
NOT_YOURS = "Only this tournament's director can run it."


def _owned(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("rule_set"), slug=slug)
    deny_unless(can_run_tournament(request.user, tournament), NOT_YOURS)
    return tournament


@login_required
def entries_paste(request: HttpRequest, slug: str) -> HttpResponse:
    """Paste a list, see who is new, found or a duplicate, then confirm once."""
    tournament = _owned(request, slug)
    form = PasteForm(request.POST or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        digest = _digest(data["text"])
        if "confirm" in request.POST and request.POST.get("previewed") != digest:
            form.add_error(None, "The list changed since the preview: check it again.")
        elif "confirm" in request.POST:
            try:
                entries = entries_paste_register(
                    tournament=tournament,
                    text=data["text"],
                    check_in=data["check_in"],
                    notify=data["notify"],
                    by=request.user,
                )
            except PasteRefused:
                pass  # the preview below names the lines
            except TournamentError as exc:
                form.add_error(None, str(exc))
            else:
                n = len(entries)
                messages.success(request, f"Registered {n} player{'s' * (n != 1)}.")
                return redirect("tournaments:manage", tournament.slug)
        preview = entries_paste_preview(tournament=tournament, text=data["text"])
    return render(
        request,
        "tournaments/entries_paste.html",
        {
            "tournament": tournament,
            "form": form,
            "preview": preview,
            "previewed": _digest(form.cleaned_data["text"]) if preview else "",
        },
    )


def _digest(text: str) -> str:
    """Which list was previewed: the confirm registers only the list the director saw."""
    lines = "\n".join(line.rstrip() for line in text.strip().splitlines())
    return hashlib.sha256(lines.encode()).hexdigest()[:32]


def self_check_in_url(request: HttpRequest, tournament: Tournament) -> str:
    path = reverse("tournaments:self_check_in", args=[tournament.slug, check_in_token(tournament)])
    base = settings.SITE_URL.rstrip("/")
    return f"{base}{path}" if base else request.build_absolute_uri(path)


@login_required
def door(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen at the door: the QR code of the self check-in link, and the counters."""
    tournament = _owned(request, slug)
    url = self_check_in_url(request, tournament)
    # segno's SVG is paths and presentation attributes only: no script, no style attribute.
    qr_svg = segno.make(url, error="m").svg_inline(scale=10, border=2, omitsize=True)
    context = {
        "tournament": tournament,
        "url": url,
        "qr_svg": qr_svg,
        "open": check_in_is_open(tournament),
        "counts": door_counts(tournament),
        "counts_every": COUNTS_EVERY,
    }
    return render(request, "tournaments/door.html", context)


@login_required
def door_counts_panel(request: HttpRequest, slug: str) -> HttpResponse:
    """The counters alone, polled by the control page and the door screen."""
    tournament = _owned(request, slug)
    return render(
        request,
        "tournaments/_door_counts.html",
        {"tournament": tournament, "counts": door_counts(tournament)},
    )


@login_required
@require_POST
def check_in_switch(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    want_open = request.POST.get("open") == "1"
    try:
        tournament_check_in_set(tournament=tournament, open=want_open, by=request.user)
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, "Self check-in is open." if want_open else "Self check-in is closed."
        )
    back = request.POST.get("back") == "door"
    return redirect("tournaments:door" if back else "tournaments:manage", tournament.slug)


@login_required
@require_POST
def announce(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _owned(request, slug)
    form = AnnouncementForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return redirect("tournaments:manage", tournament.slug)
    try:
        tournament_announce(tournament=tournament, text=form.cleaned_data["text"], by=request.user)
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        text = form.cleaned_data["text"].strip()
        messages.success(request, "The room shows your announcement." if text else "Cleared.")
    return redirect("tournaments:manage", tournament.slug)


def self_check_in(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A player's phone, from the QR code at the door: pick or type your name."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if tournament_id_for_token(token) != tournament.pk:
        raise Http404("This check-in link isn't this event's.")
    form = SelfCheckInForm(request.POST or None)
    done = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            done = entry_self_check_in(
                tournament=tournament,
                name=data["name"],
                notify=data["notify"],
                email=data["email"],
                phone=data["phone"],
            )
        except TournamentError as exc:
            form.add_error(None, str(exc))
    is_open = check_in_is_open(tournament)
    context = {
        "tournament": tournament,
        "form": form,
        "done": done,
        "open": is_open,
        "names": names_to_check_in(tournament) if is_open and done is None else [],
    }
    return render(request, "tournaments/self_check_in.html", context)
