"""Pages and actions of payments: thin — parse, authorize, call a service, answer.

The player pays by card from their registration's page (the registrations part's, which
includes templates/money/payments/_registration_payments.html); staff mark paid at the
door and refund there. Every action goes back to `next` (the page it was sent from) or to
the registration's page.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from money.access import can_manage_sign_up, is_own_registration
from money.models import Payment, Refund, Registration
from money.payments.forms import MarkPaidForm, RefundForm
from money.payments.selectors import pending_card_payment
from money.payments.services.card import CardUnavailable, payment_card_cancel, payment_card_start
from money.payments.services.door import payment_mark_paid
from money.payments.services.refunds import refund_create, refund_retry


def _registration(pk: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related(
            "sign_up__season__league", "sign_up__tournament", "player", "partner"
        ),
        pk=pk,
    )


def _page(registration: Registration) -> str:
    """The registration's page (the registrations part's), which shows its payments."""
    return reverse("money:registration_detail", kwargs={"pk": registration.pk})


def _back(request: HttpRequest, registration: Registration) -> HttpResponseRedirect:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = _page(registration)
    return HttpResponseRedirect(target)


def _refused(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _form_refused(request: HttpRequest, form: MarkPaidForm | RefundForm) -> None:
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else error)


@require_POST
@login_required
def pay_by_card(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _registration(pk)
    if not is_own_registration(request.user, registration):
        raise Http404
    page = request.build_absolute_uri(_page(registration))
    cancel = request.build_absolute_uri(
        reverse("money:checkout_cancelled", kwargs={"pk": registration.pk})
    )
    try:
        start = payment_card_start(
            registration=registration,
            user=request.user,
            success_url=f"{page}?paid=1#payments-{registration.pk}",
            cancel_url=cancel,
        )
    except CardUnavailable as exc:
        messages.error(request, exc.message)
        return _back(request, registration)
    except ValidationError as exc:
        _refused(request, exc)
        return _back(request, registration)
    if start.url:
        return redirect(start.url)  # the provider's hosted page: the card is typed there
    messages.info(request, start.message)
    return _back(request, registration)


@require_GET
@login_required
def checkout_cancelled(request: HttpRequest, pk: int) -> HttpResponse:
    """Where the provider's page sends a player who gave up: the checkout is closed."""
    registration = _registration(pk)
    if not is_own_registration(request.user, registration):
        raise Http404
    payment = pending_card_payment(registration)
    if payment is not None:
        try:
            payment = payment_card_cancel(payment=payment, user=request.user)
        except CardUnavailable as exc:
            messages.error(request, exc.message)
            return redirect(_page(registration))
    if payment is not None and payment.state == Payment.State.PAID:
        messages.success(request, "This payment was made after all. Thank you.")
    else:
        messages.info(request, "No payment was made; your registration is kept.")
    return redirect(_page(registration))


@require_POST
@login_required
def mark_paid(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _registration(pk)
    if not can_manage_sign_up(request.user, registration.sign_up):
        raise PermissionDenied
    form = MarkPaidForm(request.POST)
    if not form.is_valid():
        _form_refused(request, form)
        return _back(request, registration)
    try:
        done = payment_mark_paid(
            registration=registration, by=request.user, **form.service_kwargs()
        )
    except ValidationError as exc:
        _refused(request, exc)
        return _back(request, registration)
    if done.created:
        messages.success(
            request, f"Payment P{done.payment.pk} recorded; the receipt is on its way."
        )
    else:
        messages.info(request, f"That payment was already recorded (P{done.payment.pk}).")
    return _back(request, registration)


@require_POST
@login_required
def refund_payment(request: HttpRequest, pk: int) -> HttpResponse:
    payment = get_object_or_404(Payment.objects.select_related("registration__sign_up"), pk=pk)
    registration = payment.registration
    if not can_manage_sign_up(request.user, registration.sign_up):
        raise PermissionDenied
    form = RefundForm(request.POST)
    if not form.is_valid():
        _form_refused(request, form)
        return _back(request, registration)
    try:
        outcome = refund_create(payment=payment, by=request.user, **form.service_kwargs())
    except ValidationError as exc:
        _refused(request, exc)
        return _back(request, registration)
    if outcome.refund.state == Refund.State.FAILED:
        messages.error(request, outcome.message)
    else:
        messages.success(request, outcome.message)
    return _back(request, registration)


@require_POST
@login_required
def refund_send_again(request: HttpRequest, pk: int) -> HttpResponse:
    refund = get_object_or_404(Refund.objects.select_related("payment__registration"), pk=pk)
    registration = refund.payment.registration
    if not can_manage_sign_up(request.user, registration.sign_up):
        raise PermissionDenied
    outcome = refund_retry(refund=refund, by=request.user)
    messages.info(request, outcome.message)
    return _back(request, registration)
