"""The registration pages people use: register, accept as the partner, answer an offer
from the waitlist, see (and withdraw) their own registration. Thin: parse, authorize, call
a service, render."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from money.access import can_manage_sign_up, can_view_registration, is_own_registration
from money.models import Registration, SignUp
from money.payments.csp import allow_checkout_form
from money.registrations import offers, partners
from money.registrations.answers import questions_of
from money.registrations.common import what
from money.registrations.flows import open_refusal, registration_submit
from money.registrations.forms import PartnerForm, PlaceForm, RefuseForm, RegisterForm
from money.registrations.registrants import player_for_user, registrant_account
from money.registrations.selectors import registration_row
from money.registrations.waivers import waiver_needed
from money.registrations.withdraw import registration_withdraw, withdraw_refusal

State = Registration.State
T = "money/registrations/"


def _ip(request: HttpRequest) -> str | None:
    return request.META.get("REMOTE_ADDR") or None


def _errors(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def outcome(registration: Registration, number: int | None = None) -> str:
    """What the person is told about their place."""
    state = registration.state
    if state == State.WAITLISTED:
        return f"Every place is taken. You are number {number or '?'} on the waitlist."
    if state == State.FREE_AGENT:
        return "You are registered as a free agent: the league's manager will place you on a team."
    if state == State.WAITING_PARTNER:
        return f"You hold place {registration.place}; it is yours once your partner accepts."
    if state == State.OFFERED:
        return f"Place {registration.place} is offered to you: accept it below."
    if state in (State.HOLDING, State.ACCEPTED):
        return f"You hold place {registration.place}." if registration.place else "You are in."
    return f"This registration is {registration.get_state_display().lower()}."


def _sign_up(sign_up_id: int) -> SignUp:
    return get_object_or_404(
        SignUp.objects.select_related("season__league", "tournament"), pk=sign_up_id
    )


def register(request: HttpRequest, sign_up_id: int) -> HttpResponse:
    sign_up = _sign_up(sign_up_id)
    user = request.user
    signed_in = user.is_authenticated
    refusal = open_refusal(sign_up)
    existing = None
    waiver_due = sign_up.season_id is not None
    if signed_in:
        player = (
            player_for_user(user) if request.method == "POST" else getattr(user, "player", None)
        )
        if player is not None:
            existing = Registration.objects.filter(
                sign_up=sign_up, player=player, state__in=Registration.LIVE
            ).first()
            waiver_due = waiver_needed(sign_up, player)
    questions = questions_of(sign_up)
    form = RegisterForm(
        request.POST if request.method == "POST" else None,
        sign_up=sign_up,
        questions=questions,
        signed_in=signed_in,
        waiver_due=waiver_due,
    )
    if request.method == "POST" and not refusal and form.is_valid():
        response = _submit(request, sign_up, form)
        if response is not None:
            return response
    context = {
        "sign_up": sign_up,
        "name": what(sign_up),
        "form": form,
        "refusal": refusal,
        "existing": existing,
        "questions": questions,
    }
    return render(request, T + "register.html", context, status=200)


def _submit(request: HttpRequest, sign_up: SignUp, form: RegisterForm) -> HttpResponse | None:
    typed = form.submission(_ip(request))
    try:
        with transaction.atomic():
            user = request.user
            if not user.is_authenticated:
                user = registrant_account(
                    name=form.cleaned_data["your_name"],
                    email=form.cleaned_data["your_email"],
                    sent_by=f"The {what(sign_up)} sign-up",
                )
            registration, created = registration_submit(sign_up=sign_up, by=user, typed=typed)
    except ValidationError as exc:
        _errors(request, exc)
        return None
    row = registration_row(registration)
    told = outcome(registration, row.waitlist_number)
    if not request.user.is_authenticated:
        return render(
            request, T + "registered.html", {"row": row, "told": told, "name": what(sign_up)}
        )
    if created:
        messages.success(request, f"Registered for {what(sign_up)}. {told}")
    else:
        messages.info(request, f"You were already registered. {told}")
    return redirect("money:registration_detail", registration.pk)


def _viewable(request: HttpRequest, pk: int) -> Registration:
    registration = get_object_or_404(
        Registration.objects.select_related("sign_up__season", "sign_up__tournament"), pk=pk
    )
    if not can_view_registration(request.user, registration):
        raise PermissionDenied("Only the person who registered and the organisers see this.")
    return registration


@require_GET
@login_required
def registration_detail(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _viewable(request, pk)
    row = registration_row(registration)
    registration = row.registration
    staff = can_manage_sign_up(request.user, registration.sign_up)
    own = is_own_registration(request.user, registration)
    context: dict[str, Any] = {
        "row": row,
        "registration": registration,
        "sign_up": registration.sign_up,
        "name": what(registration.sign_up),
        "told": outcome(registration, row.waitlist_number),
        "viewer_is_staff": staff,
        "own": own,
        "withdraw_refusal": withdraw_refusal(registration) if own else "",
    }
    if staff:
        context["refuse_form"] = RefuseForm()
        if registration.state == State.FREE_AGENT and registration.sign_up.season_id:
            context["place_form"] = PlaceForm(season_id=registration.sign_up.season_id)
    response = render(request, T + "detail.html", context)
    if registration.sign_up.payment == SignUp.Payment.CARD:
        allow_checkout_form(response)  # "Pay by card" goes on to the provider's page
    return response


@require_POST
@login_required
def registration_withdraw_view(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _viewable(request, pk)
    if not is_own_registration(request.user, registration):
        raise PermissionDenied("Only the person who registered may withdraw.")
    try:
        registration_withdraw(registration=registration, by=request.user)
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(request, "You withdrew: your place goes to the next in line.")
    return redirect("money:registration_detail", pk)


def partner_accept(request: HttpRequest, token: str) -> HttpResponse:
    registration = partners.partner_find(token)
    if registration is None:
        raise Http404("No such invitation.")
    sign_up = registration.sign_up
    user = request.user
    signed_in = user.is_authenticated
    waiver_text = sign_up.season.waiver_text if sign_up.season_id else None
    if signed_in and waiver_text is not None:
        player = getattr(user, "player", None)
        if player is not None and not waiver_needed(sign_up, player):
            waiver_text = None
    form = PartnerForm(
        request.POST if request.method == "POST" else None,
        signed_in=signed_in,
        waiver_text=waiver_text,
    )
    open_ = registration.state in Registration.LIVE and registration.partner_accepted_at is None
    if request.method == "POST" and open_ and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                if not signed_in:
                    user = registrant_account(
                        name=data["your_name"],
                        email=data["your_email"],
                        sent_by=f"The {what(sign_up)} sign-up",
                    )
                done = partners.partner_accept(
                    token=token,
                    by=user,
                    waiver_name=data.get("waiver_name", ""),
                    waiver_agreed=bool(data.get("waiver_agreed")),
                    ip_address=_ip(request),
                )
        except ValidationError as exc:
            _errors(request, exc)
        else:
            told = f"You are {done.player.name}'s partner for {what(sign_up)}."
            if not signed_in:
                return render(
                    request,
                    T + "registered.html",
                    {"row": registration_row(done), "told": told, "name": what(sign_up)},
                )
            messages.success(request, told)
            return redirect("money:registration_detail", done.pk)
    context = {"registration": registration, "name": what(sign_up), "form": form, "open": open_}
    return render(request, T + "partner.html", context)


def offer_respond(request: HttpRequest, token: str) -> HttpResponse:
    registration = offers.offer_find(token)
    if registration is None:
        raise Http404("No such offer.")
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "accept":
                done = offers.offer_accept(token=token, by=request.user)
                messages.success(request, f"Place {done.place} is yours.")
            elif action == "decline":
                offers.offer_decline(token=token, by=request.user)
                messages.info(request, "You declined: the place goes to the next in line.")
            else:
                messages.error(request, "Accept or decline the place.")
        except ValidationError as exc:
            _errors(request, exc)
        if action in ("accept", "decline") and can_view_registration(request.user, registration):
            return redirect("money:registration_detail", registration.pk)
        registration.refresh_from_db()
    context = {
        "registration": registration,
        "name": what(registration.sign_up),
        "open": registration.state == State.OFFERED,
    }
    return render(request, T + "offer.html", context)
