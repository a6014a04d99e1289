from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.urls import reverse_lazy

from accounts.tasks import send_password_changed_notice


class PasswordChangeView(auth_views.PasswordChangeView):
    success_url = reverse_lazy("home")

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        send_password_changed_notice.delay_on_commit(self.request.user.pk)
        messages.success(self.request, "Your password was changed.")
        return response
