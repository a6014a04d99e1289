from django.urls import path

from home import views

urlpatterns = [
    path("", views.home, name="home"),
    path("manage/", views.manage, name="manage"),
    path("my-team/", views.my_team, name="my_team"),
    path("accounts/me/", views.account, name="account"),
]
