"""Sign-in (throttled), password change and reset, and signing out of every other session.

The account page itself lives in `home` (it reads teams and events); these are the pages
that need only accounts.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse_lazy

from accounts import throttle
from accounts.forms import LoginForm, PasswordResetRequestForm, SignOutEverywhereForm
from accounts.tasks import send_password_changed_notice


def site_url(request: HttpRequest) -> str:
    """Where links in emails point: SITE_URL, else the address this request came to."""
    return settings.SITE_URL.rstrip("/") or request.build_absolute_uri("/").rstrip("/")


class LoginView(auth_views.LoginView):
    authentication_form = LoginForm


class PasswordChangeView(auth_views.PasswordChangeView):
    success_url = reverse_lazy("account")

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        send_password_changed_notice.delay_on_commit(self.request.user.pk)
        messages.success(self.request, "Your password was changed.")
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Ask for a reset link by email; the answer never says whether the address is known."""

    form_class = PasswordResetRequestForm
    success_url = reverse_lazy("password_reset_done")

    def get_form_kwargs(self) -> dict:
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form: PasswordResetRequestForm) -> HttpResponse:
        form.save(site_url=site_url(self.request))
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Choose a new password from the emailed link (single use: the token dies with the old
    password). Every session of the account ends, its failed sign-ins are forgotten, and
    the owner is told by email."""

    success_url = reverse_lazy("password_reset_complete")

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        throttle.login_clear(self.user.get_username())
        send_password_changed_notice.delay_on_commit(self.user.pk)
        return response


@login_required
def sign_out_everywhere(request: HttpRequest) -> HttpResponse:
    """End every other session of this account; this browser stays signed in.

    Django checks each session against a hash of the stored password, so storing the same
    password under a fresh salt (or a fresh unusable one) ends every session of the user
    whatever the session engine — database rows are flushed on their next use — and
    `update_session_auth_hash` keeps this one.
    """
    form = SignOutEverywhereForm(
        request.POST if request.method == "POST" else None, request=request
    )
    if request.method == "POST" and form.is_valid():
        user = request.user
        if "password" in form.fields:
            user.set_password(form.cleaned_data["password"])
        else:
            user.set_unusable_password()
        user.save(update_fields=["password"])
        update_session_auth_hash(request, user)
        messages.success(
            request,
            "You're signed out of every other session: phones and computers you used before "
            "must sign in again. This one stays signed in.",
        )
        return redirect("account")
    return render(request, "registration/sign_out_everywhere.html", {"form": form})
