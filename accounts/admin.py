"""The admin's user pages, with the one-account-per-address rule said as a message.

The database refuses a second account for an address (any case: migration 0007); these
forms say so on the email field instead of the admin answering an error page.
"""

from django.contrib import admin
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import ValidationError

from accounts.forms import ACCOUNT_EMAIL_TAKEN

User = get_user_model()


def email_unused(email: str, user_pk: int | None) -> str:
    """The address lowercased, refused when another account has it (any case)."""
    email = (email or "").strip().lower()
    if email and User.objects.filter(email__iexact=email).exclude(pk=user_pk).exists():
        raise ValidationError(ACCOUNT_EMAIL_TAKEN)
    return email


class UserEditForm(UserChangeForm):
    def clean_email(self) -> str:
        return email_unused(self.cleaned_data.get("email", ""), self.instance.pk)


class UserAddForm(AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        fields = ("username", "email")

    def clean_email(self) -> str:
        return email_unused(self.cleaned_data.get("email", ""), None)


admin.site.unregister(User)


@admin.register(User)
class UserAdmin(auth_admin.UserAdmin):
    form = UserEditForm
    add_form = UserAddForm
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("username", "email", "usable_password", "password1", "password2"),
            },
        ),
    )
