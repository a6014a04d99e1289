from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse_lazy

from accounts import permissions
from accounts.tasks import send_password_changed_notice
from league.selectors import teams_for_user


def home(request: HttpRequest) -> HttpResponse:
    from league.models import League
    from tournaments.models import Tournament

    return render(
        request,
        "accounts/home.html",
        {
            "leagues": League.objects.all()[:20],
            "tournaments": Tournament.objects.order_by("-date")[:10],
        },
    )


@permissions.staff_required
def manage(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/manage.html")


@login_required
def my_team(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/my_team.html", {"teams": teams_for_user(request.user)})


class PasswordChangeView(auth_views.PasswordChangeView):
    success_url = reverse_lazy("home")

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        send_password_changed_notice.delay_on_commit(self.request.user.pk)
        messages.success(self.request, "Your password was changed.")
        return response
