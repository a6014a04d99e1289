from django.urls import path

from notices.feeds import LeagueAnnouncementsFeed
from notices.views import manage, public

app_name = "notices"
urlpatterns = [
    path("", manage.outbox, name="outbox"),
    path("compose/", manage.compose, name="compose"),
    path("<int:pk>/", manage.notice_detail, name="notice_detail"),
    path("<int:pk>/resend-failed/", manage.notice_resend_failed, name="notice_resend_failed"),
    path("messages/<int:pk>/resend/", manage.message_resend, name="message_resend"),
    path("subscriptions/", public.subscriptions, name="subscriptions"),
    path("leagues/<slug:slug>/", public.announcements, name="announcements"),
    path("leagues/<slug:slug>/feed/", LeagueAnnouncementsFeed(), name="league_feed"),
    path("leagues/<slug:slug>/subscribe/", public.subscribe, name="subscribe"),
]
