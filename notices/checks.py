"""Deploy checks: notices leave the site, so their links must be absolute; texts through
Twilio need its auth token (it also checks the signature of replies)."""

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
