"""The staff's registration pages: the list of a sign-up (and its CSV), and the decisions
on one registration (accept, refuse with a message, place a free agent). Only the
sign-up's own staff (`money.access.can_manage_sign_up`)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.permissions import deny_unless
from activity.exports import csv_response
from money.access import ONLY_STAFF, can_manage_sign_up
from money.amounts import cents_text
from money.models import Registration, SignUp
from money.registrations.answers import questions_of
from money.registrations.common import what
from money.registrations.forms import PlaceForm, RefuseForm
from money.registrations.selectors import registration_rows
from money.registrations.staff import free_agent_place, registration_accept, registration_refuse
from money.registrations.tables import RegistrationTable

T = "money/registrations/"


def _staff_sign_up(request: HttpRequest, sign_up_id: int) -> SignUp:
    sign_up = get_object_or_404(
        SignUp.objects.select_related("season__league", "tournament"), pk=sign_up_id
    )
    deny_unless(can_manage_sign_up(request.user, sign_up), ONLY_STAFF)
    return sign_up


def _staff_registration(request: HttpRequest, pk: int) -> Registration:
    registration = get_object_or_404(
        Registration.objects.select_related("sign_up__season__league", "sign_up__tournament"),
        pk=pk,
    )
    deny_unless(can_manage_sign_up(request.user, registration.sign_up), ONLY_STAFF)
    return registration


@require_GET
@login_required
def registration_list(request: HttpRequest, sign_up_id: int) -> HttpResponse:
    sign_up = _staff_sign_up(request, sign_up_id)
    rows = registration_rows(sign_up)
    held = sum(1 for row in rows if row.registration.place is not None)
    waiting = sum(1 for row in rows if row.waitlist_number)
    context = {
        "sign_up": sign_up,
        "name": what(sign_up),
        "table": RegistrationTable(rows, currency=sign_up.currency),
        "held": held,
        "waiting": waiting,
    }
    return render(request, T + "list.html", context)


@require_GET
@login_required
def registration_csv(request: HttpRequest, sign_up_id: int) -> HttpResponse:
    sign_up = _staff_sign_up(request, sign_up_id)
    questions = [q.text for q in questions_of(sign_up)]
    header = [
        "Registration",
        "Team",
        "Player",
        "Email",
        "Partner",
        "Partner email",
        "State",
        "Place",
        "Waitlist",
        "Fee due",
        "Paid",
        "Registered at",
        *questions,
    ]
    money = sign_up.currency
    lines = []
    for row in registration_rows(sign_up):
        r = row.registration
        lines.append(
            [
                r.pk,
                r.team_name,
                r.player.name,
                r.player.email,
                r.partner.name if r.partner else "",
                r.partner_email,
                r.get_state_display(),
                r.place or "",
                row.waitlist_number or "",
                cents_text(r.fee_due_cents, money),
                cents_text(row.paid_cents, money),
                r.created_at.isoformat(timespec="minutes"),
                *[answer for _, answer in row.answers],
            ]
        )
    return csv_response(f"registrations-{sign_up.pk}.csv", header, lines)


def _report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


@require_POST
@login_required
def registration_accept_view(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _staff_registration(request, pk)
    try:
        done = registration_accept(registration=registration, by=request.user)
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(request, f"{done} is accepted.")
    return redirect("money:registration_detail", pk)


@require_POST
@login_required
def registration_refuse_view(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _staff_registration(request, pk)
    form = RefuseForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Write a message to the person (up to 500 characters).")
        return redirect("money:registration_detail", pk)
    try:
        registration_refuse(
            registration=registration, by=request.user, message=form.cleaned_data["message"]
        )
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(request, f"{registration} is refused; they were sent your message.")
    return redirect("money:registration_detail", pk)


@require_POST
@login_required
def registration_place_view(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _staff_registration(request, pk)
    season_id = registration.sign_up.season_id
    if season_id is None:
        messages.error(request, "Only a season's free agents are placed on teams.")
        return redirect("money:registration_detail", pk)
    form = PlaceForm(request.POST, season_id=season_id)
    if not form.is_valid():
        messages.error(request, "Pick one of the season's teams, or name a new one.")
        return redirect("money:registration_detail", pk)
    try:
        done = free_agent_place(
            registration=registration,
            by=request.user,
            team_id=form.team_id(),
            team_name=form.cleaned_data.get("new_team", ""),
        )
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(request, f"{done.player.name} is on {done.team.name}.")
    return redirect("money:registration_detail", pk)
