"""The outbox, for managers; the texts kept in the database, for those they went to.
config/urls.py serves these under /notices/ in the "notices" namespace, together with the
league's notice pages (`league.announcements.urls`)."""

from django.urls import path

from notices.views import inbound, manage, texts, unsubscribe

app_name = "notices"
urlpatterns = [
    path("", manage.outbox, name="outbox"),
    path("<int:pk>/", manage.notice_detail, name="notice_detail"),
    path("<int:pk>/resend-failed/", manage.notice_resend_failed, name="notice_resend_failed"),
    path("messages/<int:pk>/resend/", manage.message_resend, name="message_resend"),
    # The link at the foot of every email: signed, no sign-in needed.
    path("unsubscribe/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe"),
    # Twilio's Messaging webhook: replies to our texts (signed, CSRF-exempt).
    path("sms/inbound/", inbound.sms_inbound, name="sms_inbound"),
    # The texts sent to the person's own phone, while texts are kept in the database.
    path("texts/", texts.texts_received, name="texts"),
]
