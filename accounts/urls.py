from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views, views_invitations

urlpatterns = [
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("accounts/sessions/end/", views.sign_out_everywhere, name="sign_out_everywhere"),
    path(
        "accounts/invitations/<str:token>/",
        views_invitations.invitation_accept,
        name="invitation_accept",
    ),
    path("accounts/organisers/", views_invitations.organisers, name="organisers"),
]
