"""What the setup pages share: loading a sign-up for its staff, and a service's refusal
shown on the form's fields."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from accounts.permissions import deny_unless
from money.access import ONLY_STAFF, can_manage_sign_up
from money.models import SignUp


def staff_sign_up(request: HttpRequest, pk: int) -> SignUp:
    """The sign-up, for its own staff only (403 for anyone else, 404 when there is none)."""
    sign_up = get_object_or_404(
        SignUp.objects.select_related("season__league", "tournament"), pk=pk
    )
    deny_unless(can_manage_sign_up(request.user, sign_up), ONLY_STAFF)
    return sign_up


def form_errors(form: Form, exc: ValidationError) -> None:
    """Each message on the field it names (the form's own top when it has no such field)."""
    if not hasattr(exc, "error_dict"):
        for message in exc.messages:
            form.add_error(None, message)
        return
    for name, errors in exc.message_dict.items():
        form.add_error(name if name in form.fields else None, errors)


def report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)
