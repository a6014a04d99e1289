"""A league's member list (members pay the members' price): its managers add players by
name or email, paste a list, or remove one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import can_manage_league, deny_unless
from league.seasons.models import League, Player
from money.models import Member
from money.setup import selectors
from money.setup.forms import MemberAddForm, MembersPasteForm
from money.setup.services import member_add, member_remove, members_paste
from money.setup.services.members import ONLY_MANAGERS
from money.setup.views.common import form_errors
from wording.words import plural

SUGGESTIONS_MAX = 500  # names offered to pick from as one types


def _league(request: HttpRequest, slug: str) -> League:
    league = get_object_or_404(League, slug=slug)
    deny_unless(can_manage_league(request.user, league), ONLY_MANAGERS)
    return league


def _suggestions(league: League) -> list[str]:
    """The names of the league's players (those on its seasons' rosters), to pick from."""
    names = (
        Player.objects.filter(roster_entries__season__league=league, merged_into__isnull=True)
        .exclude(memberships__league=league)
        .values_list("name", flat=True)
        .distinct()
        .order_by("name")
    )
    return list(names[:SUGGESTIONS_MAX])


@login_required
def league_members(request: HttpRequest, league: str) -> HttpResponse:
    league_obj = _league(request, league)
    action = request.POST.get("action")
    add = MemberAddForm(request.POST if action == "add" else None, prefix="add")
    paste = MembersPasteForm(request.POST if action == "paste" else None, prefix="paste")
    if action == "add" and add.is_valid():
        try:
            member, added = member_add(
                league=league_obj, by=request.user, text=add.cleaned_data["text"]
            )
        except ValidationError as exc:
            form_errors(add, exc)
        else:
            name = member.player.name
            messages.success(request, f"{name} added." if added else f"{name} is a member already.")
            return redirect("money:league_members", league=league_obj.slug)
    elif action == "paste" and paste.is_valid():
        try:
            result = members_paste(
                league=league_obj, by=request.user, text=paste.cleaned_data["text"]
            )
        except ValidationError as exc:
            form_errors(paste, exc)
        else:
            messages.success(
                request,
                f"{plural(len(result.added), 'member')} added"
                + (f", {len(result.already)} already on the list." if result.already else "."),
            )
            return redirect("money:league_members", league=league_obj.slug)
    elif request.method == "POST" and action not in ("add", "paste"):
        messages.error(request, "Add one player or paste a list.")
    return render(
        request,
        "money/setup/members.html",
        {
            "league": league_obj,
            "members": selectors.members_of(league_obj),
            "add": add,
            "paste": paste,
            "suggestions": _suggestions(league_obj),
        },
    )


@login_required
@require_POST
def member_remove_view(request: HttpRequest, league: str, pk: int) -> HttpResponse:
    league_obj = _league(request, league)
    member = get_object_or_404(Member.objects.select_related("player"), pk=pk, league=league_obj)
    member_remove(member=member, by=request.user)
    messages.success(request, f"{member.player.name} is no longer a member.")
    return redirect("money:league_members", league=league_obj.slug)
