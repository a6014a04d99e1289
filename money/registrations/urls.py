"""Routes of this part (included by money.urls, namespace "money")."""

from django.urls import path

from money.registrations import views, views_staff

urlpatterns = [
    path("sign-ups/<int:sign_up_id>/register/", views.register, name="register"),
    path(
        "sign-ups/<int:sign_up_id>/registrations/",
        views_staff.registration_list,
        name="registration_list",
    ),
    path(
        "sign-ups/<int:sign_up_id>/registrations.csv",
        views_staff.registration_csv,
        name="registration_csv",
    ),
    path("registrations/<int:pk>/", views.registration_detail, name="registration_detail"),
    path(
        "registrations/<int:pk>/withdraw/",
        views.registration_withdraw_view,
        name="registration_withdraw",
    ),
    path(
        "registrations/<int:pk>/accept/",
        views_staff.registration_accept_view,
        name="registration_accept",
    ),
    path(
        "registrations/<int:pk>/refuse/",
        views_staff.registration_refuse_view,
        name="registration_refuse",
    ),
    path(
        "registrations/<int:pk>/place/",
        views_staff.registration_place_view,
        name="registration_place",
    ),
    path("partner/<str:token>/", views.partner_accept, name="partner_accept"),
    path("offers/<str:token>/", views.offer_respond, name="offer_respond"),
]
