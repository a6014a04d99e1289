"""Invitation pages: accepting one on a phone, and the staff pages that send them.

`staff_page` serves every staff page (a league's managers, a tournament's directors and
scorekeepers, the site's organisers): the league and tournaments views check who may see
their page, then hand over here.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from accounts import invitations as service
from accounts import permissions
from accounts.forms import LoginForm
from accounts.forms_invitations import EMAIL_TAKEN, SignupForm, StaffInviteForm
from accounts.models import Invitation
from accounts.services import role_revoke, staff_of
from inputs.bounds import typed_number

State = Invitation.State
ACCEPT_TEMPLATE = "accounts/invitation_accept.html"
NOBODY_REMOVED = "Nobody was removed: the page may be out of date, so here it is as it is now."


def _report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _safe(request: HttpRequest, url: str) -> str:
    ok = url_has_allowed_host_and_scheme(url, {request.get_host()}, request.is_secure())
    return url if url and ok else reverse("home")


def _accept(request: HttpRequest, invitation: Invitation, user) -> HttpResponse:  # type: ignore[no-untyped-def]
    try:
        next_url = service.invitation_accept(invitation=invitation, user=user)
    except ValidationError as exc:
        _report(request, exc)
        return redirect(request.path)
    messages.success(request, f"Welcome! You are now {invitation.offer}.")
    return redirect(_safe(request, next_url))


def _signup(request: HttpRequest, invitation: Invitation, form: SignupForm) -> HttpResponse | None:
    """A new account and the invitation accepted, together or not at all."""
    try:
        with transaction.atomic():
            user = form.save()
            next_url = service.invitation_accept(invitation=invitation, user=user)
    except IntegrityError:  # the username or the email address was taken a moment ago
        email = form.cleaned_data.get("email")
        if email and get_user_model().objects.filter(email__iexact=email).exists():
            form.add_error("email", EMAIL_TAKEN)
        else:
            form.add_error("username", "That username was just taken: choose another.")
        return None
    except ValidationError as exc:
        _report(request, exc)
        return redirect(request.path)
    login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
    messages.success(request, f"Welcome, {user.first_name}! You are now {invitation.offer}.")
    return redirect(_safe(request, next_url))


def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    """What the link in the email or text opens: what is offered, then create an account
    or sign in, and accept."""
    try:
        invitation = service.invitation_from_token(token)
    except service.InvitationInvalid:
        return render(request, ACCEPT_TEMPLATE, {"problem": "invalid"}, status=404)
    except service.InvitationExpired as exc:
        return render(
            request, ACCEPT_TEMPLATE, {"problem": "expired", "invitation": exc.invitation}
        )
    context: dict = {"invitation": invitation, "inviter": invitation.invited_by}
    if invitation.state != State.PENDING:
        mine = (
            invitation.accepted_by_id is not None and invitation.accepted_by_id == request.user.pk
        )
        context.update(problem=invitation.state, mine=mine)
        return render(request, ACCEPT_TEMPLATE, context)
    user = request.user
    action = request.POST.get("action") if request.method == "POST" else None
    email_taken = bool(invitation.email) and (
        get_user_model().objects.filter(email__iexact=invitation.email).exists()
    )
    signup = SignupForm(
        request.POST if action == "signup" else None,
        initial={"name": invitation.name, "email": invitation.email},
    )
    signin = LoginForm(request, data=request.POST if action == "signin" else None)
    if action == "accept" and user.is_authenticated:
        return _accept(request, invitation, user)
    if action == "signup" and not user.is_authenticated and signup.is_valid():
        response = _signup(request, invitation, signup)
        if response is not None:
            return response
    if action == "signin" and not user.is_authenticated and signin.is_valid():
        login(request, signin.get_user())
        return _accept(request, invitation, signin.get_user())
    context.update(
        signup=signup,
        signin=signin,
        email_taken=email_taken,
        show_signup=not email_taken,
        refusal=service.acceptance_refusal(invitation, user) if user.is_authenticated else "",
        sent_to=service.masked_address(invitation),
    )
    return render(request, ACCEPT_TEMPLATE, context)


# --- staff pages ---


def _staff_action(
    request: HttpRequest,
    action: str,
    *,
    scope_kind: str,
    scope_id: int,
    kinds: list[str],
    form: StaffInviteForm,
    label: str,
    link_after: str,
    landing: dict[str, str],
) -> bool:
    by = request.user
    if action == "invite":
        if not form.is_valid():
            return False
        email, phone = service.contact_split(form.cleaned_data["contact"])
        kind = form.cleaned_data["kind"]
        invitation = service.invitation_create(
            by=by,
            kind=kind,
            scope_id=scope_id,
            label=label,
            email=email,
            phone=phone,
            name=form.cleaned_data["name"],
            link_after=landing.get(kind, link_after),
        )
        messages.success(request, f"Invitation sent to {invitation.address}.")
        return True
    if action == "remove":
        if request.POST.get("role") not in kinds:
            raise Http404
        # Whoever is named, only a removal that happened says whom: nothing else leaks a name.
        user_id = typed_number(request.POST.get("user"))
        user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
        removed = user is not None and role_revoke(
            user=user, role=request.POST["role"], scope_kind=scope_kind, scope_id=scope_id, by=by
        )
        if removed:
            messages.success(request, f"{user.get_full_name() or user.get_username()} removed.")
        else:
            messages.info(request, NOBODY_REMOVED)
        return True
    if action in ("resend", "revoke"):
        try:
            invitation = Invitation.objects.get(
                pk=typed_number(request.POST.get("invitation")),
                scope_kind=scope_kind,
                scope_id=scope_id,
                kind__in=kinds,
            )
        except (ValueError, Invitation.DoesNotExist):
            raise Http404 from None
        if action == "resend":
            service.invitation_resend(invitation=invitation, by=by)
            messages.success(request, f"Invitation sent again to {invitation.address}.")
        else:
            service.invitation_revoke(invitation=invitation, by=by)
            messages.success(request, f"Invitation to {invitation.address} withdrawn.")
        return True
    return False


def staff_page(
    request: HttpRequest,
    *,
    scope_kind: str,
    scope_id: int,
    kinds: list[str],
    title: str,
    label: str,
    link_after: str,
    back_url: str,
    back_label: str,
    intro: str = "",
    landing: dict[str, str] | None = None,
) -> HttpResponse:
    """List the object's staff and pending invitations; invite, resend, withdraw, remove.

    Whoever accepts lands on `link_after`, or on `landing[kind]`: the page of the role
    they took (a scorekeeper's is the event's score entry, not its control page).
    The caller has checked the user may change this object's staff; every write checks
    it again in its service."""
    action = request.POST.get("action", "") if request.method == "POST" else ""
    form = StaffInviteForm(request.POST if action == "invite" else None, kinds=kinds)
    if action:
        try:
            done = _staff_action(
                request,
                action,
                scope_kind=scope_kind,
                scope_id=scope_id,
                kinds=kinds,
                form=form,
                label=label,
                link_after=link_after,
                landing=landing or {},
            )
        except ValidationError as exc:
            if action == "invite" and hasattr(exc, "error_dict"):
                for errors in exc.message_dict.values():
                    form.add_error("contact", errors)
            else:
                _report(request, exc)
        else:
            if done:
                return redirect(request.path)
    staff = [role for role in staff_of(scope_kind, scope_id) if role.role in kinds]
    pending = list(
        Invitation.objects.filter(
            scope_kind=scope_kind,
            scope_id=scope_id,
            kind__in=kinds,
            state__in=[State.PENDING, State.EXPIRED],
        )
        .select_related("invited_by")
        .order_by("-sent_at")
    )
    for invitation in pending:
        invitation.shown_state = service.shown_state(invitation)
    return render(
        request,
        "accounts/staff.html",
        {
            "title": title,
            "intro": intro,
            "staff": staff,
            "pending": pending,
            "form": form,
            "back_url": back_url,
            "back_label": back_label,
        },
    )


@login_required
def organisers(request: HttpRequest) -> HttpResponse:
    """Site administrators let organisers in (they may create leagues and tournaments)."""
    if not permissions.is_site_admin(request.user):
        raise PermissionDenied("Only site administrators let organisers in.")
    return staff_page(
        request,
        scope_kind="site",
        scope_id=0,
        kinds=[Invitation.Kind.ORGANISER],
        title="Organisers",
        intro="Organisers may create leagues and tournaments, and become their first staff.",
        label="Euchre League (you may create leagues and tournaments)",
        link_after=reverse("manage"),
        back_url=reverse("manage"),
        back_label="Manage",
    )
