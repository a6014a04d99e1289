"""Public announcements per league, and a player's own subscriptions."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.permissions import deny_unless, player_id_for
from league.seasons.models import League, Player
from notices import selectors, services
from notices.forms import SubscriptionForm
from notices.models import Subscription

NO_PLAYER = (
    "Notices go to players. Ask your league manager to link your account to your player "
    "record, then choose your notices here."
)


def announcements(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    page = Paginator(selectors.announcements_for_league(league), 20).get_page(
        request.GET.get("page")
    )
    return render(request, "notices/announcements.html", {"league": league, "page": page})


@login_required
def subscriptions(request: HttpRequest) -> HttpResponse:
    player_id = player_id_for(request.user)
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    subscribed = {}
    if player is not None:
        subscribed = {sub.league_id: sub for sub in Subscription.objects.filter(player=player)}
    leagues = [(league, subscribed.get(league.pk)) for league in League.objects.order_by("name")]
    return render(
        request,
        "notices/subscriptions.html",
        {"player": player, "leagues": leagues, "no_player": NO_PLAYER},
    )


@login_required
def subscribe(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    player_id = player_id_for(request.user)
    deny_unless(player_id is not None, NO_PLAYER)
    player = Player.objects.get(pk=player_id)
    current = selectors.subscription_for(player, league)
    initial = {
        "by_email": current.by_email if current else bool(player.email),
        "by_sms": current.by_sms if current else False,
        "phone": player.phone,
    }
    form = SubscriptionForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            subscription = services.subscription_set(
                player=player,
                league=league,
                by_email=data["by_email"],
                by_sms=data["by_sms"],
                phone=data["phone"],
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            if subscription is None:
                messages.success(request, f"You no longer get {league.name} notices.")
            else:
                messages.success(request, f"You'll get {league.name} notices.")
            return redirect("notices:subscriptions")
    return render(
        request,
        "notices/subscribe.html",
        {"league": league, "player": player, "form": form, "subscription": current},
    )
