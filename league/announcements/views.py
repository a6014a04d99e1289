"""The league's notice pages: public announcements, a player's subscriptions, and a
manager's general notice (the outbox itself is the `notices` app's)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts.permissions import (
    can_manage_league,
    deny_unless,
    is_site_admin,
    managed_league_ids,
    manager_required,
    player_id_for,
)
from league.announcements import selectors, services
from league.announcements.forms import ComposeForm, NoticeKindsForm, SubscriptionForm
from league.seasons.models import League, Player
from notices.models import Notice, Subscription
from notices.services import notice_audience, notice_send

NO_PLAYER = (
    "Notices go to players. Ask your league manager to link your account to your player "
    "record, then choose your notices here."
)


def _form_errors(form: ComposeForm | SubscriptionForm, exc: ValidationError) -> None:
    for field, errors in exc.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)


# --- public ---


def announcements(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    page = Paginator(selectors.announcements_for_league(league), 20).get_page(
        request.GET.get("page")
    )
    return render(request, "notices/announcements.html", {"league": league, "page": page})


# --- players ---


def _back(request: HttpRequest) -> str:
    """The page the form sat on (the account page, a team's welcome page), if it is ours."""
    back = request.POST.get("next", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, {request.get_host()}, request.is_secure()
    ):
        return back
    return reverse("account")


@require_POST
@login_required
def notice_kinds(request: HttpRequest) -> HttpResponse:
    """Save the player's email, text or both for each kind of notice, then go back."""
    back = _back(request)
    player_id = player_id_for(request.user)
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    form = NoticeKindsForm(request.POST)
    if player is None:
        messages.error(request, NO_PLAYER)
    elif not form.is_valid():
        messages.error(request, "Choose email, text or both for each kind of notice.")
    else:
        try:
            changed = services.notice_preferences_set(
                player=player, choices=form.cleaned_data, by=request.user
            )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            if changed:
                messages.success(request, "Saved how you get each kind of notice.")
            else:
                messages.info(request, "Nothing to change.")
    return redirect(back)


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
            _form_errors(form, exc)
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


# --- staff ---


@manager_required
def compose(request: HttpRequest) -> HttpResponse:
    """A general notice to a season's captains and/or a league's subscribers, maybe published.

    Only to the leagues the sender manages (site administrators: any league)."""
    user = request.user
    leagues = League.objects.all()
    if not is_site_admin(user):
        leagues = leagues.filter(pk__in=managed_league_ids(user))
    form = ComposeForm(request.POST if request.method == "POST" else None, leagues=leagues)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        deny_unless(can_manage_league(user, data["league"]), "Only its managers write to a league.")
        recipients = selectors.general_notice_recipients(
            league=data["league"],
            season=data["season"],
            to_captains=data["to_captains"],
            to_subscribers=data["to_subscribers"],
        )
        if data["told"] != form.choice_of_people:  # first say who is told, then send
            counted = request.POST.copy()
            counted["told"] = form.choice_of_people
            audience = notice_audience(kind=Notice.Kind.GENERAL, recipients=recipients)
            form = ComposeForm(counted, leagues=leagues)
            return render(request, "notices/compose.html", {"form": form, "audience": audience})
        try:
            notice = notice_send(
                kind=Notice.Kind.GENERAL,
                subject=data["subject"],
                body=data["body"],
                sms_text=data["sms_text"],
                recipients=recipients,
                created_by=request.user,
                announce_league=data["league"] if data["announce"] else None,
                season=data["season"],
            )
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            count = notice.messages.count()
            messages.success(request, f"Notice sent to {count} address{'es' * (count != 1)}.")
            return redirect("notices:notice_detail", pk=notice.pk)
    return render(request, "notices/compose.html", {"form": form})
