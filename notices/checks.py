"""Deploy checks: notices leave the site, so their links must be absolute; texts through
Twilio need its auth token (it also checks the signature of replies). And on every start
without DEBUG: texts must not be written to one host's disk."""

from django.conf import settings
from django.core.checks import Warning, register


@register("notices", deploy=True)
def check_site_url(app_configs, **kwargs):  # type: ignore[no-untyped-def]
    site_url = getattr(settings, "SITE_URL", "")
    if site_url.startswith(("https://", "http://")):
        return []
    return [
        Warning(
            "SITE_URL is not set, so links in emails and text messages are relative.",
            hint="Set SITE_URL to the site's address, e.g. https://euchre.example.com",
            id="notices.W001",
        )
    ]


@register("notices", deploy=True)
def check_twilio_token(app_configs, **kwargs):  # type: ignore[no-untyped-def]
    """Texts through Twilio need its auth token, which also checks the replies' signatures."""
    backend = getattr(settings, "SMS_BACKEND", "")
    if "twilio" not in backend.lower() or getattr(settings, "TWILIO_AUTH_TOKEN", ""):
        return []
    return [
        Warning(
            "TWILIO_AUTH_TOKEN is not set: texts can't be sent and replies to them are refused.",
            hint="Set TWILIO_AUTH_TOKEN to the Twilio account's auth token.",
            id="notices.W002",
        )
    ]


FILE_BACKEND = "sms.backends.filebased.SmsBackend"


@register("notices")
def check_texts_not_on_one_disk(app_configs, **kwargs):  # type: ignore[no-untyped-def]
    """The file backend writes each text on the worker host that sent it, where no other
    host (and no web page) finds it: fine on a developer's machine, not on a site."""
    if settings.DEBUG or getattr(settings, "SMS_BACKEND", "") != FILE_BACKEND:
        return []
    return [
        Warning(
            "Texts written to one host's disk: SMS_BACKEND is django-sms's file backend, so "
            "each text stays on the worker host that sent it.",
            hint=(
                "Set SMS_BACKEND to sms.backends.twilio.SmsBackend to send them, or to "
                "notices.text_backends.DatabaseSmsBackend to keep them in the database "
                "(read at /notices/texts/)."
            ),
            id="notices.W003",
        )
    ]
